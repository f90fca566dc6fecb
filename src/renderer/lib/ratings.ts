import type { SellerRating } from '@shared/api/reviews'
import { formatInteger } from '@shared/format'

/** "4.3": one decimal, as people read a star rating; "4.0" keeps the decimal so figures line up. */
export function formatAverage(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1)
}

/** "1 review", "1,234 reviews" (without Intl, whose first use costs a public page a long task on a phone) */
export function reviewsLabel(count: number): string {
  return `${formatInteger(count)} ${count === 1 ? 'review' : 'reviews'}`
}

/** What a screen reader hears for a rating: "Rated 4.3 out of 5 from 12 reviews", or "No reviews yet". */
export function ratingLabel(rating: SellerRating): string {
  if (rating.average === null || rating.count === 0) return 'No reviews yet'
  return `Rated ${formatAverage(rating.average)} out of 5 from ${reviewsLabel(rating.count)}`
}
