import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import {
  LISTING_MESSAGES,
  LISTING_WRITE_MESSAGES,
  MEDIA_PREFIX,
  UPLOADED_IMAGE_PATTERN,
  type ListingStatus,
  type ListingUpdate,
  type ListingWrite,
} from '@shared/api/listings'
import type { ServerEvent } from '@shared/realtime/events'
import { badRequest, conflict, forbidden, notFound } from '../../http/errors'
import type { Logger } from '../../logger'
import { announce } from '../../realtime/announce'
import { adminAlertDelivery } from '../../realtime/admin-alerts'
import type { Delivery, EventBus } from '../../realtime/bus'
import { recordAudit } from '../audit/audit.service'
import type { MediaStorage } from '../media/storage'
import type { Notification } from '../notifications/notification.entity'
import type { NotificationService } from '../notifications/notifications.service'
import type { SettingsService } from '../settings/settings.service'
import { User } from '../users/user.entity'
import { Listing } from './listing.entity'
import { isOpenHandleViolation } from './open-handle'

/** Listings whose handle change is checked against the other open listings up front. */
const OPEN_STATUSES: ListingStatus[] = ['pending_review', 'active']
const FINAL_STATUSES: ListingStatus[] = ['sold', 'removed']
export const REVIEW_QUEUE_LIMIT = 100

export interface ListingWritesDeps {
  settings: SettingsService
  notifications: NotificationService
  media: MediaStorage
  bus: EventBus
  logger: Logger
}

/** What a committed write tells the world: public listing events and the notifications it created. */
interface Outcome {
  listing: Listing
  events?: ServerEvent[]
  notification?: Notification
  /** set when the write put the listing in the review queue */
  submitted?: boolean
}

/** Input field → column; the schema already turned dollars into cents and normalised the handle. */
function applyFields(listing: Listing, input: ListingUpdate) {
  const { price, monthlyIncome, ...rest } = input
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) Object.assign(listing, { [key]: value })
  }
  if (price !== undefined) listing.priceCents = price
  if (monthlyIncome !== undefined) listing.monthlyIncomeCents = monthlyIncome
}

/** A listing now waits in the review queue (new, or a live one whose platform or handle changed). */
const reviewAlert = (listing: Listing): Delivery =>
  adminAlertDelivery(
    'listing_review',
    listing.id,
    'Listing to review',
    `${listing.seller.username} submitted “${listing.accountTitle}” (${listing.platform} @${listing.username}) for review.`,
  )

const handleKey = (l: Pick<Listing, 'platform' | 'username'>) => `${l.platform}:${l.username.toLowerCase()}`

/**
 * Creating, editing and removing listings, and their review by admins. Every change to an existing
 * listing holds its row lock, so two requests (or two admins) never both act on the same state; live
 * events and notifications go out only after the transaction commits.
 */
export class ListingWritesService {
  constructor(private readonly deps: ListingWritesDeps) {}

