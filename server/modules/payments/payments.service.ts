import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { REFUND_MESSAGES, RESOLVE_REVERSAL_MESSAGES, type ReconcileFinding } from '@shared/api/admin-payments'
import { formatCents } from '@shared/format'
import { centsToDecimalString } from '@shared/money'
import { PAYMENT_MESSAGES, depositOrderId, purchaseOrderId, type CheckoutDto, type ProviderMethod, type ReturnTarget } from '@shared/api/payments'
import { badRequest, conflict, HttpError, notFound, serviceUnavailable, unauthorized } from '../../http/errors'
import { unavailableError, unreachableDependency } from '../../http/unavailable'
import type { Answer } from '../../http/idempotency'
import type { Logger } from '../../logger'
import { changedFields, recordAudit } from '../audit/audit.service'
import { User } from '../users/user.entity'
import { PaymentOrder, type PaymentOrderKind } from './payment.entities'
import { PaymentCrediting, monitorDelivery, orderSnapshot, type ConfirmOptions, type CreditingDeps, type OrderSnapshot } from './payment-crediting'
import {
  ProviderUnavailable,
  RefundRefused,
  type CheckoutBuyer,
  type PaymentProvider,
  type ProviderQuote,
  type WebhookRequest,
} from './payment-provider'
import { announce } from '../../realtime/announce'
import { toCheckoutDto, type ConfirmOutcome } from './payments.mapper'

/** An order's fields that a check after the credit sets, and what a reconcile that set one tells the admin it found. */
const RECONCILE_FINDING_FIELDS: [keyof OrderSnapshot, ReconcileFinding][] = [
  ['complainedAt', 'complained'],
  ['complaintClosedAt', 'complaint_closed'],
  ['reversedAt', 'reversed'],
]

export interface PurchaseCheckoutInput {
  transactionId: number
  userId: number
  /** what goes into escrow: price and escrow fee */
  amountCents: number
  method: ProviderMethod
  /** the buyer's address, for providers that record terms acceptance (Trustap guest users) */
  ip?: string
  /** where the provider sends the buyer back; the website unless the desktop app asked */
  returnTo?: ReturnTarget
}

/** A refunded deal's card or crypto payment, to send back at the provider: what goes back, and why. */
export interface DealRefundInput {
  transactionId: number
  /** the deal's price and escrow fee: the processor keeps its fee */
  amountCents: number
  reason: string
}

/** Where a deal's refund went: back to the payment, or (`why`) to the buyer's balance because the provider would not take it. */
export type DealRefundOutcome = { to: 'payment'; refundedCents: number } | { to: 'balance'; why: string }

interface CheckoutFields {
  orderId: string
  kind: PaymentOrderKind
  transactionId: number | null
  amountCents: number
  method: ProviderMethod
  returnTo: ReturnTarget
}

const checkoutMoney = (fields: CheckoutFields, quote: ProviderQuote) => ({
  method: fields.method,
  amountCents: fields.amountCents,
  processorFeeCents: quote.processorFeeCents,
  totalCents: fields.amountCents + quote.processorFeeCents,
})

/**
 * The order's attempt is still open and is the one asked for: a checkout made for the website would send a desktop
 * buyer back to the website, and the other way round.
 */
const sameCheckout = (order: PaymentOrder, fields: CheckoutFields) =>
  order.status === 'created' &&
  Boolean(order.checkoutUrl) &&
  order.method === fields.method &&
  order.amountCents === fields.amountCents &&
  order.returnTo === fields.returnTo

/** A provider that failed us becomes one clear 503, one that refuses a refund a 409 with its reason; our own errors pass through. */
async function atProvider<T>(logger: Logger, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (err) {
    if (err instanceof HttpError) throw err
    if (err instanceof RefundRefused) throw conflict(err.message, 'refund_refused')
    // our own database away is not the provider's failure
    if (unreachableDependency(err) === 'database') throw unavailableError(err)!
    logger.warn({ err }, `payment provider failed: ${what}`)
    throw serviceUnavailable(PAYMENT_MESSAGES.providerUnavailable)
  }
}

