import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { PAYMENT_MESSAGES, type PaymentOrderStatus } from '@shared/api/payments'
import { ADMIN_SENDER_ID } from '@shared/constants'
import type { PaymentMethod } from '@shared/fees'
import { formatCents } from '@shared/format'
import { centsToDecimalString } from '@shared/money'
import { conflict } from '../../http/errors'
import type { Logger } from '../../logger'
import { announce, combine, type Announcement } from '../../realtime/announce'
import type { Delivery, EventBus } from '../../realtime/bus'
import type { LedgerService } from '../ledger/ledger.service'
import type { Notification } from '../notifications/notification.entity'
import type { NotificationService } from '../notifications/notifications.service'
import { User } from '../users/user.entity'
import { PaymentOrder } from './payment.entities'
import type { ConfirmOutcome } from './payments.mapper'
import type { PaymentProvider, ProviderStatusReport } from './payment-provider'

/**
 * What the escrow core does with a purchase order the provider confirmed: moves the deal pending → fee_paid and
 * provider clearing → escrow (or, for a deal that no longer waits, to the buyer's balance). Runs inside our
 * transaction, so the order turns `credited` in the same commit as the money moves.
 */
export interface PurchaseFunding {
  payWithProvider(
    em: EntityManager,
    order: { transactionId: number; orderId: string; method: PaymentMethod; amountCents: number; processorFeeCents: number },
  ): Promise<{ transactionId: number; conversationId: number | null; sellerId: number; announcement: Announcement }>
  /** the buyer complained at the provider: a deal the order funded and still holding its money is held for an admin */
  holdForProviderComplaint(tx: EntityManager, transactionId: number): Promise<Announcement | null>
}

export interface CreditingDeps {
  provider: PaymentProvider
  ledger: LedgerService
  notifications: NotificationService
  bus: EventBus
  logger: Logger
  /** late-bound: the escrow service is created after payments (it calls us for checkouts) */
  purchases: () => PurchaseFunding | undefined
}

/** An order nobody paid within a day is expired; a payment the provider reports later still counts. */
export const ORDER_TTL_MS = 24 * 60 * 60 * 1000

/** Statuses an order leaves when the provider reports something new; `paid` waits for an operator, `credited` is final. */
const UNSETTLED: readonly PaymentOrderStatus[] = ['created', 'failed', 'cancelled', 'expired']

/** The fields a change of an order's state touches, as an audit entry records them. */
export type OrderSnapshot = {
  status: PaymentOrderStatus
  paidAt: string | null
  creditedAt: string | null
  /** what a webhook or a reconcile found at the provider after the credit */
  reversedAt: string | null
  complainedAt: string | null
  complaintClosedAt: string | null
}

const isoOrNull = (at: Date | null | undefined) => (at ? new Date(at).toISOString() : null)

/** What a check after the credit can find at the provider, as the order's fields and their columns. */
type Found = Pick<PaymentOrder, 'reversedAt' | 'complainedAt' | 'complaintClosedAt'>
const FOUND_COLUMNS: Record<keyof Found, string> = {
  reversedAt: 'reversed_at',
  complainedAt: 'complained_at',
  complaintClosedAt: 'complaint_closed_at',
}

const foundSnapshot = (found: Found): Pick<OrderSnapshot, keyof Found> => ({
  reversedAt: isoOrNull(found.reversedAt),
  complainedAt: isoOrNull(found.complainedAt),
  complaintClosedAt: isoOrNull(found.complaintClosedAt),
})

export const orderSnapshot = (order: PaymentOrder): OrderSnapshot => ({
  status: order.status,
  paidAt: isoOrNull(order.paidAt),
  creditedAt: isoOrNull(order.creditedAt),
  reversedAt: isoOrNull(order.reversedAt),
  complainedAt: isoOrNull(order.complainedAt),
  complaintClosedAt: isoOrNull(order.complaintClosedAt),
})

