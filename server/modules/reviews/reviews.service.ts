import type { EntityManager } from '@mikro-orm/postgresql'
import {
  REVIEW_MESSAGES,
  type DealReview,
  type RemovedReview,
  type ReviewDto,
  type ReviewListQuery,
  type ReviewRequest,
  type SellerRating,
  type SellerReviews,
} from '@shared/api/reviews'
import { transactionDisplayId, type TransactionDetailDto } from '@shared/api/transactions'
import { conflict, forbidden, notFound } from '../../http/errors'
import { recordAudit } from '../audit/audit.service'
import type { Logger } from '../../logger'
import type { EventBus } from '../../realtime/bus'
import type { EscrowViewer } from '../transactions/transactions.services'
import type { NotificationService } from '../notifications/notifications.service'
import { commitThenAnnounce, notificationDelivery, type Effects } from '../../realtime/announce'
import { toRatingSummary, toReviewDto, toSellerRating, type ReviewRow, type StarCountRow } from './reviews.mapper'

export interface ReviewsDeps {
  /** a deal as its viewer sees it; 404 for anyone who is neither a party nor an admin (escrow) */
  deal: (em: EntityManager, viewer: EscrowViewer, id: number) => Promise<TransactionDetailDto>
  notifications: NotificationService
  bus: EventBus
  logger: Logger
}

// reviewer as the account is now: a deleted one is "Deleted user {id}" here as everywhere
const REVIEW_SELECT = `
  select r.id, r.rating, r.text, r.created_at, r.removed_at, r.removed_reason, u.id as reviewer_id, u.username as reviewer_username, u.avatar as reviewer_avatar,
         l.platform, l.account_title
    from reviews r
    join users u on u.id = r.reviewer_id
    join escrow_transactions t on t.id = r.transaction_id
    join listings l on l.id = t.listing_id`

// only reviews that are shown: one an admin removed is neither listed nor counted (reviews_seller_shown_index)
const SELLER_PAGE_SQL = `${REVIEW_SELECT} where r.seller_id = ? and r.removed_at is null order by r.created_at desc, r.id desc limit ? offset ?`
const DEAL_REVIEW_SQL = `${REVIEW_SELECT} where r.transaction_id = ?`
const STAR_COUNTS_SQL = `select rating, count(*) as n from reviews where seller_id = ? and removed_at is null group by rating`
const RATINGS_SQL = `select seller_id, sum(rating) as rating_sum, count(*) as rating_count from reviews where seller_id in (?) and removed_at is null group by seller_id`
// a seller's page exists for the same people as their profile: not for unknown, banned or deleted users
const SELLER_SQL = `select id from users where id = ? and banned_at is null`

/**
 * Reviews of sellers. Writing one takes the caller's transaction and relies on the unique deal id, so two
 * submits at once store one review and the other gets the 409 of a second review.
 */
export class ReviewsService {
  constructor(private readonly deps: ReviewsDeps) {}

  /** The review, with the deal's live update and the seller's notification to announce once committed. */
  async write(tx: EntityManager, viewer: EscrowViewer, transactionId: number, input: ReviewRequest): Promise<Effects<ReviewDto>> {
    const deal = await this.deps.deal(tx, viewer, transactionId)
    if (deal.viewerRole !== 'buyer') throw forbidden(REVIEW_MESSAGES.notBuyer)
    if (deal.status !== 'completed') throw conflict(REVIEW_MESSAGES.notCompleted, 'deal_not_completed')
    const [inserted] = await tx.execute<{ id: number; created_at: Date | string }[]>(
      `insert into reviews (transaction_id, seller_id, reviewer_id, rating, text) values (?, ?, ?, ?, ?)
       on conflict (transaction_id) do nothing returning id, created_at`,
      [deal.id, deal.sellerId, deal.buyerId, input.rating, input.text],
    )
    if (!inserted) {
      const [existing] = await tx.execute<{ removed: boolean }[]>(`select removed_at is not null as removed from reviews where transaction_id = ?`, [
        deal.id,
      ])
      throw existing?.removed ? conflict(REVIEW_MESSAGES.removedAlready, 'review_removed') : conflict(REVIEW_MESSAGES.already, 'already_reviewed')
    }
    const notification = this.deps.notifications.notify(tx, deal.sellerId, {
      type: 'transaction_updated',
      title: 'New review',
      message: `${deal.buyer.username} rated the sale of “${deal.listing.accountTitle}” ${input.rating} out of 5 (${transactionDisplayId(deal.id)}).`,
      data: { transactionId: deal.id, type: 'review' },
    })
    await tx.flush()
    const review = toReviewDto({
      id: inserted.id,
      rating: input.rating,
      text: input.text,
      created_at: inserted.created_at,
      removed_at: null,
      removed_reason: null,
      reviewer_id: deal.buyer.id,
      reviewer_username: deal.buyer.username,
      reviewer_avatar: deal.buyer.avatar,
      platform: deal.listing.platform,
      account_title: deal.listing.accountTitle,
    })
    return {
      value: review,
      deliveries: [
        // the status stays; both sides' open deal pages show the review
        { audience: { userIds: [deal.buyerId, deal.sellerId] }, event: { type: 'transaction_updated', transactionId: deal.id, status: deal.status } },
        notificationDelivery(notification),
      ],
    }
  }

