import type Router from '@koa/router'
import type { RouterMiddleware } from '@koa/router'
import type { Endpoint } from '@shared/api/endpoint'
import type { AppState } from './context'

/**
 * Mounts a handler against its declaration in the endpoint table (src/shared/api/endpoints): the method and the path
 * are the declaration's, so the server, the OpenAPI document and the renderer cannot disagree on them. The router it
 * goes on has no prefix; endpoints declared once per step but served by one route mount on their shared pattern.
 *
 * A guard in front of a group of routes is `router.use('/api/admin/audit', guard)`, with the path written out:
 * the routes match whatever the case of the path, and so does a use() given a path, while a prefixed router's use()
 * without one matched its prefix only as written (/API/ADMIN/USERS got past the admins' guard that way).
 */
export function mount(router: Router<AppState>, endpoint: Endpoint, ...handlers: RouterMiddleware<AppState>[]): void {
  router.register(endpoint.mountedAs ?? endpoint.path, [endpoint.method], handlers)
}
