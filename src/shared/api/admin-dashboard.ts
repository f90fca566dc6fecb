import { z } from 'zod'
import { messageDtoSchema } from './conversations'
import { transactionDetailSchema, transactionDtoSchema, transactionEventSchema } from './transactions'

/**
 * The admin dashboard (SPEC §6): the platform's figures and their course over time, and the disputes an admin
 * settles. Amounts are dollars as numbers at this edge, like the rest of the API; the server sums integer cents.
 */

/** How many days the series cover: the screen offers `options`; the API takes 1 to `max`. */
export const STATS_DAYS = { default: 30, max: 365, options: [7, 30, 90] } as const

const DAYS_MESSAGE = `days must be a whole number from 1 to ${STATS_DAYS.max}`

/** GET /api/admin/stats?days= */
export const adminStatsQuerySchema = z.object({
  days: z
    .string({ error: DAYS_MESSAGE })
    .regex(/^\d{1,3}$/, DAYS_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1 && n <= STATS_DAYS.max, DAYS_MESSAGE)
    .default(STATS_DAYS.default),
})

const count = z.number().int().nonnegative()
const money = z.number()

export const adminFiguresSchema = z.object({
  /** every account, admins included */
  users: count,
  /** accounts created within the range */
  newUsers: count,
  activeListings: count,
  listingsAwaitingApproval: count,
  /** deals completed (funds released to the seller) */
  completedDeals: count,
  /** the prices of completed deals */
  salesVolume: money,
  /** deals not yet completed, cancelled or refunded */
  openDeals: count,
  /** deals whose money sits in escrow now */
  fundedDeals: count,
  /** what their escrow accounts in the ledger hold: prices and escrow fees */
  escrowHeld: money,
  /** the ledger's platform fees account */
  feesEarned: money,
  openDisputes: count,
  pendingWithdrawals: count,
  pendingWithdrawalsAmount: money,
})
export type AdminFigures = z.infer<typeof adminFiguresSchema>

/** One UTC day of the series. */
export const statsPointSchema = z.object({
  date: z.iso.date(),
  newUsers: count,
  dealsStarted: count,
  /** prices of the deals completed that day */
  salesVolume: money,
  /** escrow fees those deals paid the platform */
  fees: money,
})
export type StatsPoint = z.infer<typeof statsPointSchema>

export const adminStatsSchema = z.object({
  days: z.number().int(),
  figures: adminFiguresSchema,
  /** oldest day first, one entry per day, today (UTC) last */
  series: z.array(statsPointSchema),
  generatedAt: z.iso.datetime(),
})
export type AdminStatsDto = z.infer<typeof adminStatsSchema>

// ---- disputes

/** GET /api/admin/disputes: the longest-waiting first, this many a page; the total comes as X-Total-Count. */
export const DISPUTES_PAGE_SIZE = 20

const PAGE_MESSAGE = 'page must be a whole number from 1'
export const pageQuerySchema = z.object({
  page: z
    .string({ error: PAGE_MESSAGE })
    .regex(/^\d{1,6}$/, PAGE_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1, PAGE_MESSAGE)
    .default(1),
})

export const adminDisputeSchema = transactionDtoSchema.extend({
  /** when the dispute was opened */
  disputedAt: z.iso.datetime(),
  /** who opened it */
  disputedBy: transactionEventSchema.shape.actorRole,
})
export type AdminDisputeDto = z.infer<typeof adminDisputeSchema>
export const adminDisputeListSchema = z.array(adminDisputeSchema)

/** The newest messages of a deal's chat that the evidence carries. */
export const DISPUTE_TRANSCRIPT_LIMIT = 500

/** GET /api/admin/disputes/{id}: what an admin decides on. */
export const disputeEvidenceSchema = z.object({
  /** the deal with its timeline and checklist ticks */
  transaction: transactionDetailSchema,
  /** the deal's chat, oldest first */
  transcript: z.array(messageDtoSchema),
  /** older messages exist than the transcript holds */
  transcriptTruncated: z.boolean(),
})
export type DisputeEvidenceDto = z.infer<typeof disputeEvidenceSchema>
