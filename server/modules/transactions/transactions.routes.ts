import Router from '@koa/router'
import type { EntityManager } from '@mikro-orm/postgresql'
import { dollarsToCents, type CheckoutDto } from '@shared/api/payments'
import { transactionEndpoints, STEP_ENDPOINTS, stepSegment } from '@shared/api/endpoints/transactions'
import { TRANSACTION_MESSAGES, type TransactionAction } from '@shared/api/transactions'
import { requireActiveUser, requireActiveViewer, requireAdmin } from '../../http/access'
import type { StepUp } from '../auth/step-up'
import type { AppContext, AppState } from '../../http/context'
import { notFound } from '../../http/errors'
import { mount } from '../../http/mount'
import { serialOrNotFound } from '../../http/path-ids'
import { respondIdempotent, type Answer } from '../../http/idempotency'
import type { AnnounceDeps } from '../../realtime/announce'
import { bodyOf, queryOf } from '../../http/validation'
import type { PurchaseCheckoutInput } from '../payments/payments.service'
import type { EscrowActor, TransactionServices, EscrowViewer, StepInput } from './transactions.services'

const idParam = (ctx: AppContext, name = 'id') => serialOrNotFound(ctx.params[name], TRANSACTION_MESSAGES.notFound)

async function viewerOf(ctx: AppContext): Promise<EscrowActor> {
  const user = await requireActiveViewer(ctx)
  return { userId: user.id, isAdmin: user.isAdmin, username: user.username, avatar: user.avatar }
}

type StepEndpoint = (typeof STEP_ENDPOINTS)[TransactionAction]

/** path segment → action and its declaration, from the endpoint table; a step that takes a body reads it by that */
const STEPS = new Map(
  (Object.entries(STEP_ENDPOINTS) as [TransactionAction, StepEndpoint][]).map(([action, endpoint]) => [stepSegment(action), { action, endpoint }]),
)

const ADMIN_MONEY_ACTIONS = new Set<TransactionAction>(['release', 'refund', 'resolve_release', 'resolve_refund'])

/**
 * SPEC §7 transaction calls and every step of a deal. Every POST moves money or a deal, so each accepts an
 * Idempotency-Key: the same key and body replay the first answer, another body is a 409.
 */
export interface TransactionRoutesDeps {
  escrow: TransactionServices
  /** the provider's checkout for a deal's one purchase order (payments) */
  checkout: (em: EntityManager, input: PurchaseCheckoutInput) => Promise<CheckoutDto>
  stepUp: StepUp
  /** announces each step once committed */
  announce: AnnounceDeps
}

export function transactionRoutes(deps: TransactionRoutesDeps): Router<AppState> {
  const router = new Router<AppState>()
  const on = transactionEndpoints
  const { escrow } = deps

  const answer = <T>(ctx: AppContext, viewer: EscrowViewer, run: (tx: EntityManager) => Promise<Answer<T>>) =>
    respondIdempotent(ctx, viewer.userId, run, { deps: deps.announce, what: 'escrow step' })

  mount(router, on.getTransactions, async (ctx) => {
    const viewer = await viewerOf(ctx)
    const { items, total } = await escrow.queries.list(ctx.state.em, viewer, queryOf(ctx, on.getTransactions))
    ctx.set('X-Total-Count', String(total))
    ctx.body = items
  })

  // before /:id
  mount(router, on.getTransactionsAll, async (ctx) => {
    const admin = await requireAdmin(ctx)
    const query = queryOf(ctx, on.getTransactionsAll)
    const { items, total } = await escrow.queries.list(ctx.state.em, { userId: admin.id, isAdmin: true }, query, true)
    ctx.set('X-Total-Count', String(total))
    ctx.body = items
  })

  mount(router, on.getTransactionsQuote, async (ctx) => {
    const viewer = await viewerOf(ctx)
    ctx.body = await escrow.purchases.quote(ctx.state.em, viewer, queryOf(ctx, on.getTransactionsQuote).listingId)
  })

  mount(router, on.getTransactionsById, async (ctx) => {
    const viewer = await viewerOf(ctx)
    ctx.body = await escrow.queries.get(ctx.state.em, viewer, idParam(ctx))
  })

  mount(router, on.postTransactions, async (ctx) => {
    const viewer = await viewerOf(ctx)
    const { listingId, pay, quotedTotal } = bodyOf(ctx, on.postTransactions)
    const order = { listingId, quotedTotalCents: quotedTotal === undefined ? undefined : dollarsToCents(quotedTotal)! }
    await answer(ctx, viewer, (tx) =>
      pay === 'balance' ? escrow.purchases.purchaseFromBalance(tx, viewer, order) : escrow.purchases.purchase(tx, viewer, order),
    )
  })

  /**
   * Paying at the provider instead of from the balance: the buyer of a pending deal gets the hosted checkout of
   * the deal's one order (`trans_{id}`). No lock is held meanwhile: the provider is asked over the network, and
   * the deal is funded only when the provider confirms the payment.
   */
  mount(router, on.postTransactionsCheckout, async (ctx) => {
    const viewer = await viewerOf(ctx)
    const id = idParam(ctx)
    const { method, returnTo } = bodyOf(ctx, on.postTransactionsCheckout)
    const amountCents = await escrow.queries.amountDue(ctx.state.em, viewer, id)
    ctx.body = await deps.checkout(ctx.state.em, { transactionId: id, userId: viewer.userId, amountCents, method, ip: ctx.ip, returnTo })
  })

  mount(router, on.postTransactionsChecklistByItemId, async (ctx) => {
    const viewer = await viewerOf(ctx)
    const id = idParam(ctx)
    const itemId = idParam(ctx, 'itemId')
    await answer(ctx, viewer, (tx) => escrow.steps.tick(tx, viewer, id, itemId))
  })

  // every step of STEP_ENDPOINTS is served here: they share one mounted pattern, pay's as much as any other's
  mount(router, on.pay, async (ctx) => {
    const name = ctx.params.step ?? ''
    // its own steps only: a Map has no `constructor` or `toString` to find
    const step = STEPS.get(name)
    if (!step) throw notFound('No such step')
    const viewer = await viewerOf(ctx)
    const id = idParam(ctx)
    // an admin's money decision (paying the seller, or the buyer back) wants a fresh second factor
    if (viewer.isAdmin && ADMIN_MONEY_ACTIONS.has(step.action)) await deps.stepUp.require(ctx, await requireActiveUser(ctx))
    const { endpoint } = step
    const input: StepInput = endpoint.body === undefined ? {} : bodyOf(ctx, endpoint)
    await answer(ctx, viewer, (tx): Promise<Answer<unknown>> => escrow.steps.act(tx, viewer, id, step.action, input))
  })

  return router
}
