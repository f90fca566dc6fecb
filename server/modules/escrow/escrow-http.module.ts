import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import type { StepUp } from '../auth/step-up'
import { createEscrowServices, type EscrowDeps, type EscrowServices } from './escrow.module'
import { escrowRoutes, type EscrowRoutesDeps } from './escrow.routes'
import { handoverStepRoutes } from './handover-steps.routes'

// The escrow's services stay in escrow.module.ts and its routes take their types from there, so the routes are
// added here: escrow.module.ts importing its own routes would make a cycle.

export interface EscrowModuleDeps extends EscrowDeps {
  /** the provider's checkout for a deal's purchase order (payments) */
  checkout: EscrowRoutesDeps['checkout']
  stepUp: StepUp
}

export interface EscrowModule extends EscrowServices {
  /** named, not listed: app.ts mounts the handover steps' routes well before the deals' (reviews come in between) */
  routers: { handoverSteps: Router<AppState>; deals: Router<AppState> }
}

/** The escrow's services with its HTTP routes: the deals and their steps, and the handover checklist's steps. */
export function createEscrowModule(deps: EscrowModuleDeps): EscrowModule {
  const { ledger, settings, notifications, conversations, bus, logger, checkout, stepUp } = deps
  const escrow = createEscrowServices({ ledger, settings, notifications, conversations, bus, logger })
  return {
    ...escrow,
    routers: {
      handoverSteps: handoverStepRoutes(),
      deals: escrowRoutes({ escrow, checkout, stepUp, announce: { bus, logger } }),
    },
  }
}
