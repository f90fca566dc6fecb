import type Router from '@koa/router'
import type { Endpoint } from '@shared/api/endpoint'
import { API_ROUTES } from '../../server/modules/api-docs/api-routes'
import type { RunningServer } from '../../server/server'

export interface MountedRoute {
  method: string
  path: string
}

/** Every route of every router the app mounted, read from the routers themselves (koa-router marks its dispatcher). */
export function mountedRoutes(server: RunningServer): MountedRoute[] {
  const routes: MountedRoute[] = []
  for (const middleware of server.created.app.middleware) {
    const router = (middleware as { router?: Router }).router
    if (!router) continue
    for (const layer of router.stack) {
      for (const method of layer.methods) if (method !== 'HEAD') routes.push({ method, path: String(layer.path) })
    }
  }
  return routes
}

export const routeKey = (route: MountedRoute) => `${route.method} ${route.path}`

/** The mounted /api routes, each with the documented operations it serves (several for POST /api/transactions/:id/:step). */
export function mountedApiRoutes(server: RunningServer): { route: MountedRoute; docs: Endpoint[] }[] {
  return mountedRoutes(server)
    .filter((route) => route.path.startsWith('/api/'))
    .map((route) => ({ route, docs: API_ROUTES.filter((doc) => doc.method === route.method && (doc.mountedAs ?? doc.path) === route.path) }))
}

/**
 * The documented operations of the mounted /api routes; throws, naming them, when a mounted route has no entry in
 * its module's table in src/shared/api/endpoints, so a new route is never driven or checked by nobody.
 */
export function documentedApiRoutes(server: RunningServer): Endpoint[] {
  const mounted = mountedApiRoutes(server)
  const missing = mounted.filter((m) => m.docs.length === 0).map((m) => routeKey(m.route))
  if (missing.length)
    throw new Error(`Mounted but not documented (declare them in the module's table in src/shared/api/endpoints): ${missing.join(', ')}`)
  return mounted.flatMap((m) => m.docs)
}
