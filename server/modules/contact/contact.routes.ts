import Router from '@koa/router'
import { CONTACT_MESSAGES } from '@shared/api/contact'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { contactEndpoints } from '@shared/api/endpoints/contact'
import { requireAdmin } from '../../http/access'
import { clientIp, sessionUserId, type AppState } from '../../http/context'
import { mount } from '../../http/mount'
import type { RateLimits } from '../../http/rate-limit'
import { bodyOf, queryOf } from '../../http/validation'
import type { ContactService } from './contact.service'

/** POST /api/contact: anyone may write; limited per address so the form cannot flood the admins' inboxes. */
export function contactRoutes(deps: { contact: ContactService; rateLimits: RateLimits }): Router<AppState> {
  const router = new Router<AppState>()
  const on = contactEndpoints
  mount(router, on.postContact, async (ctx) => {
    // validated first: a form with a typo does not use up one of the sender's messages
    const input = bodyOf(ctx, on.postContact)
    await deps.rateLimits.consume('contact', clientIp(ctx))
    const message = await deps.contact.send(ctx.state.em, input, sessionUserId(ctx))
    ctx.status = 201
    ctx.body = { id: message.id, message: CONTACT_MESSAGES.sent }
  })
  return router
}

/** GET /api/admin/contact: the messages, newest first; admins only (401 / 403). */
export function adminContactRoutes(deps: { contact: ContactService }): Router<AppState> {
  const router = new Router<AppState>()
  const on = contactEndpoints
  router.use('/api/admin/contact', async (ctx, next) => {
    await requireAdmin(ctx)
    return next()
  })
  mount(router, on.getAdminContact, async (ctx) => {
    const { items, total } = await deps.contact.list(ctx.state.em, queryOf(ctx, on.getAdminContact).page)
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items
  })
  return router
}
