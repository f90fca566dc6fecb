import type { EntityManager } from '@mikro-orm/postgresql'
import type { PaymentProviderName, ProviderMethod } from '@shared/api/payments'
import type { PaymentOrder, Withdrawal } from './payment.entities'

/** What the provider says of an order when asked: its word, never the browser's, decides. */
export type ProviderPaymentStatus = 'paid' | 'pending' | 'failed' | 'cancelled'

export interface ProviderStatusReport {
  status: ProviderPaymentStatus
  /** what the buyer paid at the provider, its fee included: must equal the order's total to be credited */
  collectedCents?: number
  /** the payer has a complaint open at the provider about this payment (Trustap's `complained`) */
  complained?: boolean
}

/** The processor's fee for an amount, with whatever the provider needs to create the checkout at that price. */
export interface ProviderQuote {
  processorFeeCents: number
  data?: Record<string, unknown>
}

/** Who pays: a provider may need to know the buyer (Trustap creates a guest user). */
export interface CheckoutBuyer {
  id: number
  username: string
  email: string
  ip: string
}

export interface CreatedCheckout {
  providerRef: string
  checkoutUrl: string
}

/** A webhook whose credentials checked out: a key naming the delivery, and which payment it hints at. */
export interface WebhookHint {
  eventKey: string
  providerRef?: string
  orderId?: string
  /** the event says the buyer paid: when the provider's API does not say so yet, the provider is asked to send it again */
  claimsPaid?: boolean
}

export interface WebhookRequest {
  authorization: string | undefined
  body: unknown
}

/** A held payment sent back: what the payer gets back (a provider may keep its own fee), and the provider's reference. */
export interface RefundResult {
  refundedCents: number
  reference: string
}

/** The provider will not refund this payment (it moved on at the provider): the operator's case, not an outage. */
export class RefundRefused extends Error {}

export interface PayoutResult {
  /** the provider's reference, or `manual:…` when the provider cannot pay out and an operator does */
  reference: string
}

/**
 * A payment provider (DESIGN.md "Payments"): a hosted checkout for an order, the order's real status asked of
 * the provider, payouts, and webhook credentials. Calls that need the database get the caller's EntityManager.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName
  readonly methods: readonly ProviderMethod[]
  quote(method: ProviderMethod, amountCents: number): Promise<ProviderQuote>
  createCheckout(em: EntityManager, order: PaymentOrder, quote: ProviderQuote, buyer: CheckoutBuyer): Promise<CreatedCheckout>
  fetchOrderStatus(em: EntityManager, order: PaymentOrder): Promise<ProviderStatusReport>
  /**
   * Makes the order's current checkout attempt impossible to pay, before a new attempt replaces it on the order:
   * a payment to an attempt the order no longer names would reach nobody. `paid` when the payer paid it first (the
   * order is then confirmed, not replaced). Idempotent: an attempt voided already stays voided.
   */
  voidCheckout(em: EntityManager, order: PaymentOrder): Promise<'voided' | 'paid'>
  /** must be idempotent on the withdrawal: an approval retried after a crash never pays twice */
  payout(em: EntityManager, withdrawal: Withdrawal): Promise<PayoutResult>
  /** null when the credentials are wrong (the route answers 401) */
  verifyWebhook(request: WebhookRequest): WebhookHint | null
  /**
   * Sends a paid order's money back to the payer: all of it for an order never credited, or `amountCents` of it for a
   * refunded deal (its price and escrow fee: the processor keeps its fee). Must be idempotent on the order: a refund
   * retried after a crash finds it done and refunds nothing twice. Throws RefundRefused when it cannot.
   */
  refund(em: EntityManager, order: PaymentOrder, reason: string, amountCents?: number): Promise<RefundResult>
  /** after an order is credited: whatever the provider needs to release the money to the marketplace */
  settle?(order: PaymentOrder): Promise<void>
  /** a cheap real call for GET /api/diagnostic: what was found, or a throw when the provider cannot be used */
  checkAvailability(em: EntityManager, signal: AbortSignal): Promise<string>
}

/** A provider that cannot be reached or answered nonsense: the route answers 503 and nothing changes. */
export class ProviderUnavailable extends Error {}
