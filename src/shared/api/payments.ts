import { z } from 'zod'
import { decimalStringToCents } from '../money'
import { showsAtLeast } from '../text'
import { formatCents } from '../format'

/**
 * Money in and out through a payment provider (DESIGN.md "Payments"): deposits to the balance, purchases paid
 * at the provider, the return screen's verification calls of SPEC §7, and withdrawals.
 */
export const PAYMENT_PROVIDERS = ['sandbox', 'trustap'] as const
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number]

export const PROVIDER_METHODS = ['card', 'crypto'] as const
export type ProviderMethod = (typeof PROVIDER_METHODS)[number]

/** Order ids of DESIGN.md: `deposit_{userId}_{unixSeconds}` and `trans_{transactionId}`. */
export const DEPOSIT_ORDER_PATTERN = /^deposit_(\d{1,10})_(\d{1,12})$/
export const PURCHASE_ORDER_PATTERN = /^trans_(\d{1,10})$/
export const depositOrderId = (userId: number, unixSeconds: number) => `deposit_${userId}_${unixSeconds}`
export const purchaseOrderId = (transactionId: number) => `trans_${transactionId}`

/** Deposits: at least $5, at most $10,000 at a time. */
export const DEPOSIT_LIMITS = { minCents: 500, maxCents: 1_000_000 } as const

/**
 * Dollars as the client sends them (a JSON number such as 12.5, or the text "12.50") → integer cents, read from
 * the number's decimal text so no float is ever multiplied; null when it is not dollars with at most two decimals.
 */
export function dollarsToCents(value: number | string): number | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null
  return decimalStringToCents(String(value))
}

/**
 * Where the provider sends the user back: the website's return page, or the desktop app's `handover://` link,
 * since a desktop checkout runs in the system browser (DESIGN.md "Desktop app"). The web return is the default.
 */
export const RETURN_TARGETS = ['web', 'desktop'] as const
export type ReturnTarget = (typeof RETURN_TARGETS)[number]
const returnTo = z.enum(RETURN_TARGETS, { error: 'returnTo must be web or desktop' }).optional()

/** The desktop app's links for a payment return and the Trustap OAuth callback (src/main/deep-links.ts opens them). */
export const DESKTOP_RETURN_URLS = { payment: 'handover://payment/return', trustapCallback: 'handover://trustap/auth/callback' } as const

const dollars = z
  .union([z.number(), z.string()], { error: 'Enter an amount in dollars' })
  .refine((v) => dollarsToCents(v) !== null, 'Enter an amount in dollars with at most two decimals')
const atLeast = (cents: number) => (v: number | string) => (dollarsToCents(v) ?? 0) >= cents
const atMost = (cents: number) => (v: number | string) => (dollarsToCents(v) ?? 0) <= cents

export const depositRequestSchema = z
  .object({
    amount: dollars
      .refine(atLeast(DEPOSIT_LIMITS.minCents), `The smallest deposit is $${DEPOSIT_LIMITS.minCents / 100}`)
      .refine(atMost(DEPOSIT_LIMITS.maxCents), `The largest deposit is ${formatCents(DEPOSIT_LIMITS.maxCents)}`),
    method: z.enum(PROVIDER_METHODS),
    returnTo,
  })
  .strict()
export type DepositRequest = z.infer<typeof depositRequestSchema>

/** A purchase paid at the provider instead of from the balance. */
export const providerCheckoutRequestSchema = z.object({ method: z.enum(PROVIDER_METHODS), returnTo }).strict()

/** Where to send the user to pay (the provider's hosted page), and the order it pays. */
export const checkoutSchema = z.object({
  orderId: z.string(),
  checkoutUrl: z.string(),
  amount: z.number(),
  processorFee: z.number(),
  total: z.number(),
})
export type CheckoutDto = z.infer<typeof checkoutSchema>

export const PAYMENT_ORDER_STATUSES = ['created', 'paid', 'credited', 'failed', 'cancelled', 'expired', 'refunded'] as const
export type PaymentOrderStatus = (typeof PAYMENT_ORDER_STATUSES)[number]

/** SPEC §7 POST /api/trustap/verify-payment. */
export const verifyPaymentRequestSchema = z.object({
  transaction_id: z.string().max(200).optional(),
  order_id: z.string().max(200).optional(),
  type: z.enum(['deposit', 'transaction']).optional(),
  state: z.string().max(4000).optional(),
  account_id: z.union([z.string().max(50), z.number()]).optional(),
})
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequestSchema>

export const paymentDetailsSchema = z.object({
  amount: z.number().optional(),
  transaction_id: z.union([z.string(), z.number()]).optional(),
  order_id: z.string().optional(),
  type: z.enum(['deposit', 'transaction']).optional(),
  conversationId: z.number().int().optional(),
  sellerId: z.number().int().optional(),
  /** a purchase's payment that arrived after its deal stopped waiting for it (lapsed, cancelled, paid otherwise): it is in the buyer's balance */
  to_balance: z.literal(true).optional(),
})

/** SPEC §3 payment verification result. */
export const verifyPaymentResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  details: paymentDetailsSchema.optional(),
})
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>

/** SPEC §7 POST /api/trustap/complete-payment. */
export const completePaymentRequestSchema = z.object({ order_id: z.string().min(1).max(200), confirm_payment: z.literal(true) })
export const completePaymentResponseSchema = z.object({
  success: z.boolean(),
  details: paymentDetailsSchema.optional(),
  message: z.string().optional(),
  error: z.string().optional(),
})

