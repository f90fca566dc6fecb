import { LockMode, QueryOrder, type QueryOrderMap } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { PAYMENT_MESSAGES, PAYMENTS_PAGE_SIZE, WITHDRAWAL_LIMITS, type WithdrawalStatus } from '@shared/api/payments'
import { ADMIN_SENDER_ID } from '@shared/constants'
import { formatCents, formatCentsExact } from '@shared/format'
import { centsToDecimalString } from '@shared/money'
import { badRequest, conflict, forbidden, notFound } from '../../http/errors'
import type { Answer } from '../../http/idempotency'
import type { Logger } from '../../logger'
import { adminAlertDelivery } from '../../realtime/admin-alerts'
import type { Delivery, EventBus } from '../../realtime/bus'
import { recordAudit } from '../audit/audit.service'
import type { LedgerService } from '../ledger/ledger.service'
import type { Notification } from '../notifications/notification.entity'
import type { NotificationService } from '../notifications/notifications.service'
import { User } from '../users/user.entity'
import { Withdrawal } from './payment.entities'
import type { PaymentProvider } from './payment-provider'

export interface WithdrawalsDeps {
  provider: PaymentProvider
  ledger: LedgerService
  notifications: NotificationService
  bus: EventBus
  logger: Logger
}

const holdKey = (id: number) => `withdrawal:${id}:hold`

/**
 * Paying out the balance (DESIGN.md "Money and escrow"): a request moves the money from the wallet into the
 * withdrawal's own hold account in the same commit as the request row (so it cannot be spent twice); an admin
 * approves (hold → provider clearing, paid out by the provider) or rejects (hold → wallet). Each decision is
 * made once under the row's lock; repeating the same decision answers the same, the other one is a 409.
 */
export class WithdrawalsService {
  constructor(private readonly deps: WithdrawalsDeps) {}

  /**
   * A request, in the caller's database transaction (the route's, with its Idempotency-Key): the row and the hold in
   * one commit. The transfer answers the new balance under the wallet's lock it took, and `after` announces it once the
   * caller has committed, so no tab hears of a balance, or refetches one, that is not there yet.
   */
  async request(tx: EntityManager, userId: number, amountCents: number, destination: string): Promise<Answer<Withdrawal>> {
    const { ledger } = this.deps
    const user = tx.getReference(User, userId)
    const wallet = await ledger.walletOf(tx, user)
    // under the minimum, only the whole balance, read under the wallet's lock so no payment slips in between
    if (amountCents < WITHDRAWAL_LIMITS.minCents && amountCents !== (await ledger.lockedBalanceOf(tx, wallet))) {
      throw badRequest(PAYMENT_MESSAGES.withdrawalTooSmall, 'validation_error')
    }
    const row = tx.create(Withdrawal, { user, amountCents, destination, createdAt: new Date() })
    await tx.flush()
    // refused with 409 when the balance is short: the caller's rollback takes the request row with it
    const moved = await ledger.transfer(tx, {
      kind: 'withdrawal_hold',
      idempotencyKey: holdKey(row.id),
      memo: `Withdrawal #${row.id} requested`,
      legs: [
        { account: wallet, amountCents: -amountCents },
        { account: await ledger.withdrawalHold(tx, row.id, user), amountCents },
      ],
    })
    // the transfer answers the wallet's new balance, read under the lock it took
    const balance = centsToDecimalString(moved.balanceOf(wallet))
    return { status: 201, body: row, deliveries: [balanceDelivery(userId, balance), queueDelivery(row), requestAlert(row)] }
  }

  list(em: EntityManager, userId: number): Promise<Withdrawal[]> {
    return em.find(Withdrawal, { user: userId }, { orderBy: { id: 'desc' }, limit: 100 })
  }

  /**
   * The admins' list, a page of PAYMENTS_PAGE_SIZE and the total. Requests waiting for a decision come the longest
   * waiting first, like the disputes queue (ids grow with time, and `withdrawals_requested_index` holds them in that
   * order), so a page never buries the oldest; decided ones the latest decision first; all of them the newest first.
   */
  async adminList(em: EntityManager, status: WithdrawalStatus | undefined, page: number): Promise<{ items: Withdrawal[]; total: number }> {
    const orderBy: QueryOrderMap<Withdrawal> =
      status === 'requested'
        ? { id: QueryOrder.ASC }
        : status
          ? { decidedAt: QueryOrder.DESC_NULLS_LAST, id: QueryOrder.DESC }
          : { id: QueryOrder.DESC }
    const [items, total] = await em.findAndCount(Withdrawal, status ? { status } : {}, {
      orderBy,
      limit: PAYMENTS_PAGE_SIZE,
      offset: (page - 1) * PAYMENTS_PAGE_SIZE,
      populate: ['user'],
    })
    return { items, total }
  }

