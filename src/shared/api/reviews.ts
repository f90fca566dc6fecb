import { z } from 'zod'
import { LIVE_PLATFORMS } from '../constants'
import { showsAtLeast } from '../text'
import { formatInteger } from '../format'

/**
 * Reviews of sellers (docs/decisions.md, "Reviews"): the buyer of a completed escrow deal rates the seller
 * once, 1 to 5 stars with a few words. The server checks every rule with these schemas and the form shows the
 * same messages.
 */

export const REVIEW_RULES = { ratingMin: 1, ratingMax: 5, textMax: 2_000, pageSize: 10, maxPageSize: 50 } as const

export const REVIEW_MESSAGES = {
  rating: `Choose a rating from ${REVIEW_RULES.ratingMin} to ${REVIEW_RULES.ratingMax} stars`,
  text: 'Write a few words about the deal',
  textLong: `A review is at most ${formatInteger(REVIEW_RULES.textMax)} characters`,
  notBuyer: 'Only the buyer of this deal can review the seller',
  notCompleted: 'You can review the seller once the deal is completed',
  already: 'You have already reviewed this deal',
  sellerNotFound: 'Seller not found',
  removedAlready: 'An admin removed your review of this deal, so it cannot be reviewed again',
  notFound: 'Review not found',
  alreadyRemoved: 'This review has already been removed',
} as const

/** characters as people count them (an emoji is one), after trimming; the database checks the same */
export const reviewTextLength = (text: string) => Array.from(text).length

const rating = z
  .number({ error: REVIEW_MESSAGES.rating })
  .int(REVIEW_MESSAGES.rating)
  .min(REVIEW_RULES.ratingMin, REVIEW_MESSAGES.rating)
  .max(REVIEW_RULES.ratingMax, REVIEW_MESSAGES.rating)

/** POST /api/transactions/{id}/review */
export const reviewRequestSchema = z.strictObject({
  rating,
  text: z
    .string({ error: REVIEW_MESSAGES.text })
    .trim()
    .min(1, REVIEW_MESSAGES.text)
    .refine((text) => showsAtLeast(text, 1), REVIEW_MESSAGES.text)
    .refine((text) => reviewTextLength(text) <= REVIEW_RULES.textMax, REVIEW_MESSAGES.textLong),
})
export type ReviewRequest = z.infer<typeof reviewRequestSchema>

export const reviewDtoSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(REVIEW_RULES.ratingMin).max(REVIEW_RULES.ratingMax),
  text: z.string(),
  createdAt: z.iso.datetime(),
  /** the buyer; a deleted account shows under the name it has everywhere ("Deleted user {id}") */
  reviewer: z.object({ id: z.number().int(), username: z.string(), avatar: z.string().nullable() }),
  /** what was bought */
  listing: z.object({ platform: z.enum(LIVE_PLATFORMS), accountTitle: z.string() }),
})
export type ReviewDto = z.infer<typeof reviewDtoSchema>

/** A seller's rating: the average of every review (two decimals), null while there is none. */
export const sellerRatingSchema = z.object({
  average: z.number().min(0).max(REVIEW_RULES.ratingMax).nullable(),
  count: z.number().int().nonnegative(),
})
export type SellerRating = z.infer<typeof sellerRatingSchema>

/** GET /api/sellers/{id}/reviews?page=&pageSize=: the rating, how many reviews gave each star, and one page newest first. */
export const sellerReviewsSchema = z.object({
  rating: sellerRatingSchema.extend({
    /** reviews with 1, 2, 3, 4 and 5 stars, in that order */
    byStars: z.array(z.number().int().nonnegative()).length(REVIEW_RULES.ratingMax),
  }),
  items: z.array(reviewDtoSchema),
})
export type SellerReviews = z.infer<typeof sellerReviewsSchema>

export const reviewListQuerySchema = z.strictObject({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(100_000, 'page is at most 100,000')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, `pageSize must be from 1 to ${REVIEW_RULES.maxPageSize}`)
    .max(REVIEW_RULES.maxPageSize, `pageSize must be from 1 to ${REVIEW_RULES.maxPageSize}`)
    .default(REVIEW_RULES.pageSize),
})
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>

/**
 * GET /api/transactions/{id}/review: the deal's review, for its parties and admins; null until the buyer writes one,
 * and null again once an admin removed it, with `removed` saying when and why.
 */
export const dealReviewSchema = z.object({
  review: reviewDtoSchema.nullable(),
  removed: z.object({ removedAt: z.iso.datetime(), reason: z.string() }).nullable(),
})
export type DealReview = z.infer<typeof dealReviewSchema>

/** POST /api/admin/reviews/{id}/remove: what the admin did, for the toast and the list */
export const removedReviewSchema = z.object({
  id: z.number().int(),
  sellerId: z.number().int(),
  transactionId: z.number().int(),
  removedAt: z.iso.datetime(),
})
export type RemovedReview = z.infer<typeof removedReviewSchema>