export const WITHDRAWAL_STATUSES = ['requested', 'approved', 'rejected'] as const
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number]

export const WITHDRAWAL_LIMITS = { minCents: 1000, maxCents: 10_000_000 } as const

export const withdrawalRequestSchema = z
  .object({
    amount: dollars
      // below the minimum only the whole balance may go (the server checks it against the balance): a small rest
      // can always leave, and then the account can be deleted
      .refine(atLeast(1), 'Enter an amount above $0')
      .refine(atMost(WITHDRAWAL_LIMITS.maxCents), `The largest withdrawal is ${formatCents(WITHDRAWAL_LIMITS.maxCents)}`),
    /** where the payout goes: the provider's account email for now */
    destination: z.string().trim().email('Enter the email of your payout account').max(254),
  })
  .strict()

export const withdrawalDtoSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  destination: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
})
export type WithdrawalDto = z.infer<typeof withdrawalDtoSchema>

/** The admin's queue shows whose money it is. */
export const adminWithdrawalDtoSchema = withdrawalDtoSchema.extend({ userId: z.number().int(), username: z.string() })
export type AdminWithdrawalDto = z.infer<typeof adminWithdrawalDtoSchema>

export const rejectWithdrawalSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(3, 'Give the user a reason')
      .max(1000, 'The reason can be at most 1,000 characters')
      .refine((reason) => showsAtLeast(reason, 3), 'Give the user a reason'),
  })
  .strict()

/** GET /api/admin/withdrawals and GET /api/balance/history pages; the total is sent as X-Total-Count. */
export const PAYMENTS_PAGE_SIZE = 20

/** One line of the balance history, read from the ledger. */
export const balanceEntrySchema = z.object({
  id: z.number().int(),
  /** signed: positive credits the balance */
  amount: z.number(),
  kind: z.string(),
  memo: z.string(),
  createdAt: z.iso.datetime(),
  transactionId: z.number().int().nullable(),
})
export type BalanceEntryDto = z.infer<typeof balanceEntrySchema>

export const balanceSchema = z.object({
  /** what can be spent or withdrawn */
  available: z.string(),
  /** held for withdrawals awaiting approval */
  pendingWithdrawals: z.string(),
  /** the buyer's money in escrow for deals not yet completed */
  inEscrow: z.string(),
})
export type BalanceDto = z.infer<typeof balanceSchema>

/** The escrow provider's account of a seller (SPEC §2 /trustap-integration), connected with OAuth. */
export const trustapConnectionSchema = z.object({
  connected: z.boolean(),
  trustapUserId: z.string().nullable(),
  email: z.string().nullable(),
  connectedAt: z.iso.datetime().nullable(),
})
export type TrustapConnectionDto = z.infer<typeof trustapConnectionSchema>

/** GET /api/trustap/oauth/start: where to send the browser. */
export const trustapOAuthStartSchema = z.object({ url: z.string() })
/** Its query: `?returnTo=desktop` has Trustap send the browser back to the desktop app's link. */
export const trustapOAuthStartQuerySchema = z.object({ returnTo }).strict()

/** What the authorisation callback route (/trustap/auth/callback) read from its query, posted back. */
export const trustapOAuthCallbackSchema = z.object({ code: z.string().min(1).max(2000), state: z.string().min(1).max(200) }).strict()
export type TrustapOAuthCallbackRequest = z.infer<typeof trustapOAuthCallbackSchema>

export const PAYMENT_MESSAGES = {
  orderNotFound: 'Payment order not found',
  notPaid: 'Payment was not completed. Please try again.',
  unknownOrder: 'Payment verification failed',
  userUnknown: 'Unable to identify user for payment completion',
  providerUnavailable: 'The payment provider cannot be reached. Try again in a moment.',
  depositTooSoon: 'Wait a second before starting another deposit',
  methodUnavailable: 'This payment method is not available',
  purchasesUnavailable: 'Paying for a purchase at the provider is not available yet',
  alreadyPaid: 'This order is paid already',
  checkoutOpening: 'The checkout for this deal is being opened. Try again in a moment.',
  amountMismatch: 'The amount paid does not match the order; support will look into it',
  accountClosed: 'This account has been deleted, so the payment was not added to a balance; support will refund it',
  refunded: 'This payment was refunded at the payment provider',
  otherProvider: 'This payment was started with a payment provider this server no longer uses; support will look into it',
  completed: 'Payment completed',
  pending: 'The payment is not confirmed yet. Try again in a moment.',
  webhookNotConfirmed: 'The provider does not confirm this payment yet; send the event again later',
  cancelled: 'Payment was cancelled. No charges have been made.',
  failed: 'Payment failed',
  withdrawalTooSmall: `The smallest withdrawal is $${WITHDRAWAL_LIMITS.minCents / 100}, unless you withdraw your whole balance`,
  withdrawalNotFound: 'Withdrawal not found',
  withdrawalDecided: 'This withdrawal was decided already',
  ownWithdrawal: 'Another admin decides your own withdrawal',
  trustapNotConfigured: 'The escrow provider is not set up on this server',
  oauthStateInvalid: 'This authorisation link has expired or was not started here. Start again.',
  oauthFailed: 'The escrow provider refused the authorisation. Start again.',
  trustapAccountTaken:
    'This Trustap account is connected to another Handover account already. Disconnect it there first, or sign in to Trustap with another account.',
} as const
