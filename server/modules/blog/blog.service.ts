import { createHash } from 'node:crypto'
import { LockMode, type EntityManager } from '@mikro-orm/postgresql'
import {
  ADMIN_BLOG_PAGE_SIZE,
  BLOG_MESSAGES,
  BLOG_PAGE_SIZE,
  type AdminBlogPost,
  type AdminBlogPostRow,
  type BlogPostSummary,
  type BlogPostUpdate,
  type BlogPostWrite,
} from '@shared/api/blog'
import { conflict, notFound } from '../../http/errors'
import { changedFields, recordAudit } from '../audit/audit.service'
import { User } from '../users/user.entity'
import { BlogPost } from './blog-post.entity'
import { toAdminBlogPost, toAdminBlogRow, toBlogSummary } from './blog.mapper'
import { createMarkdownRenderer, type MarkdownRenderer } from './markdown'

const EXCERPT_FROM_BODY_MAX = 200
const MAX_SERIAL = 2_147_483_647

export interface Paged<T> {
  items: T[]
  total: number
}

/** A path or body id as a post id, or null for anything no post can have. */
export function postId(raw: string | undefined): number | null {
  const id = /^\d{1,10}$/.test(raw ?? '') ? Number(raw) : NaN
  return id >= 1 && id <= MAX_SERIAL ? id : null
}

