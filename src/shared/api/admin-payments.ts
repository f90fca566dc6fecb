import { z } from 'zod'
import { LIVE_PLATFORMS } from '../constants'
import { PAYMENT_ORDER_STATUSES, PAYMENT_PROVIDERS, PROVIDER_METHODS } from './payments'
import { TRANSACTION_STATUSES } from './transactions'
import { showsAtLeast } from '../text'

/**
 * The admins' payment monitor (`/admin/payment-monitor`, docs/decisions.md "Payment monitor"): payment orders and
 * escrow deals, filtered and paged, those the server calls stuck, and the reconcile of one order with its provider.
 */
export const PAYMENT_MONITOR = {
  pageSize: 25,
  /** an order still `created` this long after its checkout opened is stuck: nobody heard from the provider */
  openOrderMinutes: 30,
  /** the sweep moves deals every 15 s; a reservation or countdown ended this long ago was missed */
  sweepGraceMinutes: 5,
  /** the CSV export holds at most this many rows, newest first */
  csvMaxRows: 10_000,
  /** "older than" goes up to a year */
  maxAgeMinutes: 525_600,
} as const

export const PAYMENT_ORDER_KINDS = ['deposit', 'purchase'] as const
export type PaymentOrderKindName = (typeof PAYMENT_ORDER_KINDS)[number]

export const STUCK_REASONS = [
  'paid_not_credited',
  'reversed_at_provider',
  'complaint_at_provider',
  'open_too_long',
  'reservation_not_lapsed',
  'countdown_not_released',
] as const
export type StuckReason = (typeof STUCK_REASONS)[number]

export const STUCK_MESSAGES: Record<StuckReason, string> = {
  paid_not_credited: 'Paid at the provider but not credited',
  reversed_at_provider: 'Credited, then returned to the payer at the provider: recover the money',
  complaint_at_provider: 'The payer complained at the provider: answer the complaint there',
  open_too_long: `No answer from the provider for over ${PAYMENT_MONITOR.openOrderMinutes} minutes`,
  reservation_not_lapsed: 'Reservation ended but the deal was not cancelled',
  countdown_not_released: 'Countdown ended but the funds were not released',
}

export const stuckSchema = z.object({ reason: z.enum(STUCK_REASONS), message: z.string() })
export type StuckFlag = z.infer<typeof stuckSchema>

const page = z.coerce
  .number({ error: 'page must be a number' })
  .int()
  .min(1, 'page must be at least 1')
  .max(100_000, 'page must be at most 100000')
  .default(1)
const olderThan = z.coerce
  .number({ error: 'olderThan must be a number of minutes' })
  .int('olderThan must be a whole number of minutes')
  .min(1, 'olderThan must be at least 1 minute')
  .max(PAYMENT_MONITOR.maxAgeMinutes, `olderThan must be at most ${PAYMENT_MONITOR.maxAgeMinutes} minutes`)
const stuck = z.enum(['true', 'false'], { error: 'stuck must be true or false' }).transform((value) => value === 'true')

/** GET /api/admin/payments/orders (and orders.csv, which ignores the page). A repeated parameter is a 400. */
export const adminOrderQuerySchema = z
  .object({
    status: z.enum(PAYMENT_ORDER_STATUSES, { error: `status must be one of ${PAYMENT_ORDER_STATUSES.join(', ')}` }).optional(),
    provider: z.enum(PAYMENT_PROVIDERS, { error: `provider must be one of ${PAYMENT_PROVIDERS.join(', ')}` }).optional(),
    kind: z.enum(PAYMENT_ORDER_KINDS, { error: `kind must be one of ${PAYMENT_ORDER_KINDS.join(', ')}` }).optional(),
    olderThan: olderThan.optional(),
    stuck: stuck.optional(),
    page,
  })
  .strict()
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>

/** GET /api/admin/payments/transactions: escrow deals, by status, age and stuck. */
export const adminDealQuerySchema = z
  .object({
    status: z.enum(TRANSACTION_STATUSES, { error: `status must be one of ${TRANSACTION_STATUSES.join(', ')}` }).optional(),
    olderThan: olderThan.optional(),
    stuck: stuck.optional(),
    page,
  })
  .strict()
export type AdminDealQuery = z.infer<typeof adminDealQuerySchema>

const iso = z.iso.datetime()
const party = z.object({ id: z.number().int(), username: z.string() })

