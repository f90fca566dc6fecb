import { z } from 'zod'
import { dollarsToCents } from './payments'
import { ACTIVE_TRANSACTION_STATUSES as ACTIVE, LIVE_PLATFORMS } from '../constants'
import { showsAtLeast, visibleCharacters } from '../text'

/**
 * Escrow deals (SPEC §3 "Transaction", DESIGN.md "Money and escrow"). Amounts are dollars as numbers at this
 * edge, like listing prices; the server works in integer cents.
 */
export const TRANSACTION_STATUSES = [
  'pending',
  'fee_paid',
  'invite_sent',
  'access_granted',
  'countdown_started',
  'completed',
  'cancelled',
  'disputed',
  'refunded',
] as const
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number]

/** SPEC §4: the statuses counted as active. */
export const ACTIVE_TRANSACTION_STATUSES: readonly TransactionStatus[] = ACTIVE
/** Money sits in escrow in these. */
export const FUNDED_TRANSACTION_STATUSES: readonly TransactionStatus[] = [
  'fee_paid',
  'invite_sent',
  'access_granted',
  'countdown_started',
  'disputed',
]
export const FINAL_TRANSACTION_STATUSES: readonly TransactionStatus[] = ['completed', 'cancelled', 'refunded']

/** SPEC §3: the display id, ACC-{id padded to 3 digits}. */
export { transactionDisplayId } from '../format'

export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  pending: 'Awaiting payment',
  fee_paid: 'Paid into escrow',
  invite_sent: 'Ownership invite sent',
  access_granted: 'Buyer has access',
  countdown_started: 'Transfer countdown',
  completed: 'Completed',
  cancelled: 'Cancelled',
  disputed: 'In dispute',
  refunded: 'Refunded',
}

export const TRANSACTION_ROLES = ['buyer', 'seller', 'admin'] as const
export type TransactionRole = (typeof TRANSACTION_ROLES)[number]

/**
 * Where a refunded deal's money went: `payment` back to the card or crypto payment it came from (the provider's
 * refund), `balance` to the buyer's balance (a deal paid from it, or a payment the provider would not refund).
 */
export const REFUND_DESTINATIONS = ['payment', 'balance'] as const
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number]

/** Said wherever a card or crypto payment's fees are shown before paying, and wherever a refund is told. */
export const PROCESSOR_FEE_NOT_REFUNDABLE = 'The processor fee is not refundable.'

/**
 * Where a refund will go, said before it is made, `whose` the buyer's ("the buyer’s", "alice’s"): back to a card or
 * crypto payment, unless the provider cannot refund it, or to the balance it was paid from.
 */
export function refundWillGo(paymentMethod: 'balance' | 'card' | 'crypto' | null, whose = 'the buyer’s'): string {
  if (paymentMethod === 'card' || paymentMethod === 'crypto')
    return `back to ${whose} ${paymentMethod === 'crypto' ? 'crypto wallet' : 'card'} (to their Handover balance if the payment provider cannot refund it)`
  return `back to ${whose} Handover balance`
}

/**
 * Where a refunded deal's price and escrow fee went, said to its buyer ("back to your card") or to anyone else ("back
 * to the buyer's card"); a card or crypto payment that went to the balance says why.
 */
export function refundedWhere(
  deal: { paymentMethod: 'balance' | 'card' | 'crypto' | null; refundedTo: RefundDestination | null },
  toBuyer: boolean,
): string {
  const whose = toBuyer ? 'your' : 'the buyer’s'
  if (deal.refundedTo === 'payment') return `back to ${whose} ${deal.paymentMethod === 'crypto' ? 'crypto wallet' : 'card'}`
  if (deal.paymentMethod === 'card' || deal.paymentMethod === 'crypto')
    return `to ${whose} Handover balance, as the payment provider could not refund the ${deal.paymentMethod} payment`
  return `back to ${whose} Handover balance`
}

/**
 * Every move a person can make on a deal. Who may make it, and from which status, is decided by the server
 * (server/modules/transactions/state-machine.ts); the detail response lists the ones open to the viewer.
 */
export const TRANSACTION_ACTIONS = [
  /** buyer pays from their Handover balance (pending → fee_paid) */
  'pay',
  /** seller: the platform's ownership invite was sent to the buyer (fee_paid → invite_sent) */
  'send_invite',
  /** buyer: the invite worked, they can get into the account (invite_sent → access_granted) */
  'confirm_access',
  /** seller: the platform's ownership transfer has been started; its waiting period runs (access_granted → countdown_started) */
  'start_countdown',
  /** buyer: everything is theirs, release now without waiting for the countdown (countdown_started → completed) */
  'release',
  /** before payment, either side (pending → cancelled) */
  'cancel',
  /** seller backs out after payment, before the buyer has access (fee_paid | invite_sent → refunded) */
  'refund',
  /** either side, while money is held (→ disputed) */
  'dispute',
  /** admin settles a dispute: funds to the seller (disputed → completed) */
  'resolve_release',
  /** admin settles a dispute: funds back to the buyer (disputed → refunded) */
  'resolve_refund',
] as const
export type TransactionAction = (typeof TRANSACTION_ACTIONS)[number]

