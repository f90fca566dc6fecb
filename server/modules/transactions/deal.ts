import type { ListingStatus } from '@shared/api/listings'
import type { NotificationType } from '@shared/api/notifications'
import type { RefundDestination, TransactionRole, TransactionStatus } from '@shared/api/transactions'
import type { PaymentMethod } from '@shared/fees'

/** Someone on a deal, as its screens show them. */
export interface Party {
  id: number
  username: string
  avatar: string | null
}

/** A deal as its steps read and change it: its row with its listing, both parties and its conversation, as plain values. */
export interface Deal {
  id: number
  listing: { id: number; platform: string; accountTitle: string; username: string; images: string[]; status: ListingStatus; soldAt: Date | null }
  buyer: Party
  seller: Party
  /** the seller's account is banned (read with the deal's lock): a listing the deal gives back goes off sale with the seller's others */
  sellerBanned?: boolean
  conversation: { id: number } | null
  status: TransactionStatus
  priceCents: number
  escrowFeeCents: number
  processorFeeCents: number
  paymentMethod: PaymentMethod | null
  countdownDays: number
  reservedUntil: Date | null
  countdownEndsAt: Date | null
  disputeReason: string | null
  /** a refunded deal: where its money went back */
  refundedTo: RefundDestination | null
  createdAt: Date
  updatedAt: Date
  paidAt: Date | null
  closedAt: Date | null
  /**
   * The columns a step may change as the deal's row held them when it was read or last written: a step writes the
   * row only when the deal differs from them (an UPDATE that changes nothing still writes a new row version and an
   * entry in each of the deal's indexes). Absent: the row is written.
   */
  stored?: DealColumns
}

/** The deal's own columns a step may change, as `saveStep` writes them. */
export type DealColumns = Pick<
  Deal,
  | 'status'
  | 'processorFeeCents'
  | 'paymentMethod'
  | 'reservedUntil'
  | 'countdownEndsAt'
  | 'disputeReason'
  | 'refundedTo'
  | 'updatedAt'
  | 'paidAt'
  | 'closedAt'
> & {
  conversationId: number | null
}

/** A line of a deal's timeline, and a step of its checklist, as the detail screen shows them. */
export interface TimelineRow {
  id: number
  status: TransactionStatus | null
  actorRole: TransactionRole | 'system'
  note: string
  createdAt: Date
}

export interface ChecklistRow {
  id: number
  title: string
  description: string
  sellerDoneAt: Date | null
  buyerConfirmedAt: Date | null
}

/** A new deal's row as it is first written: pending, or already as the request's later step will leave it. */
export type NewDeal = Omit<Deal, 'id' | 'conversation' | 'stored'>

/** A notification a step stores with the deal's own statement. */
export interface NotificationDraft {
  userId: number
  type: NotificationType
  title: string
  message: string
  data: Record<string, unknown>
}
