import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { LISTING_MESSAGES, LISTING_WRITE_MESSAGES } from '@shared/api/listings'
import { MODERATION_MESSAGES, MODERATION_PAGE_SIZE, type AdminListingDto, type AdminListingQuery } from '@shared/api/moderation'
import { searchKey } from '@shared/listings/filter'
import type { ServerEvent } from '@shared/realtime/events'
import { conflict, notFound } from '../../http/errors'
import { recordAudit } from '../audit/audit.service'
import { Listing } from '../listings/listing.entity'
import { escapeLike } from '../listings/listings.query'
import { isOpenHandleViolation } from '../listings/open-handle'
import type { Notification } from '../notifications/notification.entity'
import { flagSummaries, recordFlag } from './flags'
import { toAdminListingDto } from './moderation.mapper'
import { commitThenAnnounce } from '../../realtime/announce'
import type { ModerationDeps } from './moderation.deps'

/** What one listing action leaves to announce: the seller's notification and, when open pages care, a live event. */
interface Change {
  notification: Notification
  event?: ServerEvent
}

/**
 * Admins acting on listings beyond the review queue: suspending one (it leaves the catalogue; the counters'
 * triggers keep the totals), restoring it, verifying the account and flagging violations. Each action holds the
 * listing's row lock, writes its audit entry in its transaction, and tells the seller and open pages afterwards.
 */
export class ListingModerationService {
  constructor(private readonly deps: ModerationDeps) {}

  /** A page of listings in any status, newest first: `q` is any part of handle, name, niche, description or seller, or the id. */
  async list(em: EntityManager, query: AdminListingQuery): Promise<{ items: AdminListingDto[]; total: number }> {
    const where: string[] = []
    const params: unknown[] = []
    if (query.status !== 'all') {
      where.push('l.status = ?')
      params.push(query.status)
    }
    if (query.flagged) where.push('exists (select 1 from moderation_flags f where f.listing_id = l.id)')
    if (query.q) {
      const pattern = `%${escapeLike(searchKey(query.q))}%`
      const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null
      where.push(`(l.search_text like ? or u.username_key like ?${id === null ? '' : ' or l.id = ?'})`)
      params.push(pattern, pattern, ...(id === null ? [] : [id]))
    }
    const from = `from listings l join users u on u.id = l.seller_id ${where.length > 0 ? `where ${where.join(' and ')}` : ''}`
    const offset = (query.page - 1) * MODERATION_PAGE_SIZE
    const [rows, counted] = await Promise.all([
      em.execute<{ id: number }[]>(`select l.id ${from} order by l.id desc limit ? offset ?`, [...params, MODERATION_PAGE_SIZE, offset]),
      em.execute<{ n: string }[]>(`select count(*) as n ${from}`, params),
    ])
    const ids = rows.map((row) => row.id)
    const [listings, flags] = await Promise.all([
      ids.length ? em.find(Listing, { id: { $in: ids } }, { populate: ['seller'] }) : [],
      flagSummaries(em, 'listing', ids),
    ])
    const byId = new Map(listings.map((listing) => [listing.id, listing]))
    const items = ids.flatMap((id) => {
      const listing = byId.get(id)
      return listing ? [toAdminListingDto(listing, flags.get(id))] : []
    })
    return { items, total: Number(counted[0]?.n ?? 0) }
  }

  /** Takes an active listing off sale with a reason its seller reads; one reserved by a running deal stays. */
  async suspend(em: EntityManager, adminId: number, id: number, reason: string): Promise<AdminListingDto> {
    return this.act(em, id, async (tx, listing) => {
      if (listing.status === 'reserved') throw conflict(MODERATION_MESSAGES.reserved, 'in_deal')
      if (listing.status !== 'active') throw conflict(MODERATION_MESSAGES.notActive, 'not_active')
      recordAudit(tx, {
        adminId,
        action: 'listing.suspend',
        targetType: 'listing',
        targetId: id,
        before: { status: 'active' },
        after: { status: 'suspended' },
        reason,
      })
      listing.status = 'suspended'
      // the seller's own listing page shows the reason, as it does for a rejection
      listing.rejectionReason = reason
      const notification = this.deps.notifications.notify(tx, listing.seller.id, {
        type: 'listing_suspended',
        title: 'Listing suspended',
        message: `Your listing “${listing.accountTitle}” was suspended: ${reason}`,
        data: { accountId: id, reason },
      })
      return { notification, event: { type: 'account_status_updated', accountId: id, isActive: false } }
    })
  }

