import { REVIEW_RULES, type ReviewDto, type SellerRating, type SellerReviews } from '@shared/api/reviews'
import { orderedPlatforms } from '../sellers/seller.mapper'

/** One review as the list queries return it, joined with its reviewer and the listing of its deal. */
export interface ReviewRow {
  id: number
  rating: number | string
  text: string
  created_at: Date | string
  /** set once an admin removed it (the seller's lists never return such a row) */
  removed_at: Date | string | null
  removed_reason: string | null
  reviewer_id: number
  reviewer_username: string
  reviewer_avatar: string | null
  platform: string
  account_title: string
}

/** A seller's reviews counted per star (1 to 5); sums and averages are computed from these. */
export interface StarCountRow {
  rating: number | string
  n: number | string
}

export function toReviewDto(row: ReviewRow): ReviewDto {
  const [platform] = orderedPlatforms([row.platform])
  if (!platform) throw new Error(`Review ${row.id} is of a deal on an unknown platform: ${row.platform}`)
  return {
    id: row.id,
    rating: Number(row.rating),
    text: row.text,
    createdAt: new Date(row.created_at).toISOString(),
    reviewer: { id: row.reviewer_id, username: row.reviewer_username, avatar: row.reviewer_avatar },
    listing: { platform, accountTitle: row.account_title },
  }
}

/** Two decimals, rounded half up on the exact sum (integers), so 4.665 never becomes 4.66 through a float. */
export function averageOf(sum: number, count: number): number | null {
  if (count === 0) return null
  return Math.round((sum * 100) / count) / 100
}

/** The rating from the per-star counts; stars outside 1–5 cannot exist (a check constraint) and are ignored. */
export function toRatingSummary(rows: readonly StarCountRow[]): SellerReviews['rating'] {
  const byStars = Array.from({ length: REVIEW_RULES.ratingMax }, () => 0)
  for (const row of rows) {
    const stars = Number(row.rating)
    if (stars >= REVIEW_RULES.ratingMin && stars <= REVIEW_RULES.ratingMax) byStars[stars - 1] = Number(row.n)
  }
  const count = byStars.reduce((total, n) => total + n, 0)
  const sum = byStars.reduce((total, n, i) => total + n * (i + 1), 0)
  return { average: averageOf(sum, count), count, byStars }
}

/** A seller's figure for the profile and the ranking: the sum and count of their ratings as SQL gives them. */
export function toSellerRating(row: { rating_sum: number | string; rating_count: number | string } | undefined): SellerRating {
  const count = Number(row?.rating_count ?? 0)
  return { average: averageOf(Number(row?.rating_sum ?? 0), count), count }
}
