import type Router from '@koa/router'
import type { RouterMiddleware } from '@koa/router'
import type { Endpoint, RouteAuth } from '@shared/api/endpoint'
import { requireAdmin } from './access'
import { sessionUserId, type AppState } from './context'
import { unauthorized } from './errors'

/**
 * What an endpoint's declared `auth` checks before its handler runs. The handler still reads the user it acts for
 * (and a banned or deleted one is refused there); this makes the declaration hold even for a handler that forgot.
 * A signed-in check needs only the session (no query); the admin check reads the user, which the handler's own
 * check then finds already loaded. `provider` endpoints check the provider's credentials themselves.
 */
const GUARDS: Partial<Record<RouteAuth, RouterMiddleware<AppState>>> = {
  'signed-in': (ctx, next) => {
    if (sessionUserId(ctx) === null) throw unauthorized()
    return next()
  },
  admin: async (ctx, next) => {
    await requireAdmin(ctx)
    return next()
  },
}

/**
 * Mounts a handler against its declaration in the endpoint table (src/shared/api/endpoints): the method and the path
 * are the declaration's, so the server, the OpenAPI document and the renderer cannot disagree on them, and the
 * declared `auth` is checked first. The router it goes on has no prefix; endpoints declared once per step but served
 * by one route mount on their shared pattern.
 *
 * A guard in front of a group of routes is `router.use('/api/admin/audit', guard)`, with the path written out:
 * the routes match whatever the case of the path, and so does a use() given a path, while a prefixed router's use()
 * without one matched its prefix only as written (/API/ADMIN/USERS got past the admins' guard that way).
 */
export function mount(router: Router<AppState>, endpoint: Endpoint, ...handlers: RouterMiddleware<AppState>[]): void {
  const guard = GUARDS[endpoint.auth]
  router.register(endpoint.mountedAs ?? endpoint.path, [endpoint.method], guard ? [guard, ...handlers] : handlers)
}
