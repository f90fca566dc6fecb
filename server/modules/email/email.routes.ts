import Router from '@koa/router'
import { emailEndpoints } from '@shared/api/endpoints/email'
import { isAdminRequest, requireAdmin } from '../../http/access'
import type { AppState } from '../../http/context'
import { mount } from '../../http/mount'
import type { DiagnosticsService } from '../diagnostics/diagnostics.service'
import type { CheckOutcome } from '../diagnostics/run-check'
import { OutboxEmail } from './email.entity'
import type { Mailer } from './mailer'

export interface EmailRoutesDeps {
  mailer: Mailer
  diagnostics: DiagnosticsService
}

export function emailRoutes(deps: EmailRoutesDeps): Router<AppState> {
  const router = new Router<AppState>()
  const on = emailEndpoints

  // admins only, in every NODE_ENV: the outbox holds live reset links and sign-up codes, so an open one would hand
  // any account to whoever asks for its reset (the log of the server shows the same mail to whoever runs it)
  mount(router, on.getEmailOutbox, async (ctx) => {
    await requireAdmin(ctx)
    const limit = Math.min(Math.max(Number(ctx.query.limit) || 50, 1), 200)
    const rows = await ctx.state.em.find(OutboxEmail, {}, { orderBy: { id: 'desc' }, limit })
    ctx.body = {
      transport: deps.mailer.transport,
      messages: rows.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString() })),
    }
  })

  // the email component of GET /api/diagnostic, with details for admins only: admins run it afresh, everyone else
  // reads the shared recent run
  mount(router, on.getEmailDiagnostic, async (ctx) => {
    const admin = await isAdminRequest(ctx).catch(() => false)
    const check: Pick<CheckOutcome, 'status'> & Partial<CheckOutcome> = admin
      ? await deps.diagnostics.checkEmail(ctx.state.em)
      : { status: (await deps.diagnostics.cachedReport(ctx.state.em)).components.find((c) => c.name === 'email')?.status ?? 'down' }
    const ok = check.status !== 'down'
    ctx.status = ok ? 200 : 503
    ctx.set('Cache-Control', 'no-store')
    ctx.body = {
      transport: deps.mailer.transport,
      ok,
      status: check.status,
      message: check.message ?? (ok ? 'Email is working' : 'Email is not working'),
      ...(admin ? { latencyMs: check.latencyMs } : {}),
    }
  })

  return router
}
