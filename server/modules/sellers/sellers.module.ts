import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import { sellersRoutes } from './sellers.routes'
import { SellersService, type SellersDeps } from './sellers.service'

export interface SellersModule {
  sellers: SellersService
  router: Router<AppState>
}

export function createSellersModule(deps: SellersDeps): SellersModule {
  const sellers = new SellersService(deps)
  return { sellers, router: sellersRoutes({ sellers }) }
}
