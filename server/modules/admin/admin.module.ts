import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import type { StepUp } from '../auth/step-up'
import type { ConversationsService } from '../conversations/conversations.service'
import type { TransactionServices } from '../transactions/transactions.services'
import type { ListingWritesService } from '../listings/listing-writes.service'
import type { PaymentsService } from '../payments/payments.service'
import { adminDashboardRoutes } from './admin-dashboard.routes'
import { adminListingsRoutes } from './admin-listings.routes'
import { adminPaymentRoutes } from './admin-payments.routes'

export interface AdminModuleDeps {
  listingWrites: ListingWritesService
  payments: PaymentsService
  transactions: TransactionServices
  conversations: ConversationsService
  stepUp: StepUp
}

export interface AdminModule {
  /** named, not listed: app.ts mounts other modules' routes between these */
  routers: { listings: Router<AppState>; payments: Router<AppState>; dashboard: Router<AppState> }
}

/** The admin pages' views over other modules' services: listings, payments, and the dashboard's figures and disputes. */
export function createAdminModule(deps: AdminModuleDeps): AdminModule {
  return {
    routers: {
      listings: adminListingsRoutes({ writes: deps.listingWrites }),
      payments: adminPaymentRoutes({ payments: deps.payments, stepUp: deps.stepUp }),
      dashboard: adminDashboardRoutes({ transactions: deps.transactions, conversations: deps.conversations }),
    },
  }
}
