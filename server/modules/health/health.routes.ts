import Router from '@koa/router'
import type { AppState } from '../../http/context'

/** Liveness plus a real database round trip: a load balancer takes an instance out when this fails. */
export function healthRoutes(): Router<AppState> {
  const router = new Router<AppState>()
  router.get('/healthz', async (ctx) => {
    try {
      await ctx.state.em.getConnection().execute('select 1')
      ctx.body = { status: 'ok', database: 'ok' }
    } catch {
      ctx.status = 503
      ctx.body = { status: 'unavailable', database: 'unreachable', message: 'Database unreachable' }
    }
  })
  return router
}
