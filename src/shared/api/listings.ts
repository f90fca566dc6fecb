import { z } from 'zod'
import { LIVE_PLATFORMS, PLATFORM_IDS } from '../constants'

/** Listing life cycle; only `active` listings appear in the public catalogue. */
export const LISTING_STATUSES = ['pending_review', 'active', 'suspended', 'sold', 'removed'] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]
export type LivePlatform = (typeof LIVE_PLATFORMS)[number]

export const LISTING_MESSAGES = {
  notFound: 'Listing not found',
} as const

/** Total matches of a paged list; the body stays a plain array (SPEC §7). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count'

/** SPEC §3 listing. Money leaves the server as dollars (cents / 100), never rounded through floats on the way in. */
export const listingDtoSchema = z.object({
  id: z.number().int(),
  platform: z.enum(PLATFORM_IDS),
  username: z.string(),
  displayName: z.string(),
  niche: z.string(),
  description: z.string(),
  accountTitle: z.string(),
  price: z.number().nonnegative(),
  followers: z.number().int().nonnegative(),
  monthlyIncome: z.number().nonnegative(),
  isVerified: z.boolean(),
  isMonetized: z.boolean(),
  isPremium: z.boolean(),
  isPinned: z.boolean(),
  isActive: z.boolean(),
  /** present for the seller's own listings (GET /api/accounts/user) and for admins */
  status: z.enum(LISTING_STATUSES).optional(),
  createdAt: z.iso.datetime(),
  images: z.array(z.string()),
  sellerId: z.number().int(),
  seller: z.object({ id: z.number().int(), username: z.string() }),
})
export type ListingDto = z.infer<typeof listingDtoSchema>

export const listingListSchema = z.array(listingDtoSchema)

export const statsSchema = z.object({
  activeListings: z.number().int(),
  totalUsers: z.number().int(),
  totalFollowers: z.number().int(),
  completedSales: z.number().int(),
})
export type Stats = z.infer<typeof statsSchema>

export const platformStatSchema = z.object({
  platform: z.enum(LIVE_PLATFORMS),
  count: z.number().int(),
  /** dollars, average of active listings rounded to the cent; 0 when there are none */
  avgPrice: z.number(),
})
export const platformStatsSchema = z.array(platformStatSchema)
export type PlatformStat = z.infer<typeof platformStatSchema>

export const overallStatsSchema = statsSchema.extend({ platforms: platformStatsSchema })
export type OverallStats = z.infer<typeof overallStatsSchema>
