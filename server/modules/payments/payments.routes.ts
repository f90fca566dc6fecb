import Router from '@koa/router'
import { dollarsToCents, purchaseOrderId } from '@shared/api/payments'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { requireActiveUser } from '../../http/access'
import { clientIp, requireSessionUserId, type AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { respondIdempotent } from '../../http/idempotency'
import type { AnnounceDeps } from '../../realtime/announce'
import { bodyOf, requestBody } from '../../http/validation'
import { decodeState } from './provider-common'
import { toVerifyResponse } from './payments.mapper'
import type { PaymentsService } from './payments.service'

/** The order a verify request means: its order_id, else the one its state names, else a purchase's deal id. */
function orderIdOf(input: { order_id?: string; state?: string; type?: string; transaction_id?: string }): string | null {
  if (input.order_id) return input.order_id
  const fromState = decodeState(input.state)
  if (fromState) return fromState
  if (input.type === 'transaction' && input.transaction_id && /^\d{1,10}$/.test(input.transaction_id))
    return purchaseOrderId(Number(input.transaction_id))
  return null
}

/**
 * Money in: deposits (signed-in, not banned), the payment-return calls of SPEC §7 (the order's owner only; the
 * client's status parameters are never believed, the provider is asked) and the providers' signed webhooks.
 */
export function paymentRoutes(deps: { payments: PaymentsService; announce: AnnounceDeps }): Router<AppState> {
  const router = new Router<AppState>()
  const on = paymentsEndpoints
  const { payments } = deps

  mount(router, on.postPaymentsDeposits, async (ctx) => {
    const user = await requireActiveUser(ctx)
    const input = bodyOf(ctx, on.postPaymentsDeposits)
    const buyer = { id: user.id, username: user.username, email: user.email, ip: clientIp(ctx) }
    // with an Idempotency-Key, a retried request answers the first order instead of opening a second one
    await respondIdempotent(ctx, user.id, (tx) => payments.createDeposit(tx, buyer, dollarsToCents(input.amount)!, input.method, input.returnTo), {
      deps: deps.announce,
      what: 'deposit',
    })
  })

  mount(router, on.postTrustapVerifyPayment, async (ctx) => {
    const userId = requireSessionUserId(ctx)
    const input = bodyOf(ctx, on.postTrustapVerifyPayment)
    const orderId = orderIdOf(input)
    // a deposit's transaction_id is the provider's reference, not an order
    const providerRef = orderId ? null : (input.transaction_id ?? null)
    const order = await payments.findOwnOrder(ctx.state.em, userId, { orderId, providerRef })
    const { order: after, outcome } = await payments.confirm(ctx.state.em, order)
    ctx.body = toVerifyResponse(after, outcome, await payments.creditedToBalance(ctx.state.em, after, outcome))
  })

  mount(router, on.postTrustapCompletePayment, async (ctx) => {
    const userId = requireSessionUserId(ctx)
    const { order_id } = bodyOf(ctx, on.postTrustapCompletePayment)
    const order = await payments.findOwnOrder(ctx.state.em, userId, { orderId: order_id })
    const { order: after, outcome } = await payments.confirm(ctx.state.em, order)
    ctx.body = toVerifyResponse(after, outcome, await payments.creditedToBalance(ctx.state.em, after, outcome))
  })

  mount(router, on.postPaymentsWebhooksByProvider, async (ctx) => {
    const result = await payments.handleWebhook(ctx.state.em, ctx.params.provider ?? '', {
      authorization: ctx.get('authorization') || undefined,
      body: requestBody(ctx),
    })
    ctx.body = { received: true, ...result }
  })

  return router
}