export interface ConfirmOptions {
  /**
   * Runs inside the database transaction that changes the order, and only when it changes it: an admin's
   * reconcile writes its audit entry there, so the entry exists exactly when the change committed.
   */
  onChange?: (tx: EntityManager, change: { before: OrderSnapshot; after: OrderSnapshot }) => void | Promise<void>
  /**
   * A webhook or an admin's reconcile: a credited order is asked about again (the return screen's repeats are not),
   * so a settlement that failed is retried and money the provider gave back after the credit comes to light.
   */
  recheck?: boolean
}

/**
 * Whether the order's owner deleted their account. Read under a share lock on the user's row, which a deletion holds
 * for update: a deletion either commits first (and the money is not credited) or waits for the credit and then finds
 * the money in the wallet (and is refused). Never both, so no money lands on a wallet nobody can reach.
 */
async function accountClosed(tx: EntityManager, userId: number): Promise<boolean> {
  const [row] = await tx.execute<{ deleted: boolean }[]>(`select deleted_at is not null as deleted from users where id = ? for share`, [userId])
  return row?.deleted === true
}

/**
 * The one way an order's money reaches Handover, whoever asks (the return screen, manual completion, a webhook):
 * ask the provider, and only if it says paid (the full total), credit under the order's row lock, once.
 */
export class PaymentCrediting {
  constructor(private readonly deps: CreditingDeps) {}

  async confirm(em: EntityManager, order: PaymentOrder, options: ConfirmOptions = {}): Promise<{ order: PaymentOrder; outcome: ConfirmOutcome }> {
    if (order.status === 'credited') {
      if (options.recheck && order.provider === this.deps.provider.name) await this.recheckCredited(em, order, options)
      return { order, outcome: 'credited' }
    }
    // sent back by an operator: never credited after that, whatever the provider says
    if (order.status === 'refunded') return { order, outcome: 'refunded' }
    // made before PAYMENTS_PROVIDER changed: the provider now set up never saw it, so it cannot say anything of it
    if (order.provider !== this.deps.provider.name) throw conflict(PAYMENT_MESSAGES.otherProvider, 'other_provider')
    // asked outside the lock: a slow provider must not hold the row while others queue on it
    const attempt = order.providerRef
    const askedAt = new Date()
    const report = await this.deps.provider.fetchOrderStatus(em, order)
    if (report.status === 'paid' && report.collectedCents !== order.totalCents) {
      // `paid` and never credited: the provider holds money that is not what was ordered, an operator's case
      this.deps.logger.error(
        { orderId: order.orderId, collected: report.collectedCents, total: order.totalCents },
        'provider amount does not match the order',
      )
      if (order.status !== 'paid') await this.record(em, order, UNSETTLED, { status: 'paid', paidAt: new Date() }, options)
      return { order, outcome: 'mismatch' }
    }
    if (report.status !== 'paid') return { order, outcome: await this.settleUnpaid(em, order, report.status, options) }

    const credited = await em.transactional(async (tx) => {
      const locked = await tx.findOneOrFail(PaymentOrder, { id: order.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })
      if (locked.status === 'credited') return { order: locked, fresh: false, closed: false, notification: null, after: undefined }
      // refunded by an operator while the provider was asked
      if (locked.status === 'refunded') return { order: locked, fresh: false, closed: false, notification: null, after: undefined }
      // a new checkout replaced the attempt the provider called paid, after voiding it (which refunds a payment it finds)
      if (locked.providerRef !== attempt) return { order: locked, fresh: false, closed: false, notification: null, after: undefined, replaced: true }
      const before = orderSnapshot(locked)
      const now = new Date()
      locked.paidAt ??= now
      if (await accountClosed(tx, locked.user.id)) {
        // paid for an account deleted since: no balance anyone can reach, so the money stays at the provider
        const fresh = locked.status !== 'paid'
        locked.status = 'paid'
        if (fresh) {
          locked.updatedAt = now
          await options.onChange?.(tx, { before, after: orderSnapshot(locked) })
        }
        return { order: locked, fresh, closed: true, notification: null, after: undefined }
      }
      let notification: Notification | null = null
      let after: Announcement | undefined
      if (locked.kind === 'deposit') notification = await this.creditDeposit(tx, locked)
      else after = await this.fundPurchase(tx, locked)
      locked.status = 'credited'
      locked.creditedAt = now
      locked.updatedAt = now
      // this answer is the newest applied: a check asked before it must not undo what it says (applyFindings)
      locked.providerCheckedAt = askedAt
      // the payer complained at the provider before Handover first heard of the payment: noted, and the deal the
      // payment funds held for an admin, in the credit's own commit, so no deal is ever funded and not held
      let hold: Announcement | null = null
      if (report.complained) {
        locked.complainedAt = askedAt
        const purchases = this.deps.purchases()
        if (locked.kind === 'purchase' && locked.transactionId !== null && purchases)
          hold = await purchases.holdForProviderComplaint(tx, locked.transactionId)
      }
      await options.onChange?.(tx, { before, after: orderSnapshot(locked) })
      return { order: locked, fresh: true, closed: false, notification, after, hold }
    })
    if (credited.closed) {
      this.deps.logger.error({ orderId: order.orderId, userId: credited.order.user.id }, 'payment for a deleted account: refund it at the provider')
      if (credited.fresh) await this.announceStatus(credited.order)
      return { order: credited.order, outcome: 'account_closed' }
    }
    if (credited.order.status === 'refunded') return { order: credited.order, outcome: 'refunded' }
    if ('replaced' in credited) return { order: credited.order, outcome: 'pending' }
    // once everything has committed: the deal's own announcement (its live events, notifications and chat line), the
    // hold's, then the credit's
    let held: Announcement | null = null
    if ('hold' in credited && credited.order.complainedAt) {
      const context = {
        orderId: order.orderId,
        userId: credited.order.user.id,
        transactionId: credited.order.transactionId,
        dealHeld: credited.hold !== null,
      }
      this.deps.logger.error(context, 'the payer complained at the provider before the payment was credited: answer the complaint there')
      held = credited.hold ?? null
    }
    const news = credited.fresh ? await this.creditNews(em, credited.order, credited.notification) : null
    await announce(this.deps, 'payment', combine(credited.after, held, news))
    if (credited.fresh) await this.settle(credited.order)
    // credited meanwhile by another check whose answer had no complaint yet: this one's is noted as on any later check
    else if (report.complained) await this.applyFindings(em, credited.order, report, askedAt, options)
    return { order: credited.order, outcome: 'credited' }
  }

