import Router from '@koa/router'
import { BLOG_MESSAGES, blogListQuerySchema, blogPostInputSchema, blogPostUpdateSchema, blogPreviewRequestSchema } from '@shared/api/blog'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { requireAdmin } from '../../http/access'
import type { AppContext, AppState } from '../../http/context'
import { notFound } from '../../http/errors'
import { parseBody, parseQuery } from '../../http/validation'
import { EVERY_PATH } from '../../http/routing'
import { toBlogPost } from './blog.mapper'
import { postId, type BlogService } from './blog.service'

function idParam(ctx: AppContext): number {
  const id = postId(ctx.params.id)
  if (id === null) throw notFound(BLOG_MESSAGES.notFound)
  return id
}

/** GET /api/blog (published posts, newest first, paged) and GET /api/blog/{id}; drafts are a 404. */
export function blogRoutes(deps: { blog: BlogService }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/blog' })
  router.get('/', async (ctx) => {
    const { page } = parseQuery(ctx, blogListQuerySchema)
    const { items, total } = await deps.blog.listPublished(ctx.state.em, page)
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items
  })
  router.get('/:id', async (ctx) => {
    const post = await deps.blog.findPublished(ctx.state.em, idParam(ctx))
    if (!post) throw notFound(BLOG_MESSAGES.notFound)
    ctx.body = toBlogPost(post)
  })
  return router
}

/** /api/admin/blog: every post with drafts, writing, previewing, publishing and deleting; admins only (401 / 403). */
export function adminBlogRoutes(deps: { blog: BlogService }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/admin/blog' })
  const { blog } = deps
  router.use(EVERY_PATH, async (ctx, next) => {
    await requireAdmin(ctx)
    return next()
  })
  router.get('/', async (ctx) => {
    const { page } = parseQuery(ctx, blogListQuerySchema)
    const { items, total } = await blog.adminList(ctx.state.em, page)
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items
  })
  router.post('/', async (ctx) => {
    const admin = await requireAdmin(ctx)
    ctx.status = 201
    ctx.body = await blog.create(ctx.state.em, admin.id, parseBody(ctx, blogPostInputSchema))
  })
  // the same renderer as a save, so the preview is exactly what readers will get
  router.post('/preview', (ctx) => {
    ctx.body = { html: blog.preview(parseBody(ctx, blogPreviewRequestSchema).body) }
  })
  router.get('/:id', async (ctx) => {
    ctx.body = await blog.adminGet(ctx.state.em, idParam(ctx))
  })
  router.put('/:id', async (ctx) => {
    const admin = await requireAdmin(ctx)
    const id = idParam(ctx)
    ctx.body = await blog.update(ctx.state.em, admin.id, id, parseBody(ctx, blogPostUpdateSchema))
  })
  router.post('/:id/publish', async (ctx) => {
    const admin = await requireAdmin(ctx)
    ctx.body = await blog.publish(ctx.state.em, admin.id, idParam(ctx))
  })
  router.post('/:id/unpublish', async (ctx) => {
    const admin = await requireAdmin(ctx)
    ctx.body = await blog.unpublish(ctx.state.em, admin.id, idParam(ctx))
  })
  router.delete('/:id', async (ctx) => {
    const admin = await requireAdmin(ctx)
    await blog.remove(ctx.state.em, admin.id, idParam(ctx))
    ctx.status = 204
  })
  return router
}