  /** The deal's review for its parties and admins (anyone else: the deal's 404); null until the buyer writes one. */
  async forDeal(em: EntityManager, viewer: EscrowViewer, transactionId: number): Promise<DealReview> {
    const deal = await this.deps.deal(em, viewer, transactionId)
    const [row] = await em.execute<ReviewRow[]>(DEAL_REVIEW_SQL, [deal.id])
    if (row?.removed_at) return { review: null, removed: { removedAt: new Date(row.removed_at).toISOString(), reason: row.removed_reason ?? '' } }
    return { review: row ? toReviewDto(row) : null, removed: null }
  }

  /**
   * An admin takes a review down with a reason: it leaves the seller's page and rating, the deal's parties see that
   * it was removed and why, and the audit log keeps what it said. Once only: a second removal is a 409.
   */
  async remove(em: EntityManager, adminId: number, id: number, reason: string): Promise<RemovedReview> {
    const removed = await commitThenAnnounce(em, this.deps, 'review removal', async (tx) => {
      const [row] = await tx.execute<
        { id: number; transaction_id: number; seller_id: number; reviewer_id: number; rating: number; text: string; removed_at: Date | null }[]
      >(`select id, transaction_id, seller_id, reviewer_id, rating, text, removed_at from reviews where id = ? for update`, [id])
      if (!row) throw notFound(REVIEW_MESSAGES.notFound)
      if (row.removed_at) throw conflict(REVIEW_MESSAGES.alreadyRemoved, 'review_removed')
      const [updated] = await tx.execute<{ removed_at: Date | string }[]>(
        `update reviews set removed_at = now(), removed_reason = ? where id = ? returning removed_at`,
        [reason, id],
      )
      recordAudit(tx, {
        adminId,
        action: 'review.remove',
        targetType: 'review',
        targetId: id,
        before: { rating: row.rating, text: row.text, reviewerId: row.reviewer_id, sellerId: row.seller_id, transactionId: row.transaction_id },
        after: { removed: true },
        reason,
      })
      await tx.flush()
      return {
        value: { id, sellerId: row.seller_id, transactionId: row.transaction_id, removedAt: new Date(updated!.removed_at).toISOString() },
        // both sides' open deal pages show the removal
        deliveries: [
          {
            audience: { userIds: [row.reviewer_id, row.seller_id] },
            event: { type: 'transaction_updated', transactionId: row.transaction_id, status: 'completed' },
          },
        ],
      }
    })
    return removed
  }

  /** One page of a seller's reviews, newest first, with the rating over all of them; null for a seller that does not exist. */
  async forSeller(em: EntityManager, sellerId: number, query: ReviewListQuery): Promise<SellerReviews | null> {
    const [seller] = await em.execute<{ id: number }[]>(SELLER_SQL, [sellerId])
    if (!seller) return null
    const [stars, rows] = await Promise.all([
      em.execute<StarCountRow[]>(STAR_COUNTS_SQL, [sellerId]),
      em.execute<ReviewRow[]>(SELLER_PAGE_SQL, [sellerId, query.pageSize, (query.page - 1) * query.pageSize]),
    ])
    return { rating: toRatingSummary(stars), items: rows.map(toReviewDto) }
  }

  /** Each seller's rating (none yet: average null, count 0), for profiles and the ranking. */
  async ratings(em: EntityManager, sellerIds: readonly number[]): Promise<Map<number, SellerRating>> {
    const rows =
      sellerIds.length === 0 ? [] : await em.execute<{ seller_id: number; rating_sum: string; rating_count: string }[]>(RATINGS_SQL, [[...sellerIds]])
    const bySeller = new Map(rows.map((row) => [row.seller_id, row]))
    return new Map(sellerIds.map((id) => [id, toSellerRating(bySeller.get(id))]))
  }
}