  /**
   * A credited order, asked about again. Money the provider still holds gets its settlement retried (Trustap: accept
   * the deposit, confirm the handover; both skipped once done); what the answer says of the order after the credit is
   * applied (`applyFindings`).
   */
  private async recheckCredited(em: EntityManager, order: PaymentOrder, options: ConfirmOptions): Promise<void> {
    const { provider, logger } = this.deps
    const askedAt = new Date()
    const report = await provider.fetchOrderStatus(em, order)
    await this.applyFindings(em, order, report, askedAt, options)
    if (report.status === 'paid')
      await provider.settle?.(order).catch((err: unknown) => logger.error({ err, orderId: order.orderId }, 'provider settlement failed'))
  }

  /**
   * What the provider's answer (asked at `askedAt`) says of a credited order, applied under the order's row lock in one
   * transaction, and only when no answer asked later has been applied already (`provider_checked_at`): webhooks and
   * reconciles run side by side, and an answer that arrives late must not undo a newer one.
   * - Money given back to the payer (a refund or cancel at the provider): `reversed_at`, once, and logged; the ledger
   *   keeps the credit, so the payment monitor lists it for an operator to recover.
   * - A complaint at the provider: `complained_at`, once, with the deal the order funded held for an admin in the same
   *   transaction (`holdForProviderComplaint`); then `complaint_closed_at` once the provider is past it (the complaint
   *   period ended, or the money went back). In between, the monitor lists the order: the marketplace is the seller of
   *   every Trustap transaction and answers the complaint there.
   * Each change goes through the caller's `onChange` (an admin's reconcile audits it).
   */
  private async applyFindings(
    em: EntityManager,
    order: PaymentOrder,
    report: ProviderStatusReport,
    askedAt: Date,
    options: ConfirmOptions,
  ): Promise<void> {
    if (report.status !== 'paid' && report.status !== 'cancelled') return
    const complained = report.status === 'paid' && report.complained === true
    const applied = await em.transactional(async (tx) => {
      const [row] = await tx.execute<
        {
          reversed_at: Date | null
          complained_at: Date | null
          complaint_closed_at: Date | null
          refunded_at: Date | null
        }[]
      >(
        `update payment_orders set provider_checked_at = ? where id = ? and (provider_checked_at is null or provider_checked_at < ?)
         returning reversed_at, complained_at, complaint_closed_at, refunded_at`,
        [askedAt, order.id, askedAt],
      )
      // an answer asked later than this one was applied already
      if (!row) return null
      const found: Found = { reversedAt: row.reversed_at, complainedAt: row.complained_at, complaintClosedAt: row.complaint_closed_at }
      const set: Partial<Found> = {}
      if (complained && !found.complainedAt) set.complainedAt = askedAt
      if (!complained && found.complainedAt && !found.complaintClosedAt) set.complaintClosedAt = askedAt
      // money given back by Handover's own refund of the deal it funded is no reversal
      if (report.status === 'cancelled' && !found.reversedAt && !row.refunded_at) set.reversedAt = askedAt
      const fields = Object.keys(set) as (keyof Found)[]
      if (fields.length === 0) return null
      const columns = fields.map((field) => `${FOUND_COLUMNS[field]} = ?`).join(', ')
      await tx.execute(`update payment_orders set ${columns}, updated_at = ? where id = ?`, [...fields.map((field) => set[field]), askedAt, order.id])
      const purchases = this.deps.purchases()
      const hold =
        set.complainedAt && order.kind === 'purchase' && order.transactionId !== null && purchases
          ? await purchases.holdForProviderComplaint(tx, order.transactionId)
          : null
      const before = { ...orderSnapshot(order), ...foundSnapshot(found) }
      const after = { ...orderSnapshot(order), ...foundSnapshot({ ...found, ...set }) }
      await options.onChange?.(tx, { before, after })
      return { set, hold }
    })
    if (!applied) return
    Object.assign(order, applied.set, { updatedAt: askedAt })
    const { logger } = this.deps
    const context = { orderId: order.orderId, userId: order.user.id, transactionId: order.transactionId, amountCents: order.amountCents }
    if (applied.set.reversedAt) logger.error(context, 'the provider gave a credited payment back to the payer: recover it')
    if (applied.set.complainedAt)
      logger.error(
        { ...context, dealHeld: applied.hold !== null },
        'the payer complained about a credited payment at the provider: answer the complaint there',
      )
    if (applied.set.complaintClosedAt) logger.info(context, 'the provider is past the complaint')
    await announce(this.deps, 'payment', combine(applied.hold, { deliveries: [monitorDelivery(order)] }))
  }

