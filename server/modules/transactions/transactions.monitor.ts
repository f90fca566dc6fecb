import type { FilterQuery } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { PAYMENT_MONITOR, STUCK_MESSAGES, type AdminDealDto, type AdminDealQuery, type StuckFlag } from '@shared/api/admin-payments'
import { transactionDisplayId } from '@shared/api/transactions'
import { centsToDollars } from '../listings/listing.mapper'
import { EscrowTransaction } from './transactions.entities'

const MINUTE_MS = 60_000

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE_MS)
const iso = (date: Date | null) => (date ? date.toISOString() : null)

/**
 * Deals the sweep should have moved (every instance runs it every 15 s): an unpaid reservation or a countdown
 * that ended more than PAYMENT_MONITOR.sweepGraceMinutes ago. Other waits (an invite, a dispute) are people's.
 */
export function stuckDeal(deal: Pick<EscrowTransaction, 'status' | 'reservedUntil' | 'countdownEndsAt'>, now: Date): StuckFlag | null {
  const grace = minutesBefore(now, PAYMENT_MONITOR.sweepGraceMinutes)
  if (deal.status === 'pending' && deal.reservedUntil && deal.reservedUntil < grace) {
    return { reason: 'reservation_not_lapsed', message: STUCK_MESSAGES.reservation_not_lapsed }
  }
  if (deal.status === 'countdown_started' && deal.countdownEndsAt && deal.countdownEndsAt < grace) {
    return { reason: 'countdown_not_released', message: STUCK_MESSAGES.countdown_not_released }
  }
  return null
}

/** The same rule as SQL: both halves are served by the sweep's own partial indexes. */
export function stuckDealsWhere(now: Date): FilterQuery<EscrowTransaction> {
  const grace = minutesBefore(now, PAYMENT_MONITOR.sweepGraceMinutes)
  return {
    $or: [
      { status: 'pending', reservedUntil: { $lt: grace } },
      { status: 'countdown_started', countdownEndsAt: { $lt: grace } },
    ],
  }
}

function dealsWhere(query: Omit<AdminDealQuery, 'page'>, now: Date): FilterQuery<EscrowTransaction> {
  const all: FilterQuery<EscrowTransaction>[] = []
  if (query.status) all.push({ status: query.status })
  if (query.olderThan) all.push({ createdAt: { $lt: minutesBefore(now, query.olderThan) } })
  if (query.stuck !== undefined) all.push(query.stuck ? stuckDealsWhere(now) : { $not: stuckDealsWhere(now) })
  return all.length > 0 ? { $and: all } : {}
}

/** Every deal for the payment monitor, newest first, with the total; listing and parties loaded. */
export async function listMonitorDeals(
  em: EntityManager,
  query: Omit<AdminDealQuery, 'page'>,
  window: { limit: number; offset: number },
  now: Date,
): Promise<{ items: EscrowTransaction[]; total: number }> {
  const [items, total] = await em.findAndCount(EscrowTransaction, dealsWhere(query, now), {
    orderBy: { id: 'desc' },
    limit: window.limit,
    offset: window.offset,
    populate: ['listing', 'buyer', 'seller'],
  })
  return { items, total }
}

export const countStuckDeals = (em: EntityManager, now: Date) => em.count(EscrowTransaction, stuckDealsWhere(now))

export function toMonitorDealDto(deal: EscrowTransaction, now: Date): AdminDealDto {
  return {
    id: deal.id,
    displayId: transactionDisplayId(deal.id),
    listing: { id: deal.listing.id, title: deal.listing.accountTitle, platform: deal.listing.platform },
    buyer: { id: deal.buyer.id, username: deal.buyer.username },
    seller: { id: deal.seller.id, username: deal.seller.username },
    status: deal.status,
    price: centsToDollars(deal.priceCents),
    escrowFee: centsToDollars(deal.escrowFeeCents),
    processorFee: centsToDollars(deal.processorFeeCents),
    total: centsToDollars(deal.priceCents + deal.escrowFeeCents + deal.processorFeeCents),
    paymentMethod: deal.paymentMethod,
    createdAt: deal.createdAt.toISOString(),
    updatedAt: deal.updatedAt.toISOString(),
    paidAt: iso(deal.paidAt),
    reservedUntil: iso(deal.reservedUntil),
    countdownEndsAt: iso(deal.countdownEndsAt),
    stuck: stuckDeal(deal, now),
  }
}
