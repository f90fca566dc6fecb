import { BigIntType, EntitySchema, OptionalProps } from '@mikro-orm/core'
import type { PaymentOrderStatus, PaymentProviderName, ProviderMethod, ReturnTarget, WithdrawalStatus } from '@shared/api/payments'
import { User } from '../users/user.entity'

export type PaymentOrderKind = 'deposit' | 'purchase'

/**
 * Money a user pays at a provider's checkout: a deposit to the balance (`deposit_{userId}_{unixSeconds}`) or a
 * purchase (`trans_{transactionId}`). `amountCents` is what Handover credits; the processor fee stays with the
 * provider. Only the provider's own answer moves an order to paid, and only crediting moves it to credited.
 */
export class PaymentOrder {
  [OptionalProps]?:
    | 'status'
    | 'providerRef'
    | 'checkoutUrl'
    | 'transactionId'
    | 'conversationId'
    | 'sellerId'
    | 'createdAt'
    | 'updatedAt'
    | 'paidAt'
    | 'creditedAt'
    | 'refundedAt'
    | 'reversedAt'
    | 'complainedAt'
    | 'complaintClosedAt'
    | 'reversalResolvedAt'
    | 'providerCheckedAt'
    | 'stuckAlertedAt'
    | 'returnTo'
  id!: number
  orderId!: string
  user!: User
  kind!: PaymentOrderKind
  transactionId: number | null = null
  provider!: PaymentProviderName
  providerRef: string | null = null
  checkoutUrl: string | null = null
  /** the website's return page, or the desktop app's link when its checkout was opened in the system browser */
  returnTo: ReturnTarget = 'web'
  method!: ProviderMethod
  amountCents!: number
  processorFeeCents!: number
  totalCents!: number
  status: PaymentOrderStatus = 'created'
  /** a funded purchase's chat and seller, kept for the return screen's redirect */
  conversationId: number | null = null
  sellerId: number | null = null
  createdAt: Date = new Date()
  updatedAt: Date = new Date()
  paidAt: Date | null = null
  creditedAt: Date | null = null
  /** when an operator sent a held payment back at the provider */
  refundedAt: Date | null = null
  /** when Handover found that the provider gave a credited payment back to the payer (its own refund or cancel) */
  reversedAt: Date | null = null
  /** when an operator said they had recovered the money of that reversal (their note is in the audit log) */
  reversalResolvedAt: Date | null = null
  /** when Handover found that the payer complained about a credited payment at the provider */
  complainedAt: Date | null = null
  /** when Handover found the provider past that complaint again (it ended, or the money went back: `reversedAt`) */
  complaintClosedAt: Date | null = null
  /** when the provider was asked for the newest answer applied to this credited order (an older one is not applied) */
  providerCheckedAt: Date | null = null
  /** when the admins were alerted that it is stuck: once per order (stuck-payment-alerts.ts) */
  stuckAlertedAt: Date | null = null
}

/** A request to pay out part of the balance; the money waits in the hold account `withdrawal:{id}`. */
export class Withdrawal {
  [OptionalProps]?: 'status' | 'reason' | 'decidedBy' | 'createdAt' | 'decidedAt' | 'payoutRef'
  id!: number
  user!: User
  amountCents!: number
  destination!: string
  status: WithdrawalStatus = 'requested'
  reason: string | null = null
  decidedBy: User | null = null
  createdAt: Date = new Date()
  decidedAt: Date | null = null
  /** the provider's payout reference, or `manual:…` when an operator pays by hand */
  payoutRef: string | null = null
}

/** A webhook delivery already handled: the same delivery again is a replay. */
export class PaymentWebhookEvent {
  [OptionalProps]?: 'orderId' | 'receivedAt'
  id!: number
  provider!: PaymentProviderName
  eventKey!: string
  orderId: string | null = null
  receivedAt: Date = new Date()
}

/** A user's identities at Trustap: the guest user that pays, and the full user connected with OAuth. */
export class TrustapAccount {
  [OptionalProps]?: 'guestUserId' | 'fullUserId' | 'fullUserEmail' | 'connectedAt' | 'updatedAt'
  user!: User
  guestUserId: string | null = null
  fullUserId: string | null = null
  fullUserEmail: string | null = null
  connectedAt: Date | null = null
  updatedAt: Date = new Date()
}

const time = { type: 'datetime', length: 3 } as const
const money = { type: new BigIntType('number'), columnType: 'bigint' } as const

export const PaymentOrderSchema = new EntitySchema<PaymentOrder>({
  class: PaymentOrder,
  tableName: 'payment_orders',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    orderId: { type: 'string', length: 64, unique: true },
    user: { kind: 'm:1', entity: () => User },
    kind: { type: 'string', length: 10 },
    transactionId: { type: 'integer', nullable: true },
    provider: { type: 'string', length: 16 },
    providerRef: { type: 'string', length: 100, nullable: true },
    checkoutUrl: { type: 'string', length: 2048, nullable: true },
    returnTo: { type: 'string', length: 8, default: 'web' },
    method: { type: 'string', length: 10 },
    amountCents: money,
    processorFeeCents: money,
    totalCents: money,
    status: { type: 'string', length: 12, default: 'created' },
    conversationId: { type: 'integer', nullable: true },
    sellerId: { type: 'integer', nullable: true },
    createdAt: { ...time, defaultRaw: 'now()' },
    updatedAt: { ...time, defaultRaw: 'now()' },
    paidAt: { ...time, nullable: true },
    creditedAt: { ...time, nullable: true },
    refundedAt: { ...time, nullable: true },
    reversedAt: { ...time, nullable: true },
    complainedAt: { ...time, nullable: true },
    complaintClosedAt: { ...time, nullable: true },
    reversalResolvedAt: { ...time, nullable: true },
    providerCheckedAt: { ...time, nullable: true },
    stuckAlertedAt: { ...time, nullable: true },
  },
})

export const WithdrawalSchema = new EntitySchema<Withdrawal>({
  class: Withdrawal,
  tableName: 'withdrawals',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    user: { kind: 'm:1', entity: () => User },
    amountCents: money,
    destination: { type: 'string', length: 254 },
    status: { type: 'string', length: 12, default: 'requested' },
    reason: { type: 'string', length: 1000, nullable: true },
    decidedBy: { kind: 'm:1', entity: () => User, fieldName: 'decided_by', nullable: true },
    createdAt: { ...time, defaultRaw: 'now()' },
    decidedAt: { ...time, nullable: true },
    payoutRef: { type: 'string', length: 200, nullable: true },
  },
})

export const PaymentWebhookEventSchema = new EntitySchema<PaymentWebhookEvent>({
  class: PaymentWebhookEvent,
  tableName: 'payment_webhook_events',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    provider: { type: 'string', length: 16 },
    eventKey: { type: 'string', length: 64, columnType: 'char(64)' },
    orderId: { type: 'string', length: 64, nullable: true },
    receivedAt: { ...time, defaultRaw: 'now()' },
  },
})

export const TrustapAccountSchema = new EntitySchema<TrustapAccount>({
  class: TrustapAccount,
  tableName: 'trustap_accounts',
  properties: {
    user: { kind: '1:1', entity: () => User, primary: true, owner: true },
    guestUserId: { type: 'string', length: 64, nullable: true },
    fullUserId: { type: 'string', length: 64, nullable: true },
    fullUserEmail: { type: 'string', length: 254, nullable: true },
    connectedAt: { ...time, nullable: true },
    updatedAt: { ...time, defaultRaw: 'now()' },
  },
})