  /** Tells the admins' payment monitors (999) that an order was opened or changed status; never throws. */
  async announceStatus(order: PaymentOrder): Promise<void> {
    await announce(this.deps, 'payment', { deliveries: [monitorDelivery(order)] })
  }

  /**
   * Writes what the provider reported under the order's row lock, if the order is still in one of `from`,
   * with the caller's `onChange` in the same transaction; announced to the monitors once committed.
   */
  private async record(
    em: EntityManager,
    order: PaymentOrder,
    from: readonly PaymentOrderStatus[],
    next: Pick<PaymentOrder, 'status'> & Partial<Pick<PaymentOrder, 'paidAt'>>,
    options: ConfirmOptions,
  ) {
    const changed = await em.transactional(async (tx) => {
      const locked = await tx.findOneOrFail(PaymentOrder, { id: order.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })
      if (!from.includes(locked.status)) return null
      const before = orderSnapshot(locked)
      Object.assign(locked, next, { updatedAt: new Date() })
      await options.onChange?.(tx, { before, after: orderSnapshot(locked) })
      return { status: locked.status, paidAt: locked.paidAt, updatedAt: locked.updatedAt }
    })
    if (!changed) return
    Object.assign(order, changed)
    await this.announceStatus(order)
  }

  /** Provider clearing → the user's wallet, keyed by the order so no path credits it twice. */
  private async creditDeposit(tx: EntityManager, order: PaymentOrder): Promise<Notification> {
    const { ledger } = this.deps
    await ledger.transfer(tx, {
      kind: 'deposit',
      idempotencyKey: `order:${order.orderId}:credit`,
      memo: `Deposit ${order.orderId} by ${order.method}`,
      legs: [
        { account: await ledger.systemAccount(tx, 'provider_clearing'), amountCents: -order.amountCents },
        { account: await ledger.walletOf(tx, tx.getReference(User, order.user.id)), amountCents: order.amountCents },
      ],
    })
    const amount = centsToDecimalString(order.amountCents)
    return this.deps.notifications.notify(tx, order.user.id, {
      type: 'balance_updated',
      title: 'Deposit received',
      message: `${formatCents(order.amountCents)} was added to your balance.`,
      data: { type: 'deposit', orderId: order.orderId, amount },
    })
  }

