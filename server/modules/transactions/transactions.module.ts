import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import type { StepUp } from '../auth/step-up'
import { createTransactionServices, type TransactionDeps, type TransactionServices } from './transactions.services'
import { transactionRoutes, type TransactionRoutesDeps } from './transactions.routes'
import { handoverStepRoutes } from './handover-steps.routes'

// The deals' services are in transactions.services.ts and its routes take their types from there, so the routes are
// added here: transactions.services.ts importing its own routes would make a cycle.

export interface TransactionsModuleDeps extends TransactionDeps {
  /** the provider's checkout for a deal's purchase order (payments) */
  checkout: TransactionRoutesDeps['checkout']
  stepUp: StepUp
}

export interface TransactionsModule extends TransactionServices {
  /** named, not listed: app.ts mounts the handover steps' routes well before the deals' (reviews come in between) */
  routers: { handoverSteps: Router<AppState>; deals: Router<AppState> }
}

/** The escrow's services with its HTTP routes: the deals and their steps, and the handover checklist's steps. */
export function createTransactionsModule(deps: TransactionsModuleDeps): TransactionsModule {
  const { ledger, settings, notifications, conversations, bus, logger, checkout, refundPayment, stepUp } = deps
  const escrow = createTransactionServices({ ledger, settings, notifications, conversations, bus, logger, refundPayment })
  return {
    ...escrow,
    routers: {
      handoverSteps: handoverStepRoutes(),
      deals: transactionRoutes({ escrow, checkout, stepUp, announce: { bus, logger } }),
    },
  }
}
