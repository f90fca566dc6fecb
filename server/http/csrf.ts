import type { Middleware } from 'koa'
import { forbidden } from './errors'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Cookie-authenticated writes must come from our own pages. Browsers tell us through
 * Sec-Fetch-Site and Origin; server-to-server callers (webhooks) send neither and pass.
 */
export function sameOriginWrites(allowedOrigins: (requestOrigin: string) => string[]): Middleware {
  return async (ctx, next) => {
    if (SAFE.has(ctx.method)) return next()
    const site = ctx.get('sec-fetch-site')
    const origin = ctx.get('origin')
    // not ctx.origin: Koa 3 answers that from the Origin header itself
    const allowed = allowedOrigins(`${ctx.protocol}://${ctx.host}`)
    // an opaque `Origin: null` (sandboxed frame, file://) is never among the allowed, so it is refused like any other
    if (origin && !allowed.includes(origin)) throw forbidden('Cross-site request refused')
    // a browser that says the request crosses sites, yet names no origin, is refused too
    if (!origin && (site === 'cross-site' || site === 'same-site')) throw forbidden('Cross-site request refused')
    return next()
  }
}