  private async fundPurchase(tx: EntityManager, order: PaymentOrder) {
    const purchases = this.deps.purchases()
    // purchase orders are only created when escrow is wired, so this is a deployment mistake, not a user's
    if (!purchases || order.transactionId === null) throw new Error(`purchase order ${order.orderId} cannot be funded: escrow is not wired`)
    const funded = await purchases.payWithProvider(tx, {
      transactionId: order.transactionId,
      orderId: order.orderId,
      method: order.method,
      amountCents: order.amountCents,
      processorFeeCents: order.processorFeeCents,
    })
    order.conversationId = funded.conversationId
    order.sellerId = funded.sellerId
    return funded.announcement
  }

  /** Records what the provider said of an unpaid order; `paid` and `credited` are never taken back here. */
  private async settleUnpaid(
    em: EntityManager,
    order: PaymentOrder,
    status: 'pending' | 'failed' | 'cancelled',
    options: ConfirmOptions,
  ): Promise<ConfirmOutcome> {
    let next: PaymentOrder['status'] | null = status === 'pending' ? null : status
    if (status === 'pending' && Date.now() - order.createdAt.getTime() > ORDER_TTL_MS) next = 'expired'
    if (next === null) return 'pending'
    if (order.status !== next && UNSETTLED.includes(order.status)) {
      await this.record(
        em,
        order,
        UNSETTLED.filter((s) => s !== next),
        { status: next },
        options,
      )
    }
    return next
  }

  /**
   * What a fresh credit tells, once committed: the notification, then a deposit's new balance and completion to the
   * user's tabs, then the admins' payment monitors. A balance that cannot be read is left out (the tabs refetch it).
   */
  private async creditNews(em: EntityManager, order: PaymentOrder, notification: Notification | null): Promise<Announcement> {
    const deliveries: Delivery[] = []
    if (order.kind === 'deposit') {
      try {
        const balance = centsToDecimalString(await this.deps.ledger.walletBalance(em, order.user.id))
        deliveries.push(
          { audience: { userIds: [order.user.id] }, event: { type: 'balance_updated', balance } },
          { audience: { userIds: [order.user.id] }, event: { type: 'payment_completed', redirect_to_chat: false } },
        )
      } catch (err) {
        this.deps.logger.warn({ err, orderId: order.orderId }, 'payment credited but its new balance was not read')
      }
    }
    deliveries.push(monitorDelivery(order))
    return { notifications: notification ? [notification] : [], deliveries }
  }

  /**
   * The provider's own bookkeeping after a credit (Trustap: accept the deposit, confirm the handover); a failure is
   * retried by the next webhook for the order, or by an admin's reconcile (recheckCredited).
   */
  private async settle(order: PaymentOrder): Promise<void> {
    const { provider, logger } = this.deps
    await provider.settle?.(order).catch((err: unknown) => logger.error({ err, orderId: order.orderId }, 'provider settlement failed'))
  }
}

/** The admins' payment monitors (999) hear that an order was opened or changed status. */
export const monitorDelivery = (order: PaymentOrder): Delivery => ({
  audience: { userIds: [ADMIN_SENDER_ID] },
  event: { type: 'payment_monitor_update', orderId: order.orderId, status: order.status },
})
