import type { FilterQuery } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { PAYMENT_MONITOR, STUCK_MESSAGES, type AdminOrderQuery, type AdminPaymentOrderDto, type StuckFlag } from '@shared/api/admin-payments'
import { PaymentOrder } from './payment.entities'
import { toDollars } from './payments.mapper'

const MINUTE_MS = 60_000

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE_MS)

/**
 * Stuck orders (docs/decisions.md "Payment monitor"): `paid` is only ever stored for money the provider holds and
 * Handover did not credit, so it is stuck at once, as is a credited order the provider gave back to the payer (`reversedAt`)
 * until an operator has recovered the money (`reversalResolvedAt`), or one the payer complained about at the provider
 * until the provider is past the complaint; `created` is stuck once nobody has heard from the provider for
 * PAYMENT_MONITOR.openOrderMinutes. Both are what a reconcile can settle.
 */
export function stuckOrder(
  order: Pick<PaymentOrder, 'status' | 'createdAt' | 'reversedAt' | 'reversalResolvedAt' | 'complainedAt' | 'complaintClosedAt'>,
  now: Date,
): StuckFlag | null {
  if (order.reversedAt && !order.reversalResolvedAt) return { reason: 'reversed_at_provider', message: STUCK_MESSAGES.reversed_at_provider }
  if (order.complainedAt && !order.complaintClosedAt) return { reason: 'complaint_at_provider', message: STUCK_MESSAGES.complaint_at_provider }
  if (order.status === 'paid') return { reason: 'paid_not_credited', message: STUCK_MESSAGES.paid_not_credited }
  if (order.status === 'created' && order.createdAt < minutesBefore(now, PAYMENT_MONITOR.openOrderMinutes)) {
    return { reason: 'open_too_long', message: STUCK_MESSAGES.open_too_long }
  }
  return null
}

/** The same rule as SQL, for the stuck filter and the summary. */
export function stuckOrdersWhere(now: Date): FilterQuery<PaymentOrder> {
  return {
    $or: [
      { status: 'paid' },
      { reversedAt: { $ne: null }, reversalResolvedAt: null },
      { complainedAt: { $ne: null }, complaintClosedAt: null },
      { status: 'created', createdAt: { $lt: minutesBefore(now, PAYMENT_MONITOR.openOrderMinutes) } },
    ],
  }
}

function ordersWhere(query: Omit<AdminOrderQuery, 'page'>, now: Date): FilterQuery<PaymentOrder> {
  const all: FilterQuery<PaymentOrder>[] = []
  if (query.status) all.push({ status: query.status })
  if (query.provider) all.push({ provider: query.provider })
  if (query.kind) all.push({ kind: query.kind })
  if (query.olderThan) all.push({ createdAt: { $lt: minutesBefore(now, query.olderThan) } })
  if (query.stuck !== undefined) all.push(query.stuck ? stuckOrdersWhere(now) : { $not: stuckOrdersWhere(now) })
  return all.length > 0 ? { $and: all } : {}
}

/**
 * Orders for the monitor, newest first (by when the checkout opened: a purchase's retried order opens again), with
 * the total; `limit` and `offset` page them.
 */
export async function listOrders(
  em: EntityManager,
  query: Omit<AdminOrderQuery, 'page'>,
  window: { limit: number; offset: number },
  now: Date,
): Promise<{ items: PaymentOrder[]; total: number }> {
  const [items, total] = await em.findAndCount(PaymentOrder, ordersWhere(query, now), {
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    limit: window.limit,
    offset: window.offset,
    populate: ['user'],
  })
  return { items, total }
}

export const countStuckOrders = (em: EntityManager, now: Date) => em.count(PaymentOrder, stuckOrdersWhere(now))

/** The order with its buyer loaded (`user`), as the monitor shows it. */
export function toAdminOrderDto(order: PaymentOrder, now: Date): AdminPaymentOrderDto {
  return {
    id: order.id,
    orderId: order.orderId,
    kind: order.kind,
    transactionId: order.transactionId,
    user: { id: order.user.id, username: order.user.username },
    provider: order.provider,
    providerRef: order.providerRef,
    method: order.method,
    amount: toDollars(order.amountCents),
    processorFee: toDollars(order.processorFeeCents),
    total: toDollars(order.totalCents),
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    creditedAt: order.creditedAt?.toISOString() ?? null,
    refundedAt: order.refundedAt?.toISOString() ?? null,
    reversedAt: order.reversedAt?.toISOString() ?? null,
    reversalResolvedAt: order.reversalResolvedAt?.toISOString() ?? null,
    complainedAt: order.complainedAt?.toISOString() ?? null,
    complaintClosedAt: order.complaintClosedAt?.toISOString() ?? null,
    stuck: stuckOrder(order, now),
  }
}
