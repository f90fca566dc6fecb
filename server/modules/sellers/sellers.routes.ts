import Router from '@koa/router'
import { sellersEndpoints } from '@shared/api/endpoints/sellers'
import { notFound } from '../../http/errors'
import type { AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { parseSellerId, parseTopSellersLimit, SELLER_MESSAGES } from './sellers.params'
import type { SellersService } from './sellers.service'

export function sellersRoutes(deps: { sellers: SellersService }): Router<AppState> {
  const router = new Router<AppState>()
  const on = sellersEndpoints
  const { sellers } = deps

  // before /:id, which would otherwise take "top" as an id
  mount(router, on.getSellersTop, async (ctx) => {
    ctx.body = await sellers.top(ctx.state.em, parseTopSellersLimit(ctx.query.limit))
  })

  mount(router, on.getSellersById, async (ctx) => {
    const profile = await sellers.profile(ctx.state.em, parseSellerId(ctx.params.id))
    if (!profile) throw notFound(SELLER_MESSAGES.notFound)
    ctx.body = profile
  })

  return router
}
