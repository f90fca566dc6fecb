import Router from '@koa/router'
import { notFound } from '../../http/errors'
import type { AppState } from '../../http/context'
import { parseSellerId, parseTopSellersLimit, SELLER_MESSAGES } from './sellers.params'
import type { SellersService } from './sellers.service'

export function sellersRoutes(deps: { sellers: SellersService }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/sellers' })
  const { sellers } = deps

  // before /:id, which would otherwise take "top" as an id
  router.get('/top', async (ctx) => {
    ctx.body = await sellers.top(ctx.state.em, parseTopSellersLimit(ctx.query.limit))
  })

  router.get('/:id', async (ctx) => {
    const profile = await sellers.profile(ctx.state.em, parseSellerId(ctx.params.id))
    if (!profile) throw notFound(SELLER_MESSAGES.notFound)
    ctx.body = profile
  })

  return router
}
