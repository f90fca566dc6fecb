import { transactionDisplayId } from '@shared/api/transactions'
import { centsToDecimalString } from '@shared/money'
import { toCsv } from '../../http/csv'
import type { EscrowTransaction } from '../transactions/transactions.entities'
import { stuckDeal } from '../transactions/transactions.monitor'
import type { PaymentOrder } from '../payments/payment.entities'
import { stuckOrder } from '../payments/payment-monitor.reads'

const iso = (date: Date | null) => date?.toISOString() ?? ''
const money = (cents: number) => centsToDecimalString(cents)

const ORDER_COLUMNS = [
  'order_id',
  'kind',
  'transaction',
  'user_id',
  'username',
  'provider',
  'provider_ref',
  'method',
  'amount',
  'processor_fee',
  'total',
  'status',
  'stuck',
  'created_at',
  'updated_at',
  'paid_at',
  'credited_at',
  'refunded_at',
  'reversed_at',
  'reversal_resolved_at',
  'complained_at',
  'complaint_closed_at',
] as const

/** Payment orders (their buyer loaded) as CSV; amounts in dollars with two decimals, times in UTC ISO 8601. */
export function ordersCsv(orders: readonly PaymentOrder[], now: Date): string {
  return toCsv(
    ORDER_COLUMNS,
    orders.map((o) => [
      o.orderId,
      o.kind,
      o.transactionId === null ? '' : transactionDisplayId(o.transactionId),
      o.user.id,
      o.user.username,
      o.provider,
      o.providerRef,
      o.method,
      money(o.amountCents),
      money(o.processorFeeCents),
      money(o.totalCents),
      o.status,
      stuckOrder(o, now)?.message,
      iso(o.createdAt),
      iso(o.updatedAt),
      iso(o.paidAt),
      iso(o.creditedAt),
      iso(o.refundedAt),
      iso(o.reversedAt),
      iso(o.reversalResolvedAt),
      iso(o.complainedAt),
      iso(o.complaintClosedAt),
    ]),
  )
}

const DEAL_COLUMNS = [
  'transaction',
  'id',
  'status',
  'stuck',
  'listing_id',
  'listing_title',
  'platform',
  'buyer',
  'seller',
  'price',
  'escrow_fee',
  'processor_fee',
  'total',
  'payment_method',
  'created_at',
  'updated_at',
  'paid_at',
  'reserved_until',
  'countdown_ends_at',
] as const

/** Escrow deals (listing and parties loaded) as CSV. */
export function dealsCsv(deals: readonly EscrowTransaction[], now: Date): string {
  return toCsv(
    DEAL_COLUMNS,
    deals.map((d) => [
      transactionDisplayId(d.id),
      d.id,
      d.status,
      stuckDeal(d, now)?.message,
      d.listing.id,
      d.listing.accountTitle,
      d.listing.platform,
      d.buyer.username,
      d.seller.username,
      money(d.priceCents),
      money(d.escrowFeeCents),
      money(d.processorFeeCents),
      money(d.priceCents + d.escrowFeeCents + d.processorFeeCents),
      d.paymentMethod,
      iso(d.createdAt),
      iso(d.updatedAt),
      iso(d.paidAt),
      iso(d.reservedUntil),
      iso(d.countdownEndsAt),
    ]),
  )
}

/** `payment-orders-20260101-1200.csv`: what, and when in UTC. */
export function csvFilename(what: string, now: Date): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')
  return `${what}-${stamp}.csv`
}
