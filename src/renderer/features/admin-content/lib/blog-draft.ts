import type { AdminBlogPost, BlogPostInput } from '@shared/api/blog'

export interface BlogDraft {
  title: string
  excerpt: string
  body: string
}

export const EMPTY_DRAFT: BlogDraft = { title: '', excerpt: '', body: '' }

export function draftFrom(post: AdminBlogPost | undefined): BlogDraft {
  return post ? { title: post.title, excerpt: post.excerpt, body: post.body } : EMPTY_DRAFT
}

/**
 * What a save sends: only the fields that differ from the stored post (after trimming, as the server does), so
 * the audit entry names just those. A new post sends everything.
 */
export function draftChanges(draft: BlogDraft, post: AdminBlogPost | undefined): Partial<BlogPostInput> {
  if (!post) return { ...draft }
  const changes: Partial<BlogPostInput> = {}
  for (const key of ['title', 'excerpt', 'body'] as const) {
    if (draft[key].trim() !== post[key].trim()) changes[key] = draft[key]
  }
  return changes
}

export const isDirty = (draft: BlogDraft, post: AdminBlogPost | undefined) => Object.keys(draftChanges(draft, post)).length > 0