/** how long a provider is asked to wait before sending again a "paid" event its own API does not confirm yet */
const WEBHOOK_RETRY_SECONDS = 60

/**
 * Orders paid at the provider: deposits to the balance and purchases (for the escrow core), their
 * confirmation from every direction, and signed webhooks.
 */
export class PaymentsService {
  readonly crediting: PaymentCrediting

  constructor(private readonly deps: CreditingDeps) {
    this.crediting = new PaymentCrediting(deps)
  }

  get provider(): PaymentProvider {
    return this.deps.provider
  }

  /**
   * POST /api/payments/deposits, inside the request's transaction: the payment monitors hear of the new order
   * after the commit. The order id has the second in it, so a second deposit in the same second is a 409.
   */
  async createDeposit(
    em: EntityManager,
    buyer: CheckoutBuyer,
    amountCents: number,
    method: ProviderMethod,
    returnTo: ReturnTarget = 'web',
  ): Promise<Answer<CheckoutDto>> {
    const orderId = depositOrderId(buyer.id, Math.floor(Date.now() / 1000))
    const order = await this.openCheckout(em, { orderId, kind: 'deposit', transactionId: null, amountCents, method, returnTo }, buyer)
    return { status: 201, body: toCheckoutDto(order), deliveries: [monitorDelivery(order)] }
  }

  /**
   * For the escrow core's POST /api/transactions/{id}/checkout: the deal's one order `trans_{id}`. Clicking again
   * returns the same checkout; another method, amount or return target (or a failed, cancelled or expired attempt)
   * replaces the attempt; a paid order is a 409. A click at the same moment as the first gets its checkout if it is
   * ready, else a 409 to try again in a moment (Retry-After: 1), never "paid already".
   */
  async createPurchaseCheckout(em: EntityManager, input: PurchaseCheckoutInput): Promise<CheckoutDto> {
    if (!this.deps.purchases()) throw serviceUnavailable(PAYMENT_MESSAGES.purchasesUnavailable)
    const user = await em.findOneOrFail(User, { id: input.userId })
    const buyer = { id: user.id, username: user.username, email: user.email, ip: input.ip ?? '127.0.0.1' }
    const orderId = purchaseOrderId(input.transactionId)
    const fields = {
      orderId,
      kind: 'purchase' as const,
      transactionId: input.transactionId,
      amountCents: input.amountCents,
      method: input.method,
      returnTo: input.returnTo ?? 'web',
    }
    const existing = await em.findOne(PaymentOrder, { orderId }, { refresh: true })
    let order: PaymentOrder
    if (existing) {
      if (existing.user.id !== input.userId) throw conflict(PAYMENT_MESSAGES.alreadyPaid, 'order_taken')
      const { outcome } = await this.confirm(em, existing)
      if (outcome === 'credited' || existing.status === 'paid') throw conflict(PAYMENT_MESSAGES.alreadyPaid, 'already_paid')
      if (sameCheckout(existing, fields)) return toCheckoutDto(existing)
      order = await this.replaceAttempt(em, existing.id, fields, buyer)
    } else {
      try {
        order = await this.openCheckout(em, fields, buyer)
      } catch (err) {
        // a request at the same moment (a double click) opened the order first: its checkout, once it is ready
        if (!(err instanceof HttpError && err.code === 'order_exists')) throw err
        const raced = await em.findOne(PaymentOrder, { orderId }, { refresh: true })
        if (raced && raced.user.id === input.userId && raced.checkoutUrl && sameCheckout(raced, fields)) return toCheckoutDto(raced)
        throw err
      }
    }
    await this.crediting.announceStatus(order)
    return toCheckoutDto(order)
  }

