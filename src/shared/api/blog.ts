import { z } from 'zod'
import { visibleText } from '../text'
import { formatInteger } from '../format'

/**
 * The blog: posts admins write in Markdown. The server renders each save to sanitised HTML once, so readers
 * and the editor's preview get the same markup and no client ever turns Markdown or HTML into a page itself.
 */

export const BLOG_RULES = { titleMin: 5, titleMax: 160, excerptMax: 300, bodyMin: 20, bodyMax: 50_000 } as const

/** Posts per page of /blogs and of the admin list. */
export const BLOG_PAGE_SIZE = 9
export const ADMIN_BLOG_PAGE_SIZE = 20

export const BLOG_MESSAGES = {
  titleShort: `The title needs at least ${BLOG_RULES.titleMin} characters`,
  titleLong: `The title is at most ${BLOG_RULES.titleMax} characters`,
  excerptLong: `The summary is at most ${BLOG_RULES.excerptMax} characters`,
  bodyShort: `The post needs at least ${BLOG_RULES.bodyMin} characters`,
  bodyLong: `The post is at most ${formatInteger(BLOG_RULES.bodyMax)} characters`,
  nothingToChange: 'Nothing to change',
  notFound: 'Post not found',
  alreadyPublished: 'This post is published already',
  notPublished: 'This post is not published',
} as const

const text = visibleText

export const blogPostInputSchema = z.strictObject({
  title: text(BLOG_RULES.titleMin, BLOG_RULES.titleMax, BLOG_MESSAGES.titleShort, BLOG_MESSAGES.titleLong),
  /** the line under the title in lists and the page's description; empty: taken from the post's first paragraph */
  excerpt: z.string({ error: BLOG_MESSAGES.excerptLong }).trim().max(BLOG_RULES.excerptMax, BLOG_MESSAGES.excerptLong).default(''),
  /** Markdown; raw HTML in it is shown as text */
  body: text(BLOG_RULES.bodyMin, BLOG_RULES.bodyMax, BLOG_MESSAGES.bodyShort, BLOG_MESSAGES.bodyLong),
})
export type BlogPostInput = z.input<typeof blogPostInputSchema>
export type BlogPostWrite = z.output<typeof blogPostInputSchema>

/** PUT /api/admin/blog/{id}: any of the fields, same rules. */
export const blogPostUpdateSchema = blogPostInputSchema
  .extend({ excerpt: blogPostInputSchema.shape.excerpt.unwrap() })
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), BLOG_MESSAGES.nothingToChange)
export type BlogPostUpdate = z.output<typeof blogPostUpdateSchema>

/** POST /api/admin/blog/preview: the editor's text, answered with the HTML a reader would get. */
export const blogPreviewRequestSchema = z.strictObject({
  body: z.string({ error: BLOG_MESSAGES.bodyShort }).max(BLOG_RULES.bodyMax, BLOG_MESSAGES.bodyLong),
})
export const blogPreviewSchema = z.object({ html: z.string() })

const page = z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page starts at 1').max(10_000).default(1)

/** GET /api/blog and GET /api/admin/blog; the total goes out as X-Total-Count. */
export const blogListQuerySchema = z.strictObject({ page })
export type BlogListQuery = z.infer<typeof blogListQuerySchema>

const iso = z.iso.datetime()

export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  publishedAt: iso,
  readingMinutes: z.number().int(),
})
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>
export const blogPostSummaryListSchema = z.array(blogPostSummarySchema)

/** GET /api/blog/{id}: a published post; `html` is sanitised by the server. */
export const blogPostSchema = blogPostSummarySchema.extend({ html: z.string(), updatedAt: iso, author: z.string() })
export type BlogPost = z.infer<typeof blogPostSchema>

export const BLOG_POST_STATES = ['draft', 'published'] as const

/** What the admin screens read: the Markdown and its state, drafts included. */
export const adminBlogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  body: z.string(),
  html: z.string(),
  state: z.enum(BLOG_POST_STATES),
  publishedAt: iso.nullable(),
  createdAt: iso,
  updatedAt: iso,
  author: z.string(),
})
export type AdminBlogPost = z.infer<typeof adminBlogPostSchema>
export const adminBlogPostListSchema = z.array(adminBlogPostSchema.omit({ body: true, html: true }))
export type AdminBlogPostRow = z.infer<typeof adminBlogPostListSchema>[number]

/** Minutes at an unhurried 200 words a minute, never 0. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length
  return Math.max(1, Math.round(words / 200))
}
