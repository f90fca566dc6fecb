import { z } from 'zod'
import { WELCOME_BONUS_CENTS } from '../constants'

/**
 * Marketplace settings stored in the database (table `settings`, one row per key). The admin settings
 * screen edits them; each module reads its own through SettingsService with these defaults.
 * Every message names its setting: the API answers a 400 with the first message alone.
 */
const wholeNumber = (what: string, missing = `${what} is missing`) =>
  z.number({ error: (issue) => (issue.input === undefined ? missing : `${what} must be a number`) }).int(`${what} must be a whole number`)
const countdownDays = wholeNumber('A countdown', 'Countdown days are needed for every platform')
  .min(1, 'A countdown is at least 1 day')
  .max(60, 'A countdown is at most 60 days')

export const MAINTENANCE_BANNER_MAX = 300

const COUNTDOWN_SHAPE = {
  youtube: countdownDays,
  instagram: countdownDays,
  tiktok: countdownDays,
  facebook: countdownDays,
  twitter: countdownDays,
  telegram: countdownDays,
}

export const settingsSchema = z.object({
  /** new listings wait for an admin's approval before they appear */
  listingApprovalRequired: z.boolean({ error: 'Listing approval must be on or off' }),
  /** the buyer's escrow fee in basis points (500 = 5 %) */
  escrowFeeBps: wholeNumber('The escrow fee').min(0, 'The escrow fee cannot be negative').max(5_000, 'The escrow fee is at most 50 %'),
  /** the smallest escrow fee, in cents */
  escrowFeeMinCents: wholeNumber('The minimum escrow fee')
    .min(0, 'The minimum escrow fee cannot be negative')
    .max(100_000, 'The minimum escrow fee is at most $1,000'),
  /** the platform's waiting period before a transfer is final; funds are released after it */
  countdownDays: z.strictObject(COUNTDOWN_SHAPE, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `There is no countdown for ${issue.keys.join(', ')}` : 'Countdown days are needed for every platform',
  }),
  /** how long an unpaid purchase holds the listing */
  reservationMinutes: wholeNumber('The reservation time')
    .min(5, 'A reservation lasts at least 5 minutes')
    .max(24 * 60, 'A reservation lasts at most a day (1,440 minutes)'),
  /** credited to every new account when it is created, in cents (SPEC §1: $15.00) */
  welcomeBonusCents: wholeNumber('The welcome bonus')
    .min(0, 'The welcome bonus cannot be negative')
    .max(100_000, 'The welcome bonus is at most $1,000'),
  /** shown under the header on every page; empty shows nothing */
  maintenanceBanner: z
    .string({ error: 'The maintenance banner must be text' })
    .trim()
    .max(MAINTENANCE_BANNER_MAX, `The maintenance banner is at most ${MAINTENANCE_BANNER_MAX} characters`),
})
export type Settings = z.infer<typeof settingsSchema>

export const DEFAULT_SETTINGS: Settings = {
  listingApprovalRequired: true,
  escrowFeeBps: 500,
  escrowFeeMinCents: 100,
  countdownDays: { youtube: 7, instagram: 3, tiktok: 3, facebook: 3, twitter: 3, telegram: 3 },
  reservationMinutes: 30,
  welcomeBonusCents: WELCOME_BONUS_CENTS,
  maintenanceBanner: '',
}

/**
 * PUT /api/admin/settings: any non-empty subset of the settings; what is left out keeps its value, so a
 * screen that does not know a newer setting never resets it. Unknown keys are a 400. The countdowns are
 * changed per platform in the same way (`{ countdownDays: { tiktok: 10 } }`): two admins changing two
 * platforms' countdowns at once both keep their change.
 */
export const settingsUpdateSchema = settingsSchema
  .extend({
    countdownDays: z
      .strictObject(COUNTDOWN_SHAPE, {
        error: (issue) =>
          issue.code === 'unrecognized_keys' ? `There is no countdown for ${issue.keys.join(', ')}` : 'Countdown days are given per platform',
      })
      .partial()
      .refine((days) => Object.keys(days).length > 0, 'Name a platform whose countdown changes'),
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to change')
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>

/** GET /api/site: what every visitor's page shows from the settings. */
export const siteInfoSchema = z.object({
  /** null when there is nothing to announce */
  maintenanceBanner: z.string().nullable(),
  /** what a new account is given, in dollars ("15.00"); "0.00" when there is no bonus */
  welcomeBonus: z.string(),
})
export type SiteInfo = z.infer<typeof siteInfoSchema>

/** GET /api/site/trading: the rules of a deal as set now, for the pages that explain them (FAQ, how it works). */
export const tradingTermsSchema = settingsSchema.pick({
  escrowFeeBps: true,
  escrowFeeMinCents: true,
  countdownDays: true,
  reservationMinutes: true,
  listingApprovalRequired: true,
})
export type TradingTerms = z.infer<typeof tradingTermsSchema>