  /**
   * A new attempt for an order, in place of the one it names, all under the order's row lock: the attempt replaced is
   * voided at the provider first, since a payment to an attempt the order no longer names would reach nobody; one
   * paid meanwhile is confirmed instead (a 409). Crediting takes the same lock and checks that the attempt it asked
   * about is still the order's, so it cannot credit one voided under it. Should the provider fail, nothing here
   * commits: the order keeps its attempt (voided at the provider, which its next confirmation reads as cancelled).
   */
  private async replaceAttempt(em: EntityManager, id: number, fields: CheckoutFields, buyer: CheckoutBuyer): Promise<PaymentOrder> {
    const { provider, logger } = this.deps
    if (!provider.methods.includes(fields.method)) throw badRequest(PAYMENT_MESSAGES.methodUnavailable, 'method_unavailable')
    // asked before the lock: a slow quote must not hold the row while others queue on it
    const quote = await atProvider(logger, 'quote', () => provider.quote(fields.method, fields.amountCents))
    const result = await em.transactional(async (tx) => {
      const order = await tx.findOneOrFail(PaymentOrder, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })
      if (order.status === 'credited' || order.status === 'paid') return { order, paid: true }
      // a second click that came in while the first was replacing it: the first one's checkout
      if (sameCheckout(order, fields)) return { order, paid: false }
      if ((await atProvider(logger, 'void', () => provider.voidCheckout(tx, order))) === 'paid') return { order, paid: true }
      const now = new Date()
      // a new attempt: what the order says of the one replaced (paid with the wrong amount and refunded by an
      // operator) goes with it; the refund stays in the audit log
      Object.assign(order, checkoutMoney(fields, quote), {
        provider: provider.name,
        status: 'created' as const,
        returnTo: fields.returnTo,
        createdAt: now,
        updatedAt: now,
        paidAt: null,
        creditedAt: null,
        refundedAt: null,
        // the attempt voided above: the new one's return link must not name it
        providerRef: null,
      })
      const created = await atProvider(logger, 'checkout', () => provider.createCheckout(tx, order, quote, buyer))
      Object.assign(order, { providerRef: created.providerRef, checkoutUrl: created.checkoutUrl })
      return { order, paid: false }
    })
    if (result.paid) {
      await this.confirm(em, result.order)
      throw conflict(PAYMENT_MESSAGES.alreadyPaid, 'already_paid')
    }
    return result.order
  }

  /** The order the signed-in user means, by order id or the provider's reference; someone else's is a 404. */
  async findOwnOrder(em: EntityManager, userId: number, ids: { orderId?: string | null; providerRef?: string | null }): Promise<PaymentOrder> {
    const where = ids.orderId ? { orderId: ids.orderId } : ids.providerRef ? { provider: this.provider.name, providerRef: ids.providerRef } : null
    const order = where ? await em.findOne(PaymentOrder, where) : null
    if (!order || order.user.id !== userId) throw notFound(PAYMENT_MESSAGES.orderNotFound)
    return order
  }

  async confirm(em: EntityManager, order: PaymentOrder, options: ConfirmOptions = {}): Promise<{ order: PaymentOrder; outcome: ConfirmOutcome }> {
    return atProvider(this.deps.logger, 'status', () => this.crediting.confirm(em, order, options))
  }

  /**
   * Whether a credited purchase order's money went to the buyer's balance instead of its deal: the deal stopped
   * waiting for it (lapsed, cancelled, paid from the balance meanwhile). A deal this order funded holds its method.
   */
  async creditedToBalance(em: EntityManager, order: PaymentOrder, outcome: ConfirmOutcome): Promise<boolean> {
    if (outcome !== 'credited' || order.kind !== 'purchase' || order.transactionId === null) return false
    const [deal] = await em.execute<{ payment_method: string | null }[]>('select payment_method from escrow_transactions where id = ?', [
      order.transactionId,
    ])
    return deal !== undefined && deal.payment_method !== 'card' && deal.payment_method !== 'crypto'
  }

  /**
   * An admin's reconcile (POST /api/admin/payments/orders/{orderId}/reconcile): the order confirmed with the
   * provider exactly as a verification confirms it, so it is credited at most once however often this runs. The
   * audit entry is written in the transaction that changes the order, and only when something changed.
   */
  async reconcile(
    em: EntityManager,
    adminId: number,
    orderId: string,
  ): Promise<{ order: PaymentOrder; outcome: ConfirmOutcome; changed: boolean; statusChanged: boolean; found: ReconcileFinding[] }> {
    const order = await em.findOne(PaymentOrder, { orderId })
    if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound)
    let changed = false
    const changes = new Set<string>()
    const audit = (tx: EntityManager, change: { before: OrderSnapshot; after: OrderSnapshot }) => {
      changed = true
      const { before, after } = changedFields(change.before, change.after)
      for (const field of Object.keys(after)) changes.add(field)
      recordAudit(tx, { adminId, action: 'payment.reconcile', targetType: 'payment_order', targetId: order.orderId, before, after })
    }
    const { outcome } = await this.confirm(em, order, { onChange: audit, recheck: true })
    const fresh = await em.findOneOrFail(PaymentOrder, { id: order.id }, { populate: ['user'], refresh: true })
    // what the provider newly said of the order after its credit, besides its status
    const found = RECONCILE_FINDING_FIELDS.filter(([field]) => changes.has(field)).map(([, finding]) => finding)
    const statusChanged = ['status', 'paidAt', 'creditedAt'].some((field) => changes.has(field))
    return { order: fresh, outcome, changed, statusChanged, found }
  }

  /**
   * An admin's refund of a payment held for an operator (POST /api/admin/payments/orders/{orderId}/refund): only a
   * `paid` order, which was never credited, so nothing in the ledger moves. The provider refunds first (once, however
   * often it is asked); then the order turns `refunded` under its row lock, with the audit entry and, when the payer's
   * account is still open, a notification. A repeat, or a second admin at the same time, changes nothing.
   */
  async refund(
    em: EntityManager,
    adminId: number,
    orderId: string,
    reason: string,
  ): Promise<{ order: PaymentOrder; changed: boolean; refundedCents: number | null }> {
    const order = await em.findOne(PaymentOrder, { orderId }, { populate: ['user'] })
    if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound)
    if (order.status === 'refunded') return { order, changed: false, refundedCents: null }
    if (order.status !== 'paid') throw conflict(REFUND_MESSAGES.notHeld, 'not_refundable')
    if (order.provider !== this.provider.name) throw conflict(PAYMENT_MESSAGES.otherProvider, 'other_provider')
    const { refundedCents } = await atProvider(this.deps.logger, 'refund', () => this.provider.refund(em, order, reason))
    const done = await em.transactional(async (tx) => {
      const locked = await tx.findOneOrFail(
        PaymentOrder,
        { id: order.id },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, populate: ['user'] },
      )
      if (locked.status !== 'paid') return { order: locked, notification: null, changed: false }
      const before = orderSnapshot(locked)
      locked.status = 'refunded'
      locked.refundedAt = locked.updatedAt = new Date()
      recordAudit(tx, {
        adminId,
        action: 'payment.refund',
        targetType: 'payment_order',
        targetId: locked.orderId,
        ...changedFields(before, orderSnapshot(locked)),
        reason,
      })
      const amount = centsToDecimalString(refundedCents)
      const notification = locked.user.deletedAt
        ? null
        : await this.deps.notifications.notify(tx, locked.user.id, {
            type: 'refund_processed',
            title: 'Payment refunded',
            message: `Your payment for order ${locked.orderId} could not be used, so ${formatCents(refundedCents)} goes back to you at the payment provider.`,
            data: { type: 'payment_refund', orderId: locked.orderId, amount },
          })
      return { order: locked, notification, changed: true }
    })
    if (done.changed) {
      await announce(this.deps, 'payment refund', {
        notifications: done.notification ? [done.notification] : [],
        deliveries: [monitorDelivery(done.order)],
      })
    }
    return { order: done.order, changed: done.changed, refundedCents: done.changed ? refundedCents : null }
  }

  /**
   * A refunded deal's money back to the card or crypto payment that funded it (its order `trans_{id}`), inside the
   * deal's own database transaction, which holds the deal's row lock: the order's row is locked, the provider refunds
   * the price and escrow fee (once, however often it is asked), and the order records the refund (`refunded_at`), so a
   * later look at the provider does not take the refund for a reversal. A provider that will not refund (the payment
   * moved on there, or it was another provider's) answers `balance` with its reason, for the caller to refund to the
   * buyer's balance instead; a provider away throws 503 and nothing changes.
   */
  async refundDealPayment(tx: EntityManager, input: DealRefundInput): Promise<DealRefundOutcome> {
    const order = await tx.findOne(PaymentOrder, { orderId: purchaseOrderId(input.transactionId) }, { lockMode: LockMode.PESSIMISTIC_WRITE })
    if (!order || order.status !== 'credited' || order.transactionId !== input.transactionId)
      return { to: 'balance', why: 'no card or crypto payment of this deal is on record' }
    if (order.provider !== this.provider.name) return { to: 'balance', why: `the payment was made with ${order.provider}, which is no longer in use` }
    // a refusal is an answer here, not an error: the money then goes to the balance; any other failure is the provider's
    const answer = await atProvider(this.deps.logger, 'deal refund', () =>
      this.provider.refund(tx, order, input.reason, input.amountCents).catch((err: unknown) => {
        if (err instanceof RefundRefused) return err
        throw err
      }),
    )
    if (answer instanceof RefundRefused) {
      this.deps.logger.warn(
        { orderId: order.orderId, transactionId: input.transactionId, why: answer.message },
        'the provider refused a deal refund: refunded to the balance',
      )
      return { to: 'balance', why: answer.message }
    }
    const { refundedCents } = answer
    if (refundedCents !== input.amountCents)
      this.deps.logger.error(
        { orderId: order.orderId, transactionId: input.transactionId, refundedCents, expectedCents: input.amountCents },
        'the provider refunded another amount than the deal holds: check it at the provider',
      )
    const now = new Date()
    await tx.execute('update payment_orders set refunded_at = coalesce(refunded_at, ?), updated_at = ? where id = ?', [now, now, order.id])
    this.deps.logger.info({ orderId: order.orderId, transactionId: input.transactionId, refundedCents }, 'deal refunded to its payment')
    return { to: 'payment', refundedCents }
  }

  /**
   * An operator recovered the money of a credited payment the provider gave back to the payer (POST
   * /api/admin/payments/orders/{orderId}/resolve-reversal): the order leaves the stuck list, with the note in the audit
   * entry, under the order's row lock. Nothing in the ledger moves. A repeat, or a second admin at once, changes nothing.
   */
  async resolveReversal(em: EntityManager, adminId: number, orderId: string, note: string): Promise<{ order: PaymentOrder; changed: boolean }> {
    const order = await em.findOne(PaymentOrder, { orderId })
    if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound)
    const done = await em.transactional(async (tx) => {
      const locked = await tx.findOneOrFail(
        PaymentOrder,
        { id: order.id },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, populate: ['user'] },
      )
      if (!locked.reversedAt) throw conflict(RESOLVE_REVERSAL_MESSAGES.notReversed, 'not_reversed')
      if (locked.reversalResolvedAt) return { order: locked, changed: false }
      locked.reversalResolvedAt = locked.updatedAt = new Date()
      recordAudit(tx, {
        adminId,
        action: 'payment.resolve_reversal',
        targetType: 'payment_order',
        targetId: locked.orderId,
        before: { reversalResolvedAt: null },
        after: { reversalResolvedAt: locked.reversalResolvedAt.toISOString() },
        reason: note,
      })
      return { order: locked, changed: true }
    })
    if (done.changed) await this.crediting.announceStatus(done.order)
    return done
  }

  /**
   * POST /api/payments/webhooks/{provider}: credentials checked (401), a delivery seen before refused (409), and
   * the order it hints at confirmed with the provider exactly as the return screen would. The delivery is claimed
   * first and forgotten again when handling it fails, or when the provider's API does not call the order paid yet, so a
   * provider's retry is still heard.
   */
  async handleWebhook(
    em: EntityManager,
    providerName: string,
    request: WebhookRequest,
  ): Promise<{ orderId: string | null; outcome: ConfirmOutcome | 'unknown_order' }> {
    if (providerName !== this.provider.name) throw notFound(`No webhooks for provider ${providerName}`)
    const hint = this.provider.verifyWebhook(request)
    if (!hint) throw unauthorized('Webhook credentials refused')
    // claimed before it is handled, so copies delivered at the same moment are refused like later ones
    const key = [this.provider.name, hint.eventKey]
    const claimed = await em.execute(
      `insert into payment_webhook_events (provider, event_key) values (?, ?) on conflict do nothing returning id`,
      key,
    )
    if (claimed.length === 0) throw conflict('This webhook delivery was handled already', 'webhook_replayed')
    const release = () =>
      em
        .execute('delete from payment_webhook_events where provider = ? and event_key = ?', key)
        .catch((cleanup: unknown) => this.deps.logger.warn({ err: cleanup, eventKey: hint.eventKey }, 'webhook delivery left claimed'))
    try {
      const order = await this.findHinted(em, hint.orderId, hint.providerRef)
      const outcome = order ? (await this.confirm(em, order, { recheck: true })).outcome : 'unknown_order'
      // the provider's own API does not say paid yet (it can lag its webhook; an order over a day old is `expired`
      // until a payment is confirmed): its retry may find it paid. A delivery that says the buyer paid is asked for again.
      if (outcome === 'pending' || outcome === 'expired') {
        await release()
        if (hint.claimsPaid)
          throw new HttpError(503, 'payment_not_confirmed', PAYMENT_MESSAGES.webhookNotConfirmed, { 'Retry-After': String(WEBHOOK_RETRY_SECONDS) })
      } else if (order)
        await em.execute('update payment_webhook_events set order_id = ? where provider = ? and event_key = ?', [order.orderId, ...key])
      return { orderId: order?.orderId ?? null, outcome }
    } catch (err) {
      // not handled: the provider's retry must be heard
      await release()
      throw err
    }
  }

  private findHinted(em: EntityManager, orderId?: string, providerRef?: string): Promise<PaymentOrder | null> {
    if (orderId) return em.findOne(PaymentOrder, { orderId, provider: this.provider.name })
    if (providerRef) return em.findOne(PaymentOrder, { provider: this.provider.name, providerRef })
    return Promise.resolve(null)
  }

  /** A new order and its first attempt at the provider. */
  private async openCheckout(em: EntityManager, fields: CheckoutFields, buyer: CheckoutBuyer): Promise<PaymentOrder> {
    const { provider, logger } = this.deps
    if (!provider.methods.includes(fields.method)) throw badRequest(PAYMENT_MESSAGES.methodUnavailable, 'method_unavailable')
    const quote = await atProvider(logger, 'quote', () => provider.quote(fields.method, fields.amountCents))
    const now = new Date()
    const order = em.create(PaymentOrder, {
      ...fields,
      ...checkoutMoney(fields, quote),
      user: em.getReference(User, buyer.id),
      provider: provider.name,
      createdAt: now,
      updatedAt: now,
    })
    try {
      await em.flush()
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) {
        em.clear()
        throw new HttpError(409, 'order_exists', fields.kind === 'deposit' ? PAYMENT_MESSAGES.depositTooSoon : PAYMENT_MESSAGES.checkoutOpening, {
          'Retry-After': '1',
        })
      }
      throw err
    }
    try {
      const created = await provider.createCheckout(em, order, quote, buyer)
      Object.assign(order, { providerRef: created.providerRef, checkoutUrl: created.checkoutUrl, updatedAt: new Date() })
      await em.flush()
    } catch (err) {
      // the order stays, failed, so its id is not reused for a different checkout by accident
      await em.nativeUpdate(PaymentOrder, { id: order.id }, { status: 'failed', updatedAt: new Date() })
      order.status = 'failed'
      // inside a request's transaction the failure rolls the order back with everything else: nothing to tell
      if (!em.isInTransaction()) await this.crediting.announceStatus(order)
      if (err instanceof HttpError) throw err
      logger.warn({ err, orderId: order.orderId }, err instanceof ProviderUnavailable ? 'provider refused the checkout' : 'checkout failed')
      throw serviceUnavailable(PAYMENT_MESSAGES.providerUnavailable)
    }
    return order
  }
}