  /**
   * Hold → provider clearing, and the provider pays out (idempotent on the withdrawal, so a retry never pays twice). In
   * the caller's transaction (the route's, with its Idempotency-Key); the wallet is not a leg, so its balance is read.
   */
  async approve(tx: EntityManager, id: number, adminId: number): Promise<Answer<Withdrawal>> {
    const { ledger, provider, notifications } = this.deps
    return this.decide(tx, id, adminId, { to: 'approved' }, async (w) => {
      const payout = await provider.payout(tx, w)
      await ledger.transfer(tx, {
        kind: 'withdrawal_payout',
        idempotencyKey: `withdrawal:${w.id}:payout`,
        memo: `Withdrawal #${w.id} paid out to ${w.destination}`,
        legs: [
          { account: await ledger.withdrawalHold(tx, w.id, w.user), amountCents: -w.amountCents },
          { account: await ledger.systemAccount(tx, 'provider_clearing'), amountCents: w.amountCents },
        ],
      })
      recordAudit(tx, {
        adminId,
        action: 'withdrawal.approve',
        targetType: 'withdrawal',
        targetId: w.id,
        before: { status: w.status },
        after: { status: 'approved', payoutRef: payout.reference },
      })
      Object.assign(w, { status: 'approved', payoutRef: payout.reference, decidedBy: tx.getReference(User, adminId), decidedAt: new Date() })
      const notification = await notifications.notify(tx, w.user.id, {
        type: 'balance_updated',
        title: 'Withdrawal sent',
        message: `Your withdrawal of ${formatCents(w.amountCents)} to ${w.destination} was approved and sent.`,
        data: { type: 'withdrawal_approved', withdrawalId: w.id },
      })
      return { notification, balanceCents: await ledger.walletBalance(tx, w.user.id) }
    })
  }

  /** Hold → wallet: the money is the user's to spend again. In the caller's transaction, as `approve`. */
  async reject(tx: EntityManager, id: number, adminId: number, reason: string): Promise<Answer<Withdrawal>> {
    const { ledger, notifications } = this.deps
    return this.decide(tx, id, adminId, { to: 'rejected', reason }, async (w) => {
      const wallet = await ledger.walletOf(tx, w.user)
      const moved = await ledger.transfer(tx, {
        kind: 'withdrawal_release',
        idempotencyKey: `withdrawal:${w.id}:release`,
        memo: `Withdrawal #${w.id} rejected: ${reason}`.slice(0, 500),
        legs: [
          { account: await ledger.withdrawalHold(tx, w.id, w.user), amountCents: -w.amountCents },
          { account: wallet, amountCents: w.amountCents },
        ],
      })
      recordAudit(tx, {
        adminId,
        action: 'withdrawal.reject',
        targetType: 'withdrawal',
        targetId: w.id,
        before: { status: w.status },
        after: { status: 'rejected' },
        reason,
      })
      Object.assign(w, { status: 'rejected', reason, decidedBy: tx.getReference(User, adminId), decidedAt: new Date() })
      const notification = await notifications.notify(tx, w.user.id, {
        type: 'balance_updated',
        title: 'Withdrawal rejected',
        message: `Your withdrawal of ${formatCents(w.amountCents)} was rejected: ${reason}. The money is back in your balance.`,
        data: { type: 'withdrawal_rejected', withdrawalId: w.id, reason },
      })
      return { notification, balanceCents: moved.balanceOf(wallet) }
    })
  }

  /** One withdrawal, for an admin whose decision dialog saw it leave the queue (decided, or moved to another page). */
  async adminOne(em: EntityManager, id: number): Promise<Withdrawal> {
    const w = await em.findOne(Withdrawal, { id }, { populate: ['user'] })
    if (!w) throw notFound(PAYMENT_MESSAGES.withdrawalNotFound)
    return w
  }

  /**
   * Under the row's lock: each withdrawal decided once, and never by the admin whose money it is (a second pair of
   * eyes). The same admin's same decision again (a retry without an Idempotency-Key) answers the withdrawal as it is
   * and announces nothing; anyone else's is a 409, so a second admin is told their approval or reason came too late
   * instead of being answered as if it had been taken. `after` tells the user once the caller has committed.
   */
  private async decide(
    tx: EntityManager,
    id: number,
    adminId: number,
    decision: { to: 'approved' } | { to: 'rejected'; reason: string },
    step: (w: Withdrawal) => Promise<{ notification: Notification; balanceCents: number }>,
  ): Promise<Answer<Withdrawal>> {
    const w = await tx.findOne(Withdrawal, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, populate: ['user'] })
    if (!w) throw notFound(PAYMENT_MESSAGES.withdrawalNotFound)
    if (w.user.id === adminId) throw forbidden(PAYMENT_MESSAGES.ownWithdrawal)
    const repeated = w.status === decision.to && w.decidedBy?.id === adminId && (decision.to !== 'rejected' || w.reason === decision.reason)
    if (repeated) return { status: 200, body: w }
    if (w.status !== 'requested') throw conflict(PAYMENT_MESSAGES.withdrawalDecided, 'withdrawal_decided')
    const { notification, balanceCents } = await step(w)
    await tx.flush()
    return {
      status: 200,
      body: w,
      notifications: [notification],
      deliveries: [balanceDelivery(w.user.id, centsToDecimalString(balanceCents)), queueDelivery(w)],
    }
  }
}

/** The user's tabs hear their new available balance. */
const balanceDelivery = (userId: number, balance: string): Delivery => ({
  audience: { userIds: [userId] },
  event: { type: 'balance_updated', balance },
})

/** Every admin's open queue (999) hears the request or the decision, not only the deciding admin's tab. */
const queueDelivery = (w: Withdrawal): Delivery => ({
  audience: { userIds: [ADMIN_SENDER_ID] },
  event: { type: 'withdrawal_queue_update', withdrawalId: w.id, status: w.status },
})

/**
 * A new request waits for an admin's decision: one alert, sent only by the request itself (a decision moves the queue
 * but asks nothing more of anyone). The payout address stays out of the text: an OS notification can show on a
 * locked screen.
 */
const requestAlert = (w: Withdrawal): Delivery =>
  adminAlertDelivery(
    'withdrawal',
    w.id,
    'Withdrawal to approve',
    `Withdrawal #${w.id} of ${formatCentsExact(w.amountCents)} is waiting for a decision.`,
  )
