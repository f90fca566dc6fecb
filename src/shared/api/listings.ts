import { z } from 'zod'
import { LIVE_PLATFORMS, PLATFORM_IDS } from '../constants'
import { sellerRatingSchema } from './reviews'
import { showsAtLeast } from '../text'
import { formatInteger } from '../format'

/** Listing life cycle; only `active` listings appear in the public catalogue. */
export const LISTING_STATUSES = ['pending_review', 'active', 'reserved', 'suspended', 'sold', 'removed'] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]
/** The statuses anyone may open a listing's page in: on sale, reserved by a paying buyer, or sold (with its date). */
export const PUBLIC_LISTING_STATUSES = ['active', 'reserved', 'sold'] as const satisfies readonly ListingStatus[]
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
  /** present for the seller's own listings (GET /api/accounts/user) and for admins, and for anyone on a reserved or sold one */
  status: z.enum(LISTING_STATUSES).optional(),
  /** when it was sold; present on a sold listing */
  soldAt: z.iso.datetime().optional(),
  /** why an admin did not approve it; present with `status` (seller and admins) */
  rejectionReason: z.string().nullable().optional(),
  createdAt: z.iso.datetime(),
  images: z.array(z.string()),
  sellerId: z.number().int(),
  seller: z.object({ id: z.number().int(), username: z.string() }),
})
export type ListingDto = z.infer<typeof listingDtoSchema>

export const listingListSchema = z.array(listingDtoSchema)

export const statsSchema = z.object({
  activeListings: z.number().int(),
  /** active listings whose account is verified */
  verifiedListings: z.number().int(),
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

// ---------------------------------------------------------------------------------------------
// Writing listings. SPEC leaves the create-listing rules open ("not shown"); these are ours
// (docs/decisions.md, "Create-listing rules"). The server enforces every one with this schema and
// the form shows the same messages, so a rule cannot differ between the two.

export const LISTING_RULES = {
  handleMax: 100,
  displayNameMax: 100,
  nicheMin: 2,
  nicheMax: 50,
  titleMin: 5,
  titleMax: 120,
  descriptionMin: 20,
  descriptionMax: 5_000,
  priceMinCents: 100,
  priceMaxCents: 1_000_000_000,
  incomeMaxCents: 1_000_000_000,
  followersMax: 10_000_000_000,
  imagesMax: 8,
  imageMaxBytes: 5 * 1024 * 1024,
  imageTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  imageUrlMax: 2_048,
  /** listing-image uploads a user may make per hour (the server's rate limit) */
  uploadsPerHour: 60,
  rejectReasonMin: 5,
  rejectReasonMax: 500,
} as const

export const LISTING_WRITE_MESSAGES = {
  platform: 'Choose one of YouTube, Instagram, TikTok, Facebook, Twitter/X or Telegram',
  handleRequired: 'Enter the account handle',
  handleChars: 'A handle may contain only letters, digits, dots, underscores and hyphens',
  handleLong: `A handle can be at most ${LISTING_RULES.handleMax} characters`,
  displayName: `Display name must be 1 to ${LISTING_RULES.displayNameMax} characters`,
  niche: `Niche must be ${LISTING_RULES.nicheMin} to ${LISTING_RULES.nicheMax} characters`,
  title: `Title must be ${LISTING_RULES.titleMin} to ${LISTING_RULES.titleMax} characters`,
  description: `Description must be ${LISTING_RULES.descriptionMin} to ${formatInteger(LISTING_RULES.descriptionMax)} characters`,
  price: 'Price must be between $1 and $10,000,000, in dollars and cents',
  followers: 'Followers must be a whole number, 0 or more',
  income: 'Monthly income must be between $0 and $10,000,000, in dollars and cents',
  images: `Add at most ${LISTING_RULES.imagesMax} images`,
  imageUrl: 'Each image must be an uploaded image or an http(s) address',
  inDeal: 'This listing is in an escrow deal; it can be changed once the deal ends',
  imageType: 'Images must be JPEG, PNG or WebP',
  imageSize: 'Each image can be at most 5 MB',
  imageUnreadable: 'That file is not a readable image',
  duplicate: 'This account is already listed on Handover',
  notOwner: 'Only the seller can change this listing',
  notEditable: 'A listing that is sold or removed cannot be changed',
  rejectReason: `Give a reason of ${LISTING_RULES.rejectReasonMin} to ${LISTING_RULES.rejectReasonMax} characters`,
  notPending: 'Only a listing waiting for review can be approved or rejected',
} as const

/** Where uploaded listing images are served from; an image is either such a path or an http(s) URL. */
export const MEDIA_PREFIX = '/media/'
export const UPLOADED_IMAGE_PATTERN = /^\/media\/listings\/[a-f0-9]{32}\.webp$/

/** "@Some Handle" → "SomeHandle" */
export const normalizeHandle = (handle: string) => handle.trim().replace(/^@+/, '').replace(/\s+/g, '')

const moneyInput = (message: string, minCents: number, maxCents: number) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim()
    const cents = /^\d{1,8}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : NaN
    if (!(cents >= minCents && cents <= maxCents)) {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    return cents
  })

const imageRef = z
  .string({ error: LISTING_WRITE_MESSAGES.imageUrl })
  .trim()
  .max(LISTING_RULES.imageUrlMax, LISTING_WRITE_MESSAGES.imageUrl)
  .refine((value) => {
    if (UPLOADED_IMAGE_PATTERN.test(value)) return true
    try {
      const url = new URL(value)
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === ''
    } catch {
      return false
    }
  }, LISTING_WRITE_MESSAGES.imageUrl)

const text = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, message)
    .refine((value) => showsAtLeast(value, min), message)

