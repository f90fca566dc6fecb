import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import type { Logger } from '../../logger'
import type { EventBus } from '../../realtime/bus'
import type { MediaStorage } from '../media/storage'
import type { NotificationService } from '../notifications/notifications.service'
import type { SettingsService } from '../settings/settings.service'
import { ListingWritesService } from './listing-writes.service'
import { listingsRoutes, statsRoutes } from './listings.routes'
import { ListingsService } from './listings.service'

export interface ListingsModuleDeps {
  settings: SettingsService
  notifications: NotificationService
  media: MediaStorage
  bus: EventBus
  logger: Logger
}

export interface ListingsModule {
  /** the catalogue as buyers read it */
  listings: ListingsService
  /** sellers' and admins' changes to listings */
  writes: ListingWritesService
  routers: { listings: Router<AppState>; stats: Router<AppState> }
}

export function createListingsModule(deps: ListingsModuleDeps): ListingsModule {
  const listings = new ListingsService()
  const writes = new ListingWritesService({
    settings: deps.settings,
    notifications: deps.notifications,
    media: deps.media,
    bus: deps.bus,
    logger: deps.logger,
  })
  return { listings, writes, routers: { listings: listingsRoutes({ listings, writes }), stats: statsRoutes({ listings }) } }
}
