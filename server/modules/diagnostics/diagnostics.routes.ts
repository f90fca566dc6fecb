import Router from '@koa/router'
import { diagnosticsEndpoints } from '@shared/api/endpoints/diagnostics'
import type { AppContext, AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { publicView, type DiagnosticsService } from './diagnostics.service'

export interface DiagnosticsRoutesDeps {
  diagnostics: DiagnosticsService
  /** whether the request comes from a signed-in admin; false whenever that cannot be told (database down) */
  viewerIsAdmin(ctx: AppContext): Promise<boolean>
}

/**
 * GET /api/diagnostic (SPEC §2): 200 while every required component works (status ok or degraded), 503 when one
 * is down. Admins get every check's findings, latency and the build; everyone else only names and statuses.
 */
export function diagnosticsRoutes(deps: DiagnosticsRoutesDeps): Router<AppState> {
  const router = new Router<AppState>()
  const on = diagnosticsEndpoints
  mount(router, on.getDiagnostic, async (ctx) => {
    const admin = await deps.viewerIsAdmin(ctx).catch(() => false)
    const report = admin ? await deps.diagnostics.freshReport(ctx.state.em) : await deps.diagnostics.cachedReport(ctx.state.em)
    ctx.status = report.status === 'down' ? 503 : 200
    ctx.set('Cache-Control', 'no-store')
    ctx.body = admin ? report : publicView(report)
  })
  return router
}
