import type Router from '@koa/router'
import type { Middleware } from 'koa'
import type { AppState } from './context'

/** The start of a route's path that every path it matches begins with: up to its first parameter, wildcard or group. */
export function staticPrefix(path: string): string {
  const end = path.search(/[:(*{?]/)
  return (end === -1 ? path : path.slice(0, end)).toLowerCase()
}

/**
 * The fewest prefixes that cover a router's routes, lower-cased (routes match regardless of case), or null when one
 * of them could match any path (a pattern, or a route at the root).
 */
export function routerPrefixes(router: Router<AppState>): string[] | null {
  const prefixes: string[] = []
  for (const layer of router.stack) {
    if (typeof layer.path !== 'string') return null
    const prefix = staticPrefix(layer.path)
    if (prefix === '' || prefix === '/') return null
    prefixes.push(prefix)
  }
  const sorted = [...new Set(prefixes)].sort()
  return sorted.filter((prefix, i) => !sorted.slice(0, i).some((shorter) => prefix.startsWith(shorter)))
}

/**
 * A router's routes and its allowed-methods answer (405, 501, OPTIONS; left out with `allowedMethods: false`, so
 * another method passes on) as one middleware that runs only for paths
 * one of its routes could match. Every router used to look at every request: some 35 of them each worked out the
 * host and the path, matched its routes and added a promise on the way back, for every request whatever its path.
 * A router whose routes could match any path runs for every request, as before.
 */
export function mountRouter(router: Router<AppState>, { allowedMethods = true } = {}): Middleware<AppState> {
  const routes = router.routes() as unknown as Middleware<AppState>
  const allowed = router.allowedMethods() as unknown as Middleware<AppState>
  const both: Middleware<AppState> = allowedMethods ? (ctx, next) => routes(ctx, () => allowed(ctx, next)) : routes
  const prefixes = routerPrefixes(router)
  const gated: Middleware<AppState> = prefixes
    ? (ctx, next) => {
        const path = ctx.path.toLowerCase()
        return prefixes.some((prefix) => path.startsWith(prefix)) ? both(ctx, next) : next()
      }
    : both
  // as the router's own middleware carries it: what lists the app's routes finds the router behind it
  return Object.assign(gated, { router })
}
