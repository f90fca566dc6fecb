import {
  adminBlogPostListSchema,
  adminBlogPostSchema,
  blogListQuerySchema,
  blogPostInputSchema,
  blogPostSchema,
  blogPostSummaryListSchema,
  blogPostUpdateSchema,
  blogPreviewRequestSchema,
  blogPreviewSchema,
} from '@shared/api/blog'
import { routeDocs, serialIdParam } from '../../http/route-docs'

const id = { id: serialIdParam }

/** blog.routes.ts: published posts for everyone, the editor's routes for admins */
export const blogRouteDocs = routeDocs('blog', [
  { method: 'GET', path: '/api/blog', summary: 'Published posts, newest first', auth: 'anonymous', query: blogListQuerySchema, response: { schema: blogPostSummaryListSchema }, pageHeader: 'X-Total-Count' },
  { method: 'GET', path: '/api/blog/:id', summary: 'A published post (drafts are a 404)', auth: 'anonymous', params: id, response: { schema: blogPostSchema } },
  { method: 'GET', path: '/api/admin/blog', summary: 'Every post, drafts included', auth: 'admin', query: blogListQuerySchema, response: { schema: adminBlogPostListSchema }, pageHeader: 'X-Total-Count' },
  { method: 'POST', path: '/api/admin/blog', summary: 'Write a draft (Markdown)', auth: 'admin', body: blogPostInputSchema, response: { status: 201, schema: adminBlogPostSchema } },
  { method: 'POST', path: '/api/admin/blog/preview', summary: 'The HTML readers would get for a text', auth: 'admin', body: blogPreviewRequestSchema, response: { schema: blogPreviewSchema } },
  { method: 'GET', path: '/api/admin/blog/:id', summary: 'A post with its Markdown', auth: 'admin', params: id, response: { schema: adminBlogPostSchema } },
  { method: 'PUT', path: '/api/admin/blog/:id', summary: 'Edit a post', auth: 'admin', params: id, body: blogPostUpdateSchema, response: { schema: adminBlogPostSchema } },
  { method: 'POST', path: '/api/admin/blog/:id/publish', summary: 'Publish a draft', auth: 'admin', params: id, response: { schema: adminBlogPostSchema }, errors: [409] },
  { method: 'POST', path: '/api/admin/blog/:id/unpublish', summary: 'Take a post back to draft', auth: 'admin', params: id, response: { schema: adminBlogPostSchema }, errors: [409] },
  { method: 'DELETE', path: '/api/admin/blog/:id', summary: 'Delete a post', auth: 'admin', params: id, response: { status: 204 } },
])
