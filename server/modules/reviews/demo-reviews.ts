import type { EntityManager } from '@mikro-orm/postgresql'
import { DEFAULT_SETTINGS } from '@shared/api/settings'
import type { TransactionStatus } from '@shared/api/transactions'
import { escrowFee } from '@shared/fees'
import { dealChat } from '../transactions/deal-chat'
import { EscrowTransaction, EscrowTransactionEvent } from '../transactions/transactions.entities'
import { Listing } from '../listings/listing.entity'
import type { User } from '../users/user.entity'
import { Review } from './review.entity'

const HOUR_MS = 60 * 60 * 1000

/** How many of each seller's latest sales become deals (most of them reviewed). */
const DEALS_PER_SELLER = 2
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

/** Each step's hours after the purchase and its timeline line (from the buyer's and seller's names, the countdown's days and end). */
const STEPS: readonly [TransactionStatus, number, (buyer: string, seller: string, days: number, endsAt: Date) => string][] = [
  ['pending', 0, (buyer) => dealChat.startedTimeline(buyer)],
  ['fee_paid', 1, (buyer) => dealChat.paidFromBalance(buyer)],
  ['invite_sent', 6, (_buyer, seller) => dealChat.inviteSent(seller)],
  ['access_granted', 20, (buyer) => dealChat.accessConfirmed(buyer)],
  ['countdown_started', 26, (_buyer, _seller, days, endsAt) => dealChat.countdownStarted(days, endsAt)],
]

/**
 * Completed escrow deals over some of the demo sales, each with its timeline, and the buyer's review of most
 * of them, so seller pages and the ranking show ratings. No money moves: like the demo sales, they are
 * history from before the demo began. Called inside the demo seeding transaction, after the listings.
 */
export async function seedDemoReviews(tx: EntityManager, buyers: User[], now = new Date()): Promise<number> {
  const sold = await tx.find(Listing, { status: 'sold' }, { orderBy: { soldAt: 'desc', id: 'desc' }, populate: ['seller'] })
  // each seller's latest sales, each bought by a demo buyer other than the seller
  const perSeller = new Map<number, number>()
  const picks: { listing: Listing; buyer: User; closedAt: Date }[] = []
  for (const listing of sold) {
    const taken = perSeller.get(listing.seller.id) ?? 0
    const candidates = buyers.filter((buyer) => buyer.id !== listing.seller.id)
    if (taken >= DEALS_PER_SELLER || candidates.length === 0) continue
    perSeller.set(listing.seller.id, taken + 1)
    picks.push({ listing, buyer: candidates[(listing.id + taken) % candidates.length]!, closedAt: listing.soldAt ?? now })
  }
  // deal numbers follow time, as real ones do; the first buyer's newest purchases wait for a review
  picks.sort((a, b) => a.closedAt.getTime() - b.closedAt.getTime() || a.listing.id - b.listing.id)
  const waiting = new Set(picks.filter((pick) => pick.buyer.id === buyers[0]?.id).slice(-UNREVIEWED_FOR_FIRST_BUYER))
  let reviews = 0
  for (const pick of picks) {
    const { listing, buyer, closedAt } = pick
    const countdownDays = DEFAULT_SETTINGS.countdownDays[listing.platform]
    // the countdown starts 26 hours in (STEPS) and ends with the sale
    const createdAt = new Date(closedAt.getTime() - (26 + countdownDays * 24) * HOUR_MS)
    const deal = tx.create(EscrowTransaction, {
      listing,
      buyer,
      seller: listing.seller,
      status: 'completed',
      priceCents: listing.priceCents,
      escrowFeeCents: escrowFee(listing.priceCents, DEFAULT_SETTINGS),
      paymentMethod: 'balance',
      countdownDays,
      countdownEndsAt: closedAt,
      createdAt,
      updatedAt: closedAt,
      paidAt: new Date(createdAt.getTime() + HOUR_MS),
      closedAt,
    })
    for (const [status, hours, note] of STEPS) {
      const actorRole = status === 'invite_sent' || status === 'countdown_started' ? 'seller' : 'buyer'
      const text = note(buyer.username, listing.seller.username, countdownDays, closedAt)
      tx.create(EscrowTransactionEvent, {
        transaction: deal,
        status,
        actorRole,
        note: text,
        createdAt: new Date(createdAt.getTime() + hours * HOUR_MS),
      })
    }
    tx.create(EscrowTransactionEvent, {
      transaction: deal,
      status: 'completed',
      actorRole: 'system',
      note: dealChat.countdownEnded,
      createdAt: closedAt,
    })
    if (waiting.has(pick)) continue
    const [rating, text] = DEMO_REVIEWS[reviews % DEMO_REVIEWS.length]!
    const writtenAt = Math.min(now.getTime(), closedAt.getTime() + (2 + (reviews % 5) * 7) * HOUR_MS)
    tx.create(Review, { transaction: deal, seller: listing.seller, reviewer: buyer, rating, text, createdAt: new Date(writtenAt) })
    reviews++
  }
  await tx.flush()
  return reviews
}
