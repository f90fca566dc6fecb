import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import { diagnosticsRoutes, type DiagnosticsRoutesDeps } from './diagnostics.routes'
import { DiagnosticsService, type DiagnosticsDeps } from './diagnostics.service'

export interface DiagnosticsModule {
  diagnostics: DiagnosticsService
  /** viewerIsAdmin reads the session, which only the app can (its route runs ahead of the session middleware) */
  router(http: Pick<DiagnosticsRoutesDeps, 'viewerIsAdmin'>): Router<AppState>
}

export function createDiagnosticsModule(deps: DiagnosticsDeps): DiagnosticsModule {
  const diagnostics = new DiagnosticsService(deps)
  return { diagnostics, router: ({ viewerIsAdmin }) => diagnosticsRoutes({ diagnostics, viewerIsAdmin }) }
}
