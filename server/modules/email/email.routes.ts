import Router from '@koa/router'
import { forbidden, unauthorized } from '../../http/errors'
import { sessionUserId, type AppContext, type AppState } from '../../http/context'
import type { UsersService } from '../users/users.service'
import { OutboxEmail } from './email.entity'
import type { Mailer } from './mailer'

export interface EmailRoutesDeps {
  mailer: Mailer
  users: UsersService
  /** in development anyone may read the outbox, so sign-up works without SMTP */
  openOutbox: boolean
}

export function emailRoutes(deps: EmailRoutesDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/email' })

  async function requireAdmin(ctx: AppContext) {
    const id = sessionUserId(ctx)
    if (id === null) throw unauthorized()
    const user = await deps.users.findById(ctx.state.em, id)
    if (!user?.isAdmin) throw forbidden('Only admins may do this')
    return user
  }

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
    const admin = deps.openOutbox || (await isAdmin(ctx))
    ctx.status = check.ok ? 200 : 503
    ctx.body = admin ? check : { transport: check.transport, ok: check.ok, message: check.ok ? 'Email is working' : 'Email is not working' }
  })

  async function isAdmin(ctx: AppContext): Promise<boolean> {
    const id = sessionUserId(ctx)
    return id !== null && Boolean((await deps.users.findById(ctx.state.em, id))?.isAdmin)
  }

  return router
}