/** A deal's deadlines, as the server's Dates or the screens' ISO strings. */
export interface DealDeadlines {
  status: TransactionStatus
  reservedUntil: Date | string | null
  countdownEndsAt: Date | string | null
}

const timeOf = (at: Date | string | null) => (at === null ? null : new Date(at).getTime())

/**
 * The moment `action` closes on the deal whatever its status still says, or null: paying once the reservation has
 * run out, a dispute once the countdown is over. The sweep then moves the deal on (cancelled, completed); until it
 * runs, the server refuses the action and the screens stop offering it.
 */
export function actionClosesAt(action: TransactionAction, deal: DealDeadlines): number | null {
  if (action === 'pay' && deal.status === 'pending') return timeOf(deal.reservedUntil)
  if (action === 'dispute' && deal.status === 'countdown_started') return timeOf(deal.countdownEndsAt)
  return null
}

/** Whether the deal's deadline for `action` has passed at `now` (ms). */
export function pastDeadline(action: TransactionAction, deal: DealDeadlines, now: number): boolean {
  const closes = actionClosesAt(action, deal)
  return closes !== null && closes <= now
}

const money = z.number()
const iso = z.iso.datetime()

export const transactionPartySchema = z.object({ id: z.number().int(), username: z.string(), avatar: z.string().nullable() })

export const transactionEventSchema = z.object({
  id: z.number().int(),
  /** the status the deal moved to, or null for a note on the timeline (a checklist tick) */
  status: z.enum(TRANSACTION_STATUSES).nullable(),
  actorRole: z.enum([...TRANSACTION_ROLES, 'system']),
  note: z.string(),
  createdAt: iso,
})
export type TransactionEventDto = z.infer<typeof transactionEventSchema>

export const checklistStepSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  sellerDoneAt: iso.nullable(),
  buyerConfirmedAt: iso.nullable(),
})
export type ChecklistStepDto = z.infer<typeof checklistStepSchema>

export const transactionDtoSchema = z.object({
  id: z.number().int(),
  displayId: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  buyerId: z.number().int(),
  sellerId: z.number().int(),
  buyer: transactionPartySchema,
  seller: transactionPartySchema,
  listing: z.object({
    id: z.number().int(),
    platform: z.enum(LIVE_PLATFORMS),
    accountTitle: z.string(),
    username: z.string(),
    images: z.array(z.string()),
  }),
  conversationId: z.number().int().nullable(),
  price: money,
  escrowFee: money,
  processorFee: money,
  total: money,
  /** how the buyer paid, once they have */
  paymentMethod: z.enum(['balance', 'card', 'crypto']).nullable(),
  /** the viewer's side of the deal */
  viewerRole: z.enum(TRANSACTION_ROLES),
  /** what the viewer may do now */
  actions: z.array(z.enum(TRANSACTION_ACTIONS)),
  /** an unpaid reservation lapses then */
  reservedUntil: iso.nullable(),
  countdownDays: z.number().int(),
  /** with no dispute, the funds are released to the seller then */
  countdownEndsAt: iso.nullable(),
  disputeReason: z.string().nullable(),
  createdAt: iso,
  updatedAt: iso,
  // last, as the published document's lists keep their order: a field added to the deal comes after those before it
  /** a refunded deal: where the price and escrow fee went back (the processor's fee is not refundable) */
  refundedTo: z.enum(REFUND_DESTINATIONS).nullable(),
})
export type TransactionDto = z.infer<typeof transactionDtoSchema>

export const transactionDetailSchema = transactionDtoSchema.extend({
  timeline: z.array(transactionEventSchema),
  checklist: z.array(checklistStepSchema),
})
export type TransactionDetailDto = z.infer<typeof transactionDetailSchema>

export const transactionListSchema = z.array(transactionDtoSchema)

/** One full-cost quote before paying (price, escrow fee, processor fee, total) for each way to pay. */
export const quoteSchema = z.object({
  listingId: z.number().int(),
  price: money,
  escrowFee: money,
  methods: z.array(
    z.object({
      method: z.enum(['balance', 'card', 'crypto']),
      processorFee: money,
      total: money,
      /** balance only: whether the buyer's balance covers the total */
      available: z.boolean(),
    }),
  ),
  balance: money,
  countdownDays: z.number().int(),
  reservationMinutes: z.number().int(),
})
export type QuoteDto = z.infer<typeof quoteSchema>

