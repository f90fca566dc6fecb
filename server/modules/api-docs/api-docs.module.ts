import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import { APP_VERSION } from '../diagnostics/build-info'
import { apiDocsRoutes } from './api-docs.routes'
import { API_ROUTES } from './api-routes'

/** sessionCookie: the cookie the documented endpoints are signed in with (its name depends on PUBLIC_URL) */
export function createApiDocsModule(deps: { sessionCookie: string }): { router: Router<AppState> } {
  return { router: apiDocsRoutes({ routes: API_ROUTES, version: APP_VERSION, sessionCookie: deps.sessionCookie }) }
}
