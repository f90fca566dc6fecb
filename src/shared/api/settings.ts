import { z } from 'zod'

/**
 * Marketplace settings stored in the database (table `settings`, one row per key). The admin settings
 * screen edits them; each module reads its own through SettingsService with these defaults.
 */
const countdownDays = z.number().int().min(1, 'At least 1 day').max(60, 'At most 60 days')

export const settingsSchema = z.object({
  /** new listings wait for an admin's approval before they appear */
  listingApprovalRequired: z.boolean(),
  /** the buyer's escrow fee in basis points (500 = 5 %) */
  escrowFeeBps: z.number().int().min(0).max(5_000, 'At most 50 %'),
  /** the smallest escrow fee, in cents */
  escrowFeeMinCents: z.number().int().min(0).max(100_000),
  /** the platform's waiting period before a transfer is final; funds are released after it */
  countdownDays: z.object({
    youtube: countdownDays,
    instagram: countdownDays,
    tiktok: countdownDays,
    facebook: countdownDays,
    twitter: countdownDays,
    telegram: countdownDays,
  }),
  /** how long an unpaid purchase holds the listing */
  reservationMinutes: z.number().int().min(5, 'At least 5 minutes').max(24 * 60, 'At most a day'),
})
export type Settings = z.infer<typeof settingsSchema>

export const DEFAULT_SETTINGS: Settings = {
  listingApprovalRequired: true,
  escrowFeeBps: 500,
  escrowFeeMinCents: 100,
  countdownDays: { youtube: 7, instagram: 3, tiktok: 3, facebook: 3, twitter: 3, telegram: 3 },
  reservationMinutes: 30,
}
