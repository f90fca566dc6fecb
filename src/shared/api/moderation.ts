import { z } from 'zod'
import { centsToDecimalString } from '../money'
import { LISTING_STATUSES, listingDtoSchema } from './listings'
import { showsAtLeast } from '../text'

/**
 * Moderation by admins (`/api/admin/users`, `/api/admin/listings/...`): finding users and listings, banning,
 * suspending, verifying, flagging violations and deleting accounts. The server parses every request with these
 * schemas and the moderation screen checks its dialogs with the same ones, so both give the same messages.
 */

export const MODERATION_PAGE_SIZE = 25
export const MODERATION_RULES = { reasonMin: 5, reasonMax: 500, searchMax: 100, maxPage: 100_000 } as const

const { reasonMin, reasonMax } = MODERATION_RULES

export const MODERATION_MESSAGES = {
  reason: `Give a reason of ${reasonMin} to ${reasonMax} characters`,
  note: `Describe the violation in ${reasonMin} to ${reasonMax} characters`,
  optionalReason: `A reason can be at most ${reasonMax} characters`,
  userNotFound: 'User not found',
  banSelf: 'You cannot ban your own account',
  banAdmin: 'Admins cannot be banned',
  deleteSelf: 'You cannot delete your own account',
  deleteAdmin: 'Admin accounts cannot be deleted',
  alreadyBanned: 'This user is already banned',
  notBanned: 'This user is not banned',
  deleted: 'This account has been deleted',
  openDeal: 'This user has an open escrow deal; it must be completed, cancelled or refunded before the account can be deleted',
  notActive: 'Only an active listing can be suspended',
  reserved: 'This listing is reserved by a running escrow deal and cannot be suspended until the deal ends',
  notSuspended: 'Only a suspended listing can be restored',
  alreadyVerified: 'This listing is already verified',
  notVerifiable: 'A sold or removed listing cannot be verified',
} as const

/**
 * The suspension reason of the listings a ban takes off sale. Lifting the ban puts back exactly the listings
 * that still carry it; those an admin suspended for a reason of their own stay suspended.
 */
export const BANNED_SELLER_LISTING_REASON = 'Taken off sale while the seller’s account is banned'

/** The 409 for an account that still holds money: it is paid out (or withdrawn) before the account can go. */
export function moneyLeftMessage(walletCents: number, heldCents: number): string {
  const parts = [
    walletCents !== 0 && `$${centsToDecimalString(walletCents)} in the wallet`,
    heldCents !== 0 && `$${centsToDecimalString(heldCents)} in pending withdrawals`,
  ]
  return `This user still has money on Handover (${parts.filter(Boolean).join(', ')}); it must be paid out before the account can be deleted`
}

const text = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(reasonMin, message)
    .max(reasonMax, message)
    .refine((reason) => showsAtLeast(reason, reasonMin), message)

/** The texts themselves, for forms that check one field: a required reason, an optional one, a violation note. */
export const reasonText = text(MODERATION_MESSAGES.reason)
export const optionalReasonText = z.string({ error: MODERATION_MESSAGES.optionalReason }).trim().max(reasonMax, MODERATION_MESSAGES.optionalReason)
export const violationNoteText = text(MODERATION_MESSAGES.note)

/** Ban, suspend, delete: the reason is required, and the user or seller reads it. */
export const moderationReasonSchema = z.strictObject({ reason: reasonText })
export type ModerationReason = z.infer<typeof moderationReasonSchema>

/** Unban, restore, verify: a reason for the audit log is welcome but not needed (empty is none). */
export const optionalReasonSchema = z.strictObject({ reason: optionalReasonText.optional().transform((reason) => reason || undefined) })
export type OptionalReason = z.infer<typeof optionalReasonSchema>

/** A violation flagged on a user or a listing; the owner is told the note. */
export const flagViolationSchema = z.strictObject({ note: violationNoteText })
export type FlagViolation = z.infer<typeof flagViolationSchema>

// ---- lists

export const USER_STATUS_FILTERS = ['all', 'active', 'banned', 'deleted'] as const
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number]
export const LISTING_STATUS_FILTERS = ['all', ...LISTING_STATUSES] as const
export type ListingStatusFilter = (typeof LISTING_STATUS_FILTERS)[number]

const search = z
  .string({ error: 'q must be given once' })
  .trim()
  .max(MODERATION_RULES.searchMax, `A search is at most ${MODERATION_RULES.searchMax} characters`)
  .optional()
  .transform((q) => q || undefined)
const flagged = z
  .enum(['true', 'false'], { error: 'flagged must be true or false' })
  .transform((v) => v === 'true')
  .default(false)
const pageMessage = `page must be a whole number from 1 to ${MODERATION_RULES.maxPage}`
const page = z.coerce.number({ error: pageMessage }).int(pageMessage).min(1, pageMessage).max(MODERATION_RULES.maxPage, pageMessage).default(1)

/** GET /api/admin/users: `q` matches username or email, newest first, MODERATION_PAGE_SIZE a page (X-Total-Count). */
export const adminUserQuerySchema = z.strictObject({
  q: search,
  status: z.enum(USER_STATUS_FILTERS, { error: `status must be one of ${USER_STATUS_FILTERS.join(', ')}` }).default('all'),
  flagged,
  page,
})
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>

/** GET /api/admin/listings/search: `q` matches handle, name, niche, description, seller or id; newest first. */
export const adminListingQuerySchema = z.strictObject({
  q: search,
  status: z.enum(LISTING_STATUS_FILTERS, { error: `status must be one of ${LISTING_STATUS_FILTERS.join(', ')}` }).default('all'),
  flagged,
  page,
})
export type AdminListingQuery = z.infer<typeof adminListingQuerySchema>

// ---- answers

/** The newest violation flagged on a user or listing, for the row that shows it. */
export const flagSummarySchema = z.object({ note: z.string(), createdAt: z.iso.datetime() })

export const adminUserDtoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.iso.datetime(),
  bannedAt: z.iso.datetime().nullable(),
  banReason: z.string().nullable(),
  /** a deleted account is anonymised and kept for the ledger and the history */
  deletedAt: z.iso.datetime().nullable(),
  /** violations flagged on the user */
  flags: z.number().int(),
  lastFlag: flagSummarySchema.nullable(),
})
export type AdminUserDto = z.infer<typeof adminUserDtoSchema>
export const adminUserListSchema = z.array(adminUserDtoSchema)

export const adminListingDtoSchema = listingDtoSchema.extend({
  status: z.enum(LISTING_STATUSES),
  /** why it was rejected or suspended; shown to the seller */
  rejectionReason: z.string().nullable(),
  flags: z.number().int(),
  lastFlag: flagSummarySchema.nullable(),
})
export type AdminListingDto = z.infer<typeof adminListingDtoSchema>
export const adminListingListSchema = z.array(adminListingDtoSchema)