const LISTING_ID = 'listingId must be the id of a listing'
const QUOTED_TOTAL = 'quotedTotal must be the amount in dollars the quote showed, price plus escrow fee'

/**
 * POST /api/transactions. With `pay: 'balance'` the listing is reserved and paid from the balance in one database
 * transaction: the deal answers `fee_paid`, or nothing is reserved at all (an insufficient balance is a 409).
 * `quotedTotal` is what the buyer was shown (the quote's price plus escrow fee): should the seller have changed the
 * price, or an admin the fee, since then, nothing is reserved and the answer is a 409 `quote_changed`.
 */
export const purchaseRequestSchema = z
  .object({
    listingId: z.number({ error: LISTING_ID }).int(LISTING_ID).positive(LISTING_ID).max(2_147_483_647, LISTING_ID),
    pay: z.literal('balance', { error: "pay can only be 'balance'" }).optional(),
    quotedTotal: z
      .number({ error: QUOTED_TOTAL })
      .positive(QUOTED_TOTAL)
      .refine((v) => dollarsToCents(v) !== null, QUOTED_TOTAL)
      .optional(),
  })
  .strict()
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>

export const disputeRequestSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .min(10, 'Tell us what went wrong (at least 10 characters)')
      .max(2000, 'At most 2,000 characters')
      .refine((reason) => showsAtLeast(reason, 10), 'Tell us what went wrong (at least 10 characters)'),
  })
  .strict()

export const resolveRequestSchema = z
  .object({
    note: z
      .string()
      .trim()
      .min(1, 'Write a note for the parties')
      .max(2000, 'The note can be at most 2,000 characters')
      .refine((note) => showsAtLeast(note, 1), 'Write a note for the parties'),
  })
  .strict()

/** Error texts the server answers with; the screens show them as they are. */
export const TRANSACTION_MESSAGES = {
  notFound: 'Transaction not found',
  listingUnavailable: 'This account is no longer available',
  ownListing: 'You cannot buy your own listing',
  notAllowed: 'This step is not open to you now',
  alreadyInStatus: 'The transaction has already moved on',
  reservationLapsed: 'The reservation has run out: this purchase is being cancelled. Start it again to buy.',
  countdownOver: 'The transfer countdown is over: the funds are being released to the seller.',
  quoteChanged: 'The total for this account changed since you saw it. Check the new total and buy again.',
  insufficientFunds: 'Insufficient balance',
  idempotencyMismatch: 'This Idempotency-Key was used with a different request',
  idempotencyInvalid: 'Idempotency-Key must be 1 to 200 visible characters',
} as const

/** GET /api/transactions and /api/transactions/all: newest first, 20 a page; the total comes as X-Total-Count. */
export const TRANSACTION_PAGE = { defaultSize: 20, maxSize: 100 } as const
export const transactionListQuerySchema = z.object({
  status: z.enum([...TRANSACTION_STATUSES, 'active']).optional(),
  /** own list only: deals where the viewer buys or sells */
  role: z.enum(['buyer', 'seller']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(TRANSACTION_PAGE.maxSize).default(TRANSACTION_PAGE.defaultSize),
})
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>

export const quoteQuerySchema = z.object({
  listingId: z.coerce.number({ error: LISTING_ID }).int(LISTING_ID).positive(LISTING_ID).max(2_147_483_647, LISTING_ID),
})

/** Two titles a reader takes for the same step: the same visible characters, whatever their case. */
const sameStepKey = (title: string) => visibleCharacters(title).toLocaleLowerCase('en-US')

/**
 * A platform's handover steps as admins edit them: the whole list at once, in order. A tick is told by its title alone
 * (the chat line, the timeline, the dispute's evidence), so each title shows at least 3 characters and no two are the
 * same step.
 */
export const handoverStepsSchema = z
  .object({
    steps: z
      .array(
        z
          .object({
            title: z
              .string()
              .trim()
              .max(200, 'A step title is at most 200 characters')
              .refine((title) => showsAtLeast(title, 3), 'Each step needs a title of at least 3 characters'),
            description: z.string().trim().max(1000, 'A step description is at most 1,000 characters'),
          })
          .strict(),
      )
      .min(1, 'Keep at least one step')
      .max(12, 'At most 12 steps')
      .superRefine((steps, ctx) => {
        const seen = new Set<string>()
        steps.forEach(({ title }, index) => {
          const key = sameStepKey(title)
          if (key === '') return
          if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'title'], message: `“${title}” is already a step of this list` })
          seen.add(key)
        })
      }),
  })
  .strict()
export type HandoverStepsRequest = z.infer<typeof handoverStepsSchema>
export const handoverStepListSchema = z.record(
  z.enum(LIVE_PLATFORMS),
  z.array(z.object({ position: z.number().int(), title: z.string(), description: z.string() })),
)