/**
 * POST /api/accounts body. Prices are dollars (number or decimal string) and come out as integer cents;
 * the handle comes out normalised. Unknown keys are refused so a typo never passes silently.
 */
export const listingInputSchema = z.strictObject({
  platform: z.enum(LIVE_PLATFORMS, { error: LISTING_WRITE_MESSAGES.platform }),
  username: z
    .string({ error: LISTING_WRITE_MESSAGES.handleRequired })
    .transform(normalizeHandle)
    .pipe(
      z
        .string()
        .min(1, LISTING_WRITE_MESSAGES.handleRequired)
        .max(LISTING_RULES.handleMax, LISTING_WRITE_MESSAGES.handleLong)
        .regex(/^[A-Za-z0-9._-]+$/, LISTING_WRITE_MESSAGES.handleChars),
    ),
  displayName: text(1, LISTING_RULES.displayNameMax, LISTING_WRITE_MESSAGES.displayName),
  niche: text(LISTING_RULES.nicheMin, LISTING_RULES.nicheMax, LISTING_WRITE_MESSAGES.niche),
  accountTitle: text(LISTING_RULES.titleMin, LISTING_RULES.titleMax, LISTING_WRITE_MESSAGES.title),
  description: text(LISTING_RULES.descriptionMin, LISTING_RULES.descriptionMax, LISTING_WRITE_MESSAGES.description),
  price: moneyInput(LISTING_WRITE_MESSAGES.price, LISTING_RULES.priceMinCents, LISTING_RULES.priceMaxCents),
  followers: z
    .number({ error: LISTING_WRITE_MESSAGES.followers })
    .int(LISTING_WRITE_MESSAGES.followers)
    .min(0, LISTING_WRITE_MESSAGES.followers)
    .max(LISTING_RULES.followersMax, LISTING_WRITE_MESSAGES.followers),
  monthlyIncome: moneyInput(LISTING_WRITE_MESSAGES.income, 0, LISTING_RULES.incomeMaxCents).default(0),
  isVerified: z.boolean().default(false),
  isMonetized: z.boolean().default(false),
  images: z.array(imageRef, { error: LISTING_WRITE_MESSAGES.images }).max(LISTING_RULES.imagesMax, LISTING_WRITE_MESSAGES.images).default([]),
})
export type ListingInput = z.input<typeof listingInputSchema>
/** price and monthlyIncome are integer cents here */
export type ListingWrite = z.output<typeof listingInputSchema>

const createDefaults = listingInputSchema.shape

/** PATCH /api/accounts/{id}: any subset of the create fields, same rules; at least one field. */
export const listingUpdateSchema = listingInputSchema
  // without the create defaults: a field an edit leaves out must stay as it is, not become 0, false or []
  .extend({
    monthlyIncome: createDefaults.monthlyIncome.unwrap(),
    isVerified: createDefaults.isVerified.unwrap(),
    isMonetized: createDefaults.isMonetized.unwrap(),
    images: createDefaults.images.unwrap(),
  })
  .partial()
  .refine((value) => Object.values(value).some((v) => v !== undefined), 'Nothing to change')
export type ListingUpdate = z.output<typeof listingUpdateSchema>

/** The multipart field POST /api/uploads/listing-image takes its one file in. */
export const LISTING_IMAGE_FIELD = 'image'

/** The most sellers GET /api/sellers/top lists (`?limit=`). */
export const TOP_SELLERS_MAX_LIMIT = 100

/** POST /api/uploads/listing-image (multipart, one file in field "image") answers this. */
export const uploadedImageSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), bytes: z.number().int() })
export type UploadedImage = z.infer<typeof uploadedImageSchema>

/** POST /api/admin/listings/{id}/reject body */
export const rejectListingSchema = z.strictObject({
  reason: text(LISTING_RULES.rejectReasonMin, LISTING_RULES.rejectReasonMax, LISTING_WRITE_MESSAGES.rejectReason),
})

// ---------------------------------------------------------------------------------------------
// Sellers: public profiles and the top-sellers ranking. A completed sale is a listing of the seller's
// in status `sold` (escrow marks a listing sold only when its deal completes).

export const sellerSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  memberSince: z.iso.datetime(),
  activeListings: z.number().int(),
  completedSales: z.number().int(),
  /** dollars, sum of the prices of completed sales */
  salesVolume: z.number(),
  /** followers over the seller's active listings */
  totalFollowers: z.number().int(),
  platforms: z.array(z.enum(LIVE_PLATFORMS)),
  /** buyers' reviews of completed deals: average and count */
  rating: sellerRatingSchema,
})
export type SellerSummary = z.infer<typeof sellerSummarySchema>

/** GET /api/sellers/{id}: the summary, the seller's active listings and recent completed sales. */
export const sellerProfileSchema = sellerSummarySchema.extend({
  listings: listingListSchema,
  recentSales: z.array(
    z.object({ id: z.number().int(), platform: z.enum(LIVE_PLATFORMS), accountTitle: z.string(), price: z.number(), soldAt: z.iso.datetime() }),
  ),
})
export type SellerProfile = z.infer<typeof sellerProfileSchema>

/** GET /api/sellers/top?limit= (default 20, max 100): ranked by completed sales, then volume, then id; the rating is shown, not ranked by. */
export const topSellersSchema = z.array(sellerSummarySchema.extend({ rank: z.number().int() }))
export type TopSeller = z.infer<typeof topSellersSchema>[number]