  /** Puts a suspended listing back on sale, unless another open listing of the same account appeared meanwhile. */
  async restore(em: EntityManager, adminId: number, id: number, reason: string | undefined): Promise<AdminListingDto> {
    try {
      return await this.act(em, id, async (tx, listing) => {
        if (listing.status !== 'suspended') throw conflict(MODERATION_MESSAGES.notSuspended, 'not_suspended')
        recordAudit(tx, {
          adminId,
          action: 'listing.restore',
          targetType: 'listing',
          targetId: id,
          before: { status: 'suspended' },
          after: { status: 'active' },
          reason: reason ?? null,
        })
        listing.status = 'active'
        listing.rejectionReason = null
        const notification = this.deps.notifications.notify(tx, listing.seller.id, {
          type: 'listing_restored',
          title: 'Listing restored',
          message: `Your listing “${listing.accountTitle}” is live on Handover again.`,
          data: { accountId: id },
        })
        return { notification, event: { type: 'account_status_updated', accountId: id, isActive: true } }
      })
    } catch (err) {
      if (isOpenHandleViolation(err)) throw conflict(LISTING_WRITE_MESSAGES.duplicate, 'duplicate_listing')
      throw err
    }
  }

  /** Marks the account verified by Handover; the catalogue's verified filter and badge follow. */
  async verify(em: EntityManager, adminId: number, id: number, reason: string | undefined): Promise<AdminListingDto> {
    return this.act(em, id, async (tx, listing) => {
      if (listing.status === 'sold' || listing.status === 'removed') throw conflict(MODERATION_MESSAGES.notVerifiable, 'not_verifiable')
      if (listing.isVerified) throw conflict(MODERATION_MESSAGES.alreadyVerified, 'already_verified')
      recordAudit(tx, {
        adminId,
        action: 'listing.verify',
        targetType: 'listing',
        targetId: id,
        before: { isVerified: false },
        after: { isVerified: true },
        reason: reason ?? null,
      })
      listing.isVerified = true
      const notification = this.deps.notifications.notify(tx, listing.seller.id, {
        type: 'account_verified',
        title: 'Account verified',
        message: `Handover verified the account of your listing “${listing.accountTitle}”.`,
        data: { accountId: id },
      })
      return { notification, event: listing.status === 'active' ? { type: 'listing_updated', accountId: id } : undefined }
    })
  }

  /** Keeps a record of a violation on the listing and tells its seller the note; the listing itself is unchanged. */
  async flag(em: EntityManager, adminId: number, id: number, note: string): Promise<AdminListingDto> {
    return this.act(em, id, async (tx, listing) => {
      recordFlag(tx, { adminId, userId: listing.seller.id, listingId: id, note })
      recordAudit(tx, { adminId, action: 'listing.flag', targetType: 'listing', targetId: id, after: { note }, reason: note })
      const notification = this.deps.notifications.notify(tx, listing.seller.id, {
        type: 'violation_detected',
        title: 'Violation detected',
        message: `An admin flagged a violation on your listing “${listing.accountTitle}”: ${note}`,
        data: { accountId: id, reason: note },
      })
      return { notification }
    })
  }

  /**
   * Locks the listing (without a join: FOR UPDATE takes only its row), runs the change, and answers the listing
   * with its flags; the seller's notification and the public live event go out after the commit.
   */
  private act(em: EntityManager, id: number, change: (tx: EntityManager, listing: Listing) => Promise<Change>): Promise<AdminListingDto> {
    return commitThenAnnounce(em, this.deps, 'moderation action', async (tx) => {
      const listing = await tx.findOne(Listing, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE })
      if (!listing) throw notFound(LISTING_MESSAGES.notFound)
      await tx.populate(listing, ['seller'])
      const { notification, event } = await change(tx, listing)
      await tx.flush()
      const flags = (await flagSummaries(tx, 'listing', [id])).get(id)
      return {
        value: toAdminListingDto(listing, flags),
        notifications: [notification],
        deliveries: event ? [{ audience: { all: true }, event }] : [],
      }
    })
  }
}
