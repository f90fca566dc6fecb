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

  /** Read from the database, not the session flag: a revoked admin loses access at once. */
  async function isAdmin(ctx: AppContext): Promise<boolean> {
    const id = sessionUserId(ctx)
    return id !== null && Boolean((await deps.users.findById(ctx.state.em, id))?.isAdmin)
  }

  async function requireAdmin(ctx: AppContext): Promise<void> {
    if (sessionUserId(ctx) === null) throw unauthorized()
    if (!(await isAdmin(ctx))) throw forbidden('Only admins may do this')
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

  return router
}
