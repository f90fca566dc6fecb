import type { EntityManager } from '@mikro-orm/postgresql'
import type { EscrowTransaction } from '../transactions/transactions.entities'
import type { User } from '../users/user.entity'
import { Review } from './review.entity'

const HOUR_MS = 60 * 60 * 1000

/** One demo deal in this many is left without a review, as buyers often do not write one. */
const UNREVIEWED_EVERY = 4
/** The first demo buyer's newest completed purchases are left unreviewed, so the demo shows the review form. */
const UNREVIEWED_FOR_FIRST_BUYER = 2

const DEMO_REVIEWS: readonly [number, string][] = [
  [5, 'Smooth handover from start to finish. Every login detail was changed within the day and the seller answered every question.'],
  [5, 'Exactly as described: audience, analytics and income matched the listing. Would buy from this seller again.'],
  [4, 'Good account and an honest seller. The transfer took a little longer than I hoped, but the checklist kept us both on track.'],
  [5, 'Fast, friendly and careful. Two-factor and recovery email were moved to me before I even asked.'],
  [3, 'The account is fine, though engagement was a bit lower than the screenshots suggested. Handover itself went without problems.'],
  [5, 'Clear communication and no surprises. Escrow made paying a stranger feel safe.'],
  [4, 'Solid channel, fair price. The seller stayed around after the countdown to help with the monetisation settings.'],
  [5, 'Best purchase I have made here. Ownership was transferred on day one and the seller removed every old session.'],
  [2, 'It took many reminders to get the phone number removed. In the end everything was transferred, but slowly.'],
  [5, 'Professional seller. Answered within minutes and walked me through each step of the checklist.'],
  [4, 'Happy with it. A couple of old posts needed cleaning up, which the seller did without fuss.'],
  [5, 'Everything went exactly as the steps said. Recommended.'],
]

/**
 * The buyers' reviews of most of the demo's completed deals (in the order they happened), written a few hours to a
 * few days after each closed, so seller pages and the ranking show ratings. Called inside the demo seeding
 * transaction, after the deals; answers how many it wrote.
 */
export async function seedDemoReviews(
  tx: EntityManager,
  deals: EscrowTransaction[],
  firstBuyer: User | undefined,
  now = new Date(),
): Promise<number> {
  const waiting = new Set(deals.filter((deal) => deal.buyer.id === firstBuyer?.id).slice(-UNREVIEWED_FOR_FIRST_BUYER))
  let reviews = 0
  for (const [n, deal] of deals.entries()) {
    if (waiting.has(deal) || n % UNREVIEWED_EVERY === UNREVIEWED_EVERY - 1) continue
    const [rating, text] = DEMO_REVIEWS[reviews % DEMO_REVIEWS.length]!
    const closedAt = deal.closedAt ?? deal.updatedAt
    const writtenAt = Math.min(now.getTime(), closedAt.getTime() + (2 + (reviews % 5) * 7) * HOUR_MS)
    tx.create(Review, { transaction: deal, seller: deal.seller, reviewer: deal.buyer, rating, text, createdAt: new Date(writtenAt) })
    reviews++
  }
  await tx.flush()
  return reviews
}