/** One payment order as the monitor shows it; amounts in dollars. */
export const adminPaymentOrderSchema = z.object({
  id: z.number().int(),
  orderId: z.string(),
  kind: z.enum(PAYMENT_ORDER_KINDS),
  /** the deal a purchase pays for */
  transactionId: z.number().int().nullable(),
  user: party,
  provider: z.enum(PAYMENT_PROVIDERS),
  providerRef: z.string().nullable(),
  method: z.enum(PROVIDER_METHODS),
  amount: z.number(),
  processorFee: z.number(),
  total: z.number(),
  status: z.enum(PAYMENT_ORDER_STATUSES),
  createdAt: iso,
  updatedAt: iso,
  paidAt: iso.nullable(),
  creditedAt: iso.nullable(),
  refundedAt: iso.nullable(),
  /** what the provider did after the credit, and what came of it: the money given back to the payer, and when an operator marked it recovered */
  reversedAt: iso.nullable(),
  reversalResolvedAt: iso.nullable(),
  /** the payer's complaint at the provider, and when the provider was past it */
  complainedAt: iso.nullable(),
  complaintClosedAt: iso.nullable(),
  stuck: stuckSchema.nullable(),
})
export type AdminPaymentOrderDto = z.infer<typeof adminPaymentOrderSchema>
export const adminPaymentOrderListSchema = z.array(adminPaymentOrderSchema)

/** One escrow deal as the monitor shows it. */
export const adminDealSchema = z.object({
  id: z.number().int(),
  /** ACC-{id padded to 3} */
  displayId: z.string(),
  listing: z.object({ id: z.number().int(), title: z.string(), platform: z.enum(LIVE_PLATFORMS) }),
  buyer: party,
  seller: party,
  status: z.enum(TRANSACTION_STATUSES),
  price: z.number(),
  escrowFee: z.number(),
  processorFee: z.number(),
  /** what the buyer pays: price, escrow fee and any processor fee */
  total: z.number(),
  paymentMethod: z.enum(['balance', ...PROVIDER_METHODS]).nullable(),
  createdAt: iso,
  updatedAt: iso,
  paidAt: iso.nullable(),
  reservedUntil: iso.nullable(),
  countdownEndsAt: iso.nullable(),
  stuck: stuckSchema.nullable(),
})
export type AdminDealDto = z.infer<typeof adminDealSchema>
export const adminDealListSchema = z.array(adminDealSchema)

/** GET /api/admin/payments/summary: what is stuck now, whatever the filters. */
export const paymentMonitorSummarySchema = z.object({ stuckOrders: z.number().int(), stuckTransactions: z.number().int() })
export type PaymentMonitorSummary = z.infer<typeof paymentMonitorSummarySchema>

/** What the provider said when asked; only `credited` means the money reached Handover. */
export const RECONCILE_OUTCOMES = ['credited', 'pending', 'failed', 'cancelled', 'expired', 'mismatch', 'account_closed', 'refunded'] as const
export type ReconcileOutcome = (typeof RECONCILE_OUTCOMES)[number]

/** POST /api/admin/payments/orders/{orderId}/reconcile. `changed` is false when the order already said so. */
export const reconcileResultSchema = z.object({
  order: adminPaymentOrderSchema,
  outcome: z.enum(RECONCILE_OUTCOMES),
  changed: z.boolean(),
  message: z.string(),
})
export type ReconcileResult = z.infer<typeof reconcileResultSchema>

/** What a reconcile answer says, by outcome: when it changed the order, and when the order said so already. */
export const RECONCILE_MESSAGES: Record<ReconcileOutcome, { changed: string; unchanged: string }> = {
  credited: { changed: 'The provider reports it paid: the order is now credited.', unchanged: 'The order was credited already; nothing changed.' },
  pending: { changed: 'The provider has not been paid yet.', unchanged: 'The provider has not been paid yet; nothing changed.' },
  failed: {
    changed: 'The provider reports the payment failed: the order is marked failed.',
    unchanged: 'The provider reports the payment failed, as the order already says.',
  },
  cancelled: {
    changed: 'The provider reports the payment cancelled: the order is marked cancelled.',
    unchanged: 'The provider reports the payment cancelled, as the order already says.',
  },
  expired: {
    changed: 'Unpaid at the provider for over a day: the order is marked expired.',
    unchanged: 'Unpaid at the provider for over a day, and the order is expired already.',
  },
  mismatch: {
    changed: 'The provider collected a different amount: the order is marked paid and stays uncredited for an operator.',
    unchanged: 'The provider collected a different amount; the order stays paid and uncredited for an operator.',
  },
  account_closed: {
    changed:
      'The provider reports it paid, but the account has been deleted: the order is marked paid and stays uncredited, for an operator to refund at the provider.',
    unchanged: 'The account has been deleted; the order stays paid and uncredited for an operator to refund at the provider.',
  },
  // a refunded order is never credited: asking the provider again changes nothing
  refunded: {
    changed: 'The order was refunded at the provider already; nothing changed.',
    unchanged: 'The order was refunded at the provider already; nothing changed.',
  },
}