/** The written summary, or the first paragraph cut at a word near 200 characters. */
function excerptOf(written: string, firstParagraph: string): string {
  if (written) return written
  if (firstParagraph.length <= EXCERPT_FROM_BODY_MAX) return firstParagraph
  const cut = firstParagraph.slice(0, EXCERPT_FROM_BODY_MAX)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,.;:]+$/, '')}…`
}

/** What the audit log keeps of a post: the text fields, and the body as its size and fingerprint (it can be 50,000 characters). */
function auditSnapshot(post: BlogPost): Record<string, unknown> {
  const digest = createHash('sha256').update(post.body).digest('hex').slice(0, 12)
  return { title: post.title, excerpt: post.excerpt, body: `${post.body.length} characters, sha256 ${digest}` }
}

/** Blog posts: public reads of published posts, and the admins' writes, each audited in its own transaction. */
export class BlogService {
  private renderer: MarkdownRenderer | null = null

  /** The sanitiser is built on first use, so a server that never writes a post never loads a DOM. */
  private get markdown(): MarkdownRenderer {
    this.renderer ??= createMarkdownRenderer()
    return this.renderer
  }

  preview(body: string): string {
    return this.markdown.render(body).html
  }

  async listPublished(em: EntityManager, page: number): Promise<Paged<BlogPostSummary>> {
    const [posts, total] = await em.findAndCount(
      BlogPost,
      { publishedAt: { $ne: null } },
      { orderBy: { publishedAt: 'desc', id: 'desc' }, limit: BLOG_PAGE_SIZE, offset: (page - 1) * BLOG_PAGE_SIZE },
    )
    return { items: posts.map(toBlogSummary), total }
  }

  /** A published post, or null: drafts do not exist for readers. */
  findPublished(em: EntityManager, id: number): Promise<BlogPost | null> {
    return em.findOne(BlogPost, { id, publishedAt: { $ne: null } }, { populate: ['author'] })
  }

  /** Every published post's address and last change, for the sitemap. */
  async sitemapEntries(em: EntityManager): Promise<{ path: string; updatedAt: Date }[]> {
    const posts = await em.find(BlogPost, { publishedAt: { $ne: null } }, { fields: ['id', 'updatedAt'], orderBy: { id: 'asc' } })
    return posts.map((post) => ({ path: `/blog/${post.id}`, updatedAt: post.updatedAt }))
  }

  async adminList(em: EntityManager, page: number): Promise<Paged<AdminBlogPostRow>> {
    const [posts, total] = await em.findAndCount(
      BlogPost,
      {},
      { orderBy: { updatedAt: 'desc', id: 'desc' }, limit: ADMIN_BLOG_PAGE_SIZE, offset: (page - 1) * ADMIN_BLOG_PAGE_SIZE, populate: ['author'] },
    )
    return { items: posts.map(toAdminBlogRow), total }
  }

  async adminGet(em: EntityManager, id: number): Promise<AdminBlogPost> {
    const post = await em.findOne(BlogPost, { id }, { populate: ['author'] })
    if (!post) throw notFound(BLOG_MESSAGES.notFound)
    return toAdminBlogPost(post)
  }

  /** A new post starts as a draft. */
  async create(em: EntityManager, adminId: number, input: BlogPostWrite): Promise<AdminBlogPost> {
    const rendered = this.markdown.render(input.body)
    return em.transactional(async (tx) => {
      const now = new Date()
      const post = tx.create(BlogPost, {
        author: tx.getReference(User, adminId),
        title: input.title,
        excerpt: excerptOf(input.excerpt, rendered.firstParagraph),
        body: input.body,
        bodyHtml: rendered.html,
        createdAt: now,
        updatedAt: now,
      })
      await tx.flush()
      recordAudit(tx, { adminId, action: 'blog.create', targetType: 'blog_post', targetId: post.id, after: auditSnapshot(post) })
      return this.answer(tx, post)
    })
  }

  /** Saving the same text again changes nothing and writes no audit entry. */
  async update(em: EntityManager, adminId: number, id: number, patch: BlogPostUpdate): Promise<AdminBlogPost> {
    return em.transactional(async (tx) => {
      const post = await this.lock(tx, id)
      const before = auditSnapshot(post)
      const body = patch.body ?? post.body
      const rendered = this.markdown.render(body)
      const excerpt = patch.excerpt === undefined ? post.excerpt : excerptOf(patch.excerpt, rendered.firstParagraph)
      Object.assign(post, { title: patch.title ?? post.title, excerpt, body, bodyHtml: rendered.html })
      const changed = changedFields(before, auditSnapshot(post))
      if (Object.keys(changed.after).length > 0) {
        post.updatedAt = new Date()
        recordAudit(tx, { adminId, action: 'blog.update', targetType: 'blog_post', targetId: id, ...changed })
      }
      return this.answer(tx, post)
    })
  }

  async publish(em: EntityManager, adminId: number, id: number): Promise<AdminBlogPost> {
    return this.setPublished(em, adminId, id, true)
  }

  async unpublish(em: EntityManager, adminId: number, id: number): Promise<AdminBlogPost> {
    return this.setPublished(em, adminId, id, false)
  }

  async remove(em: EntityManager, adminId: number, id: number): Promise<void> {
    await em.transactional(async (tx) => {
      const post = await this.lock(tx, id)
      recordAudit(tx, {
        adminId,
        action: 'blog.delete',
        targetType: 'blog_post',
        targetId: id,
        before: { ...auditSnapshot(post), publishedAt: post.publishedAt?.toISOString() ?? null },
      })
      tx.remove(post)
      await tx.flush()
    })
  }

  private async setPublished(em: EntityManager, adminId: number, id: number, published: boolean): Promise<AdminBlogPost> {
    return em.transactional(async (tx) => {
      const post = await this.lock(tx, id)
      if (published && post.publishedAt) throw conflict(BLOG_MESSAGES.alreadyPublished, 'already_published')
      if (!published && !post.publishedAt) throw conflict(BLOG_MESSAGES.notPublished, 'not_published')
      const before = post.publishedAt?.toISOString() ?? null
      post.publishedAt = published ? new Date() : null
      post.updatedAt = new Date()
      recordAudit(tx, {
        adminId,
        action: published ? 'blog.publish' : 'blog.unpublish',
        targetType: 'blog_post',
        targetId: id,
        before: { publishedAt: before },
        after: { publishedAt: post.publishedAt?.toISOString() ?? null },
      })
      return this.answer(tx, post)
    })
  }

  private async lock(tx: EntityManager, id: number): Promise<BlogPost> {
    const post = await tx.findOne(BlogPost, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE })
    if (!post) throw notFound(BLOG_MESSAGES.notFound)
    return post
  }

  private async answer(tx: EntityManager, post: BlogPost): Promise<AdminBlogPost> {
    await tx.flush()
    await tx.populate(post, ['author'])
    return toAdminBlogPost(post)
  }
}
