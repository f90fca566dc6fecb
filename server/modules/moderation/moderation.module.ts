import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import { ListingModerationService } from './listing-moderation.service'
import { adminListingModerationRoutes, adminUserRoutes } from './moderation.routes'
import { UserModerationService, type UserModerationDeps } from './user-moderation.service'

export interface ModerationModule {
  users: UserModerationService
  listings: ListingModerationService
  routers: { users: Router<AppState>; listings: Router<AppState> }
}

/** Admins' moderation of users (bans, deletions) and of listings. */
export function createModerationModule(deps: UserModerationDeps): ModerationModule {
  const { sessions, ledger, notifications, bus, logger, holdDealsOf } = deps
  const users = new UserModerationService({ sessions, ledger, notifications, bus, logger, holdDealsOf })
  const listings = new ListingModerationService({ notifications, bus, logger })
  return { users, listings, routers: { users: adminUserRoutes({ users }), listings: adminListingModerationRoutes({ listings }) } }
}