  async create(em: EntityManager, sellerId: number, input: ListingWrite): Promise<Listing> {
    await this.assertImagesStored(input.images)
    return this.commit(em, async (tx) => {
      const { listingApprovalRequired } = await this.deps.settings.get(tx)
      await this.assertHandleFree(tx, input)
      const listing = tx.create(Listing, {
        seller: tx.getReference(User, sellerId),
        platform: input.platform,
        username: input.username,
        displayName: input.displayName,
        niche: input.niche,
        description: input.description,
        accountTitle: input.accountTitle,
        priceCents: input.price,
        followers: input.followers,
        monthlyIncomeCents: input.monthlyIncome,
        isVerified: input.isVerified,
        isMonetized: input.isMonetized,
        images: input.images,
        status: listingApprovalRequired ? 'pending_review' : 'active',
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      await tx.flush()
      const submitted = listing.status === 'pending_review'
      return { listing, submitted, events: submitted ? [] : [{ type: 'listing_created', accountId: listing.id }] }
    })
  }

  /**
   * The seller's edit. A new platform or handle on a live listing is a different account as far as
   * review is concerned, so it goes back to the queue when approval is required; other edits keep the status.
   */
  async update(em: EntityManager, userId: number, id: number, patch: ListingUpdate): Promise<Listing> {
    if (patch.images) await this.assertImagesStored(patch.images)
    return this.commit(em, async (tx) => {
      const listing = await this.lockOwned(tx, userId, id)
      const wasActive = listing.status === 'active'
      const handleBefore = handleKey(listing)
      applyFields(listing, patch)
      const handleChanged = handleKey(listing) !== handleBefore
      if (handleChanged && OPEN_STATUSES.includes(listing.status)) await this.assertHandleFree(tx, listing, listing.id)
      if (handleChanged && wasActive && (await this.deps.settings.get(tx)).listingApprovalRequired) {
        listing.status = 'pending_review'
        listing.reviewedAt = null
      }
      await tx.flush()
      const events: ServerEvent[] = !wasActive
        ? []
        : listing.status === 'active'
          ? [{ type: 'listing_updated', accountId: id }]
          : [{ type: 'account_status_updated', accountId: id, isActive: false }]
      // edits to a listing already waiting leave it where it is in the queue: only a live one sent back is news
      return { listing, events, submitted: wasActive && listing.status === 'pending_review' }
    })
  }

  /** Soft delete: the row stays for history (deals, the seller's record); removing twice changes nothing. */
  async remove(em: EntityManager, userId: number, id: number): Promise<void> {
    await this.commit(em, async (tx) => {
      const listing = await this.lockListing(tx, id)
      if (listing.seller.id !== userId) throw forbidden(LISTING_WRITE_MESSAGES.notOwner)
      if (listing.status === 'sold') throw conflict(LISTING_WRITE_MESSAGES.notEditable, 'not_editable')
      if (listing.status === 'reserved') throw conflict(LISTING_WRITE_MESSAGES.inDeal, 'in_deal')
      const wasActive = listing.status === 'active'
      listing.status = 'removed'
      await tx.flush()
      return { listing, events: wasActive ? [{ type: 'account_status_updated', accountId: id, isActive: false }] : [] }
    })
  }

  /** Listings in one status for admins, oldest first: the review queue is worked through in arrival order. */
  async reviewQueue(em: EntityManager, status: ListingStatus): Promise<{ items: Listing[]; total: number }> {
    const [items, total] = await em.findAndCount(
      Listing,
      { status },
      { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], limit: REVIEW_QUEUE_LIMIT, populate: ['seller'] },
    )
    return { items, total }
  }

  async approve(em: EntityManager, id: number, adminId: number): Promise<Listing> {
    return this.commit(em, async (tx) => {
      const listing = await this.lockPending(tx, id)
      recordAudit(tx, {
        adminId,
        action: 'listing.approve',
        targetType: 'listing',
        targetId: id,
        before: { status: listing.status },
        after: { status: 'active' },
      })
      listing.status = 'active'
      listing.reviewedAt = new Date()
      listing.rejectionReason = null
      const notification = this.deps.notifications.notify(tx, listing.seller.id, {
        type: 'listing_approved',
        title: 'Listing approved',
        message: `Your listing “${listing.accountTitle}” is now live on Handover.`,
        data: { accountId: id },
      })
      await tx.flush()
      return { listing, notification, events: [{ type: 'listing_created', accountId: id }] }
    })
  }

  async reject(em: EntityManager, id: number, reason: string, adminId: number): Promise<Listing> {
    return this.commit(em, async (tx) => {
      const listing = await this.lockPending(tx, id)
      recordAudit(tx, {
        adminId,
        action: 'listing.reject',
        targetType: 'listing',
        targetId: id,
        before: { status: listing.status },
        after: { status: 'removed' },
        reason,
      })
      listing.status = 'removed'
      listing.reviewedAt = new Date()
      listing.rejectionReason = reason
      const notification = this.deps.notifications.notify(tx, listing.seller.id, {
        type: 'listing_removed',
        title: 'Listing not approved',
        message: `Your listing “${listing.accountTitle}” was not approved: ${reason}`,
        data: { accountId: id, reason },
      })
      await tx.flush()
      return { listing, notification }
    })
  }

  /** Runs the write in a transaction, maps a lost race on the open-handle index to the same 409, then announces. */
  private async commit(em: EntityManager, write: (tx: EntityManager) => Promise<Outcome>): Promise<Listing> {
    let outcome: Outcome
    try {
      outcome = await em.transactional(async (tx) => {
        const result = await write(tx)
        await tx.populate(result.listing, ['seller'])
        return result
      })
    } catch (err) {
      if (isOpenHandleViolation(err)) throw conflict(LISTING_WRITE_MESSAGES.duplicate, 'duplicate_listing')
      throw err
    }
    await this.announce(outcome)
    return outcome.listing
  }

  /** The change is committed whatever happens here; a lost live event is caught up by the clients' next fetch. */
  private announce({ listing, events = [], notification, submitted }: Outcome) {
    return announce(this.deps, 'listing change', {
      notifications: notification ? [notification] : [],
      deliveries: [...events.map((event): Delivery => ({ audience: { all: true }, event })), ...(submitted ? [reviewAlert(listing)] : [])],
    })
  }

  private async lockListing(tx: EntityManager, id: number): Promise<Listing> {
    const listing = await tx.findOne(Listing, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE })
    if (!listing) throw notFound(LISTING_MESSAGES.notFound)
    return listing
  }

  private async lockOwned(tx: EntityManager, userId: number, id: number): Promise<Listing> {
    const listing = await this.lockListing(tx, id)
    if (listing.seller.id !== userId) throw forbidden(LISTING_WRITE_MESSAGES.notOwner)
    if (FINAL_STATUSES.includes(listing.status)) throw conflict(LISTING_WRITE_MESSAGES.notEditable, 'not_editable')
    // the buyer is paying for the listing as it stands: no edits, no removal until the deal ends
    if (listing.status === 'reserved') throw conflict(LISTING_WRITE_MESSAGES.inDeal, 'in_deal')
    return listing
  }

  private async lockPending(tx: EntityManager, id: number): Promise<Listing> {
    const listing = await this.lockListing(tx, id)
    if (listing.status !== 'pending_review') throw conflict(LISTING_WRITE_MESSAGES.notPending, 'not_pending')
    return listing
  }

  /** Same rule as the unique index: one pending or active listing per platform and case-insensitive handle. */
  private async assertHandleFree(tx: EntityManager, handle: Pick<Listing, 'platform' | 'username'>, exceptId = 0) {
    const taken = await tx.execute<{ id: number }[]>(
      `select id from listings where platform = ? and lower(username) = lower(?) and status in ('pending_review', 'active') and id <> ? limit 1`,
      [handle.platform, handle.username, exceptId],
    )
    if (taken.length > 0) throw conflict(LISTING_WRITE_MESSAGES.duplicate, 'duplicate_listing')
  }

  /** An uploaded image path must name a file we stored; http(s) addresses are shown through the image proxy. */
  private async assertImagesStored(images: string[]) {
    for (const image of images) {
      if (!UPLOADED_IMAGE_PATTERN.test(image)) continue
      if (!(await this.deps.media.has(image.slice(MEDIA_PREFIX.length)))) throw badRequest(LISTING_WRITE_MESSAGES.imageUrl, 'validation_error')
    }
  }
}
