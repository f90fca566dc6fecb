import { readingMinutes, type AdminBlogPost, type AdminBlogPostRow, type BlogPost as BlogPostDto, type BlogPostSummary } from '@shared/api/blog'
import type { BlogPost } from './blog-post.entity'

/** Published posts only: the caller has checked `publishedAt`. */
export function toBlogSummary(post: BlogPost): BlogPostSummary {
  return {
    id: post.id,
    title: post.title,
    excerpt: post.excerpt,
    publishedAt: (post.publishedAt ?? post.createdAt).toISOString(),
    readingMinutes: readingMinutes(post.body),
  }
}

export function toBlogPost(post: BlogPost): BlogPostDto {
  return { ...toBlogSummary(post), html: post.bodyHtml, updatedAt: post.updatedAt.toISOString(), author: post.author.username }
}

export function toAdminBlogRow(post: BlogPost): AdminBlogPostRow {
  return {
    id: post.id,
    title: post.title,
    excerpt: post.excerpt,
    state: post.publishedAt ? 'published' : 'draft',
    publishedAt: post.publishedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    author: post.author.username,
  }
}

export function toAdminBlogPost(post: BlogPost): AdminBlogPost {
  return { ...toAdminBlogRow(post), body: post.body, html: post.bodyHtml }
}