/** What a reconcile of an order credited before can newly find at the provider. */
export type ReconcileFinding = 'reversed' | 'complained' | 'complaint_closed'

export const RECONCILE_FINDINGS: Record<ReconcileFinding, string> = {
  reversed: 'The provider gave this credited payment back to the payer: the order is flagged for an operator to recover the money.',
  complained:
    'The payer complained about this credited payment at the provider: the order is flagged for an operator to answer there, and a deal still holding the payment is held for an admin.',
  complaint_closed: 'The provider is past the payer’s complaint: the order is no longer flagged for it.',
}

/**
 * A reconcile's answer in words: what became of the order's status, and what it newly found after the credit. When it
 * found something and left the status as it was, only the finding is told; `statusChanged` says whether the order's
 * status moved too (a credit and a complaint found by one reconcile are both told).
 */
export function reconcileMessage(
  outcome: ReconcileOutcome,
  changed: boolean,
  found: readonly ReconcileFinding[] = [],
  statusChanged = changed,
): string {
  const status = RECONCILE_MESSAGES[outcome][changed ? 'changed' : 'unchanged']
  if (found.length === 0) return status
  return [...(statusChanged ? [status] : []), ...found.map((finding) => RECONCILE_FINDINGS[finding])].join(' ')
}

/**
 * POST /api/admin/payments/orders/{orderId}/refund: a payment held for an operator (`paid`, never credited) goes back
 * to the payer at the provider. The reason is kept in the audit log and, at a provider that records one, with the refund.
 */
export const REFUND_REASON_MAX = 500

/** An operator's required words on a decision about an order (the audit log keeps them): `missing` when there are none. */
const operatorText = (missing: string, noun: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(REFUND_REASON_MAX, `The ${noun} can be at most ${REFUND_REASON_MAX} characters`)
    .refine((text) => showsAtLeast(text, 1), missing)

export const refundOrderRequestSchema = z.object({ reason: operatorText('Say why the payment is refunded', 'reason') }).strict()
export type RefundOrderRequest = z.infer<typeof refundOrderRequestSchema>

/** `changed` is false when the order was refunded already; `refunded` is what the provider gives back, in dollars. */
export const refundResultSchema = z.object({
  order: adminPaymentOrderSchema,
  changed: z.boolean(),
  refunded: z.number().nullable(),
  message: z.string(),
})
export type RefundResult = z.infer<typeof refundResultSchema>

/**
 * POST /api/admin/payments/orders/{orderId}/resolve-reversal: a credited payment the provider gave back to the payer,
 * whose money an operator has since recovered (from the balance, the deal it funded, or outside Handover); their note
 * is kept in the audit log. Nothing in the ledger moves: the recovery itself is what the note describes.
 */
export const resolveReversalRequestSchema = z.object({ note: operatorText('Say how the money was recovered', 'note') }).strict()
export type ResolveReversalRequest = z.infer<typeof resolveReversalRequestSchema>

export const resolveReversalResultSchema = z.object({ order: adminPaymentOrderSchema, changed: z.boolean(), message: z.string() })
export type ResolveReversalResult = z.infer<typeof resolveReversalResultSchema>

export const RESOLVE_REVERSAL_MESSAGES = {
  notReversed: 'Only a credited payment the provider gave back to the payer can be marked recovered',
  resolved: 'Marked recovered: the order is no longer flagged.',
  unchanged: 'The order was marked recovered already; nothing changed.',
} as const

export const REFUND_MESSAGES = {
  notHeld: 'Only a payment held for an operator (paid, not credited) can be refunded',
  unchanged: 'The order was refunded already; nothing changed.',
  refunded: (amount: string) => `${amount} goes back to the payer at the provider; the order is marked refunded.`,
} as const
