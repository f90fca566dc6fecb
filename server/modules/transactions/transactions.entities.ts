import { BigIntType, EntitySchema, OptionalProps } from '@mikro-orm/core'
import type { RefundDestination, TransactionStatus } from '@shared/api/transactions'
import type { PaymentMethod } from '@shared/fees'
import { Conversation } from '../conversations/conversation.entities'
import { Listing } from '../listings/listing.entity'
import { User } from '../users/user.entity'

/** One escrow deal: a buyer, a seller and a listing, with the money's path through the ledger. */
export class EscrowTransaction {
  [OptionalProps]?:
    | 'status'
    | 'processorFeeCents'
    | 'paymentMethod'
    | 'reservedUntil'
    | 'countdownEndsAt'
    | 'disputeReason'
    | 'refundedTo'
    | 'createdAt'
    | 'updatedAt'
    | 'paidAt'
    | 'closedAt'
    | 'conversation'
  id!: number
  listing!: Listing
  buyer!: User
  seller!: User
  conversation: Conversation | null = null
  status: TransactionStatus = 'pending'
  priceCents!: number
  escrowFeeCents!: number
  processorFeeCents: number = 0
  paymentMethod: PaymentMethod | null = null
  countdownDays!: number
  /** an unpaid deal lapses then */
  reservedUntil: Date | null = null
  /** with no dispute, the funds are released then */
  countdownEndsAt: Date | null = null
  disputeReason: string | null = null
  /** a refunded deal: where its money went back */
  refundedTo: RefundDestination | null = null
  createdAt: Date = new Date()
  updatedAt: Date = new Date()
  paidAt: Date | null = null
  /** completed, cancelled or refunded */
  closedAt: Date | null = null
}

/** The timeline: every status a deal took, who moved it, and notes (checklist ticks). */
export class EscrowTransactionEvent {
  [OptionalProps]?: 'createdAt' | 'actor' | 'status'
  id!: number
  transaction!: EscrowTransaction
  status: TransactionStatus | null = null
  actor: User | null = null
  actorRole!: 'buyer' | 'seller' | 'admin' | 'system'
  note!: string
  createdAt: Date = new Date()
}

/** A platform's handover step, edited by admins. */
export class HandoverStep {
  [OptionalProps]?: 'updatedAt'
  id!: number
  platform!: string
  position!: number
  title!: string
  description!: string
  updatedAt: Date = new Date()
}

/** A deal's own copy of its platform's steps, ticked by the seller and confirmed by the buyer. */
export class ChecklistItem {
  [OptionalProps]?: 'sellerDoneAt' | 'buyerConfirmedAt'
  id!: number
  transaction!: EscrowTransaction
  position!: number
  title!: string
  description!: string
  sellerDoneAt: Date | null = null
  buyerConfirmedAt: Date | null = null
}

const time = { type: 'datetime', length: 3 } as const
const money = { type: new BigIntType('number'), columnType: 'bigint' } as const

export const EscrowTransactionSchema = new EntitySchema<EscrowTransaction>({
  class: EscrowTransaction,
  tableName: 'escrow_transactions',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    listing: { kind: 'm:1', entity: () => Listing },
    buyer: { kind: 'm:1', entity: () => User },
    seller: { kind: 'm:1', entity: () => User },
    conversation: { kind: 'm:1', entity: () => Conversation, nullable: true },
    status: { type: 'string', length: 20 },
    priceCents: money,
    escrowFeeCents: money,
    processorFeeCents: money,
    paymentMethod: { type: 'string', length: 10, nullable: true },
    countdownDays: { type: 'integer' },
    reservedUntil: { ...time, nullable: true },
    countdownEndsAt: { ...time, nullable: true },
    disputeReason: { type: 'text', nullable: true },
    refundedTo: { type: 'string', length: 16, nullable: true },
    createdAt: { ...time, defaultRaw: 'now()' },
    updatedAt: { ...time, defaultRaw: 'now()' },
    paidAt: { ...time, nullable: true },
    closedAt: { ...time, nullable: true },
  },
})

export const EscrowTransactionEventSchema = new EntitySchema<EscrowTransactionEvent>({
  class: EscrowTransactionEvent,
  tableName: 'escrow_transaction_events',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    transaction: { kind: 'm:1', entity: () => EscrowTransaction },
    status: { type: 'string', length: 20, nullable: true },
    actor: { kind: 'm:1', entity: () => User, nullable: true },
    actorRole: { type: 'string', length: 10 },
    note: { type: 'string', length: 2000 },
    createdAt: { ...time, defaultRaw: 'now()' },
  },
})

export const HandoverStepSchema = new EntitySchema<HandoverStep>({
  class: HandoverStep,
  tableName: 'handover_steps',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    platform: { type: 'string', length: 16 },
    position: { type: 'integer' },
    title: { type: 'string', length: 200 },
    description: { type: 'string', length: 1000 },
    updatedAt: { ...time, defaultRaw: 'now()' },
  },
})

export const ChecklistItemSchema = new EntitySchema<ChecklistItem>({
  class: ChecklistItem,
  tableName: 'transaction_checklist',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    transaction: { kind: 'm:1', entity: () => EscrowTransaction },
    position: { type: 'integer' },
    title: { type: 'string', length: 200 },
    description: { type: 'string', length: 1000 },
    sellerDoneAt: { ...time, nullable: true },
    buyerConfirmedAt: { ...time, nullable: true },
  },
})
