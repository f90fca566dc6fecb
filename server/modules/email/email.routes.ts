import Router from '@koa/router'
import { isAdminRequest, requireAdmin } from '../../http/access'
import type { AppState } from '../../http/context'
import { OutboxEmail } from './email.entity'
import type { Mailer } from './mailer'

export interface EmailRoutesDeps {
  mailer: Mailer
  /** in development anyone may read the outbox, so sign-up works without SMTP */
  openOutbox: boolean
}

export function emailRoutes(deps: EmailRoutesDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/email' })

  router.get('/outbox', async (ctx) => {
    if (!deps.openOutbox) await requireAdmin(ctx)
    const limit = Math.min(Math.max(Number(ctx.query.limit) || 50, 1), 200)
    const rows = await ctx.state.em.find(OutboxEmail, {}, { orderBy: { id: 'desc' }, limit })
    ctx.body = {
      transport: deps.mailer.transport,
      messages: rows.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString() })),
    }
  })

  router.get('/diagnostic', async (ctx) => {
    const check = await deps.mailer.check(ctx.state.em)
    const admin = deps.openOutbox || (await isAdminRequest(ctx))
    ctx.status = check.ok ? 200 : 503
    ctx.body = admin ? check : { transport: check.transport, ok: check.ok, message: check.ok ? 'Email is working' : 'Email is not working' }
  })

  return router
}
