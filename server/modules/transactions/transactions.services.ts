import { DealQueries } from './deal-queries'
import { DealSteps } from './deal-steps'
import { DealWriter, type TransactionDeps } from './deal-writer'
import { Purchases } from './purchases'
import { SystemMoves } from './system-moves'

export type { EscrowActor, EscrowViewer } from './transactions.reads'
export type { TransactionDeps, StepInput } from './deal-writer'
export type { PurchaseOrder } from './purchases'

/** The escrow's services, by job: buying, people's steps, the server's own moves, and reading deals. */
export interface TransactionServices {
  purchases: Purchases
  steps: DealSteps
  system: SystemMoves
  queries: DealQueries
}

/** The services alone; createTransactionsModule (transactions.module.ts) adds the routes. */
export function createTransactionServices(deps: TransactionDeps): TransactionServices {
  const writer = new DealWriter(deps)
  const steps = new DealSteps(writer, deps)
  return { purchases: new Purchases(writer, steps, deps), steps, system: new SystemMoves(writer, deps), queries: new DealQueries() }
}
