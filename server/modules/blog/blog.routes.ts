import Router from '@koa/router'
import { BLOG_MESSAGES } from '@shared/api/blog'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { blogEndpoints } from '@shared/api/endpoints/blog'
import { requireAdmin } from '../../http/access'
import type { AppContext, AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { notFound } from '../../http/errors'
import { bodyOf, queryOf } from '../../http/validation'
import { toBlogPost } from './blog.mapper'
import { postId, type BlogService } from './blog.service'

function idParam(ctx: AppContext): number {
  const id = postId(ctx.params.id)
  if (id === null) throw notFound(BLOG_MESSAGES.notFound)
  return id
}

/** GET /api/blog (published posts, newest first, paged) and GET /api/blog/{id}; drafts are a 404. */
export function blogRoutes(deps: { blog: BlogService }): Router<AppState> {
  const router = new Router<AppState>()
  const on = blogEndpoints
  mount(router, on.getBlog, async (ctx) => {
    const { page } = queryOf(ctx, on.getBlog)
    const { items, total } = await deps.blog.listPublished(ctx.state.em, page)
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items
  })
  mount(router, on.getBlogById, async (ctx) => {
    const post = await deps.blog.findPublished(ctx.state.em, idParam(ctx))
    if (!post) throw notFound(BLOG_MESSAGES.notFound)
    ctx.body = toBlogPost(post)
  })
  return router
}

/** /api/admin/blog: every post with drafts, writing, previewing, publishing and deleting; admins only (401 / 403). */
export function adminBlogRoutes(deps: { blog: BlogService }): Router<AppState> {
  const router = new Router<AppState>()
  const on = blogEndpoints
  const { blog } = deps
  router.use('/api/admin/blog', async (ctx, next) => {
    await requireAdmin(ctx)
    return next()
  })
  mount(router, on.getAdminBlog, async (ctx) => {
    const { page } = queryOf(ctx, on.getAdminBlog)
    const { items, total } = await blog.adminList(ctx.state.em, page)
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items
  })
  mount(router, on.postAdminBlog, async (ctx) => {
    const admin = await requireAdmin(ctx)
    ctx.status = 201
    ctx.body = await blog.create(ctx.state.em, admin.id, bodyOf(ctx, on.postAdminBlog))
  })
  // the same renderer as a save, so the preview is exactly what readers will get
  mount(router, on.postAdminBlogPreview, (ctx) => {
    ctx.body = { html: blog.preview(bodyOf(ctx, on.postAdminBlogPreview).body) }
  })
  mount(router, on.getAdminBlogById, async (ctx) => {
    ctx.body = await blog.adminGet(ctx.state.em, idParam(ctx))
  })
  mount(router, on.putAdminBlogById, async (ctx) => {
    const admin = await requireAdmin(ctx)
    const id = idParam(ctx)
    ctx.body = await blog.update(ctx.state.em, admin.id, id, bodyOf(ctx, on.putAdminBlogById))
  })
  mount(router, on.postAdminBlogPublish, async (ctx) => {
    const admin = await requireAdmin(ctx)
    ctx.body = await blog.publish(ctx.state.em, admin.id, idParam(ctx))
  })
  mount(router, on.postAdminBlogUnpublish, async (ctx) => {
    const admin = await requireAdmin(ctx)
    ctx.body = await blog.unpublish(ctx.state.em, admin.id, idParam(ctx))
  })
  mount(router, on.deleteAdminBlogById, async (ctx) => {
    const admin = await requireAdmin(ctx)
    await blog.remove(ctx.state.em, admin.id, idParam(ctx))
    ctx.status = 204
  })
  return router
}
