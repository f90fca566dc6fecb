import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import {
  BANNED_SELLER_LISTING_REASON,
  MODERATION_MESSAGES,
  MODERATION_PAGE_SIZE,
  type AdminUserDto,
  type AdminUserQuery,
} from '@shared/api/moderation'
import { conflict, forbidden, notFound } from '../../http/errors'
import { changedFields, recordAudit } from '../audit/audit.service'
import type { LedgerService } from '../ledger/ledger.service'
import { escapeLike } from '../listings/listings.query'
import { OPEN_HANDLE_STATUS_LIST } from '../listings/open-handle'
import type { Delivery } from '../../realtime/bus'
import type { SessionService } from '../sessions/session.store'
import { User } from '../users/user.entity'
import { deleteAccount } from './account-deletion'
import { flagSummaries, recordFlag } from './flags'
import { toAdminUserDto } from './moderation.mapper'
import { combine, commitThenAnnounce, type Announcement } from '../../realtime/announce'
import type { ModerationDeps } from './moderation.deps'

export interface UserModerationDeps extends ModerationDeps {
  sessions: SessionService
  ledger: LedgerService
  /** the banned seller's deals, in the ban's transaction: what to announce once it has committed */
  holdDealsOf?: (tx: EntityManager, sellerId: number) => Promise<Announcement>
}

const STATUS_WHERE: Record<AdminUserQuery['status'], string | null> = {
  all: null,
  active: 'u.banned_at is null and u.deleted_at is null',
  banned: 'u.banned_at is not null and u.deleted_at is null',
  deleted: 'u.deleted_at is not null',
}

const banState = (user: User) => ({ bannedAt: user.bannedAt?.toISOString() ?? null, banReason: user.banReason })

/** Open pages drop (or show again) each listing that left (or came back to) the catalogue. */
const listingStatusEvents = (ids: number[], isActive: boolean): Delivery[] =>
  ids.map((accountId) => ({ audience: { all: true }, event: { type: 'account_status_updated', accountId, isActive } }))

/**
 * A banned seller's listings on sale are suspended with BANNED_SELLER_LISTING_REASON (the catalogue's counters
 * follow through their triggers); one reserved by a deal stays with it (the ban then cancels or holds that deal: `holdDealsOf`).
 */
async function suspendListingsOf(tx: EntityManager, sellerId: number): Promise<number[]> {
  const rows = await tx.execute<{ id: number }[]>(
    `update listings set status = 'suspended', rejection_reason = ?, updated_at = now() where seller_id = ? and status = 'active' returning id`,
    [BANNED_SELLER_LISTING_REASON, sellerId],
  )
  return rows.map((row) => row.id).sort((a, b) => a - b)
}

/**
 * Lifting the ban puts back on sale the listings the ban suspended, except one whose account has another open
 * listing by now (the open-handle index allows one; that one stays suspended for an admin to look at).
 */
async function restoreListingsOf(tx: EntityManager, sellerId: number): Promise<number[]> {
  const rows = await tx.execute<{ id: number }[]>(
    `update listings l set status = 'active', rejection_reason = null, updated_at = now()
     where l.seller_id = ? and l.status = 'suspended' and l.rejection_reason = ?
       and not exists (select 1 from listings o where o.platform = l.platform and lower(o.username) = lower(l.username)
                       and o.id <> l.id and o.status in ${OPEN_HANDLE_STATUS_LIST})
     returning l.id`,
    [sellerId, BANNED_SELLER_LISTING_REASON],
  )
  return rows.map((row) => row.id).sort((a, b) => a - b)
}

/**
 * Admins acting on accounts: finding them, banning and unbanning, flagging violations and deleting. Each action
 * holds the user's row lock, writes its audit entry in its own transaction and tells the user afterwards.
 */
export class UserModerationService {
  constructor(private readonly deps: UserModerationDeps) {}

  /** A page of users, newest first: `q` is any part of the username or email, or the exact id. */
  async list(em: EntityManager, query: AdminUserQuery): Promise<{ items: AdminUserDto[]; total: number }> {
    const where: string[] = []
    const params: unknown[] = []
    const status = STATUS_WHERE[query.status]
    if (status) where.push(status)
    if (query.flagged) where.push(`exists (select 1 from moderation_flags f where f.target_type = 'user' and f.user_id = u.id)`)
    if (query.q) {
      // usernames and emails are stored lowercased by JavaScript, so the search is folded the same way
      const pattern = `%${escapeLike(query.q.toLowerCase())}%`
      const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null
      where.push(`(u.username_key like ? or u.email like ?${id === null ? '' : ' or u.id = ?'})`)
      params.push(pattern, pattern, ...(id === null ? [] : [id]))
    }
    const clause = where.length > 0 ? `where ${where.join(' and ')}` : ''
    const offset = (query.page - 1) * MODERATION_PAGE_SIZE
    const [rows, counted] = await Promise.all([
      em.execute<{ id: number }[]>(`select u.id from users u ${clause} order by u.id desc limit ? offset ?`, [
        ...params,
        MODERATION_PAGE_SIZE,
        offset,
      ]),
      em.execute<{ n: string }[]>(`select count(*) as n from users u ${clause}`, params),
    ])
    const ids = rows.map((row) => row.id)
    const [users, flags] = await Promise.all([ids.length ? em.find(User, { id: { $in: ids } }) : [], flagSummaries(em, 'user', ids)])
    const byId = new Map(users.map((user) => [user.id, user]))
    const items = ids.flatMap((id) => {
      const user = byId.get(id)
      return user ? [toAdminUserDto(user, flags.get(id))] : []
    })
    return { items, total: Number(counted[0]?.n ?? 0) }
  }

  /** Bans the user with a reason they are told; their sessions end and their sockets close on every instance. */
  async ban(em: EntityManager, adminId: number, userId: number, reason: string): Promise<AdminUserDto> {
    return commitThenAnnounce(em, this.deps, 'moderation action', async (tx) => {
      const user = await this.lockUser(tx, userId)
      this.assertNotProtected(user, adminId, MODERATION_MESSAGES.banSelf, MODERATION_MESSAGES.banAdmin)
      if (user.bannedAt) throw conflict(MODERATION_MESSAGES.alreadyBanned, 'already_banned')
      const before = banState(user)
      user.bannedAt = new Date()
      user.banReason = reason
      recordAudit(tx, { adminId, action: 'user.ban', targetType: 'user', targetId: userId, ...changedFields(before, banState(user)), reason })
      await this.deps.sessions.endUserSessions(tx, userId)
      const suspended = await suspendListingsOf(tx, userId)
      const dealsHeld = await this.deps.holdDealsOf?.(tx, userId)
      const notification = this.deps.notifications.notify(tx, userId, {
        type: 'user_banned',
        title: 'Account banned',
        message: `Your Handover account has been banned: ${reason}`,
        data: { banReason: reason },
      })
      await tx.flush()
      // the ban's own notices first (the notification before the `session_ended` it explains), then its deals'
      const ban: Announcement = {
        notifications: [notification],
        deliveries: [
          { audience: { userIds: [userId] }, event: { type: 'session_ended', reason: 'banned' } },
          ...listingStatusEvents(suspended, false),
        ],
      }
      return { value: await this.dto(tx, user), ...combine(ban, dealsHeld) }
    })
  }

  async unban(em: EntityManager, adminId: number, userId: number, reason: string | undefined): Promise<AdminUserDto> {
    return commitThenAnnounce(em, this.deps, 'moderation action', async (tx) => {
      const user = await this.lockUser(tx, userId)
      if (!user.bannedAt) throw conflict(MODERATION_MESSAGES.notBanned, 'not_banned')
      const before = banState(user)
      user.bannedAt = null
      user.banReason = null
      const restored = await restoreListingsOf(tx, userId)
      recordAudit(tx, {
        adminId,
        action: 'user.unban',
        targetType: 'user',
        targetId: userId,
        ...changedFields(before, banState(user)),
        reason: reason ?? null,
      })
      const notification = this.deps.notifications.notify(tx, userId, {
        type: 'user_unbanned',
        title: 'Account restored',
        message: 'The ban on your Handover account has been lifted. You can sign in again.',
      })
      await tx.flush()
      return { value: await this.dto(tx, user), notifications: [notification], deliveries: listingStatusEvents(restored, true) }
    })
  }

  /** Keeps a record of a violation and tells the user the note. */
  async flag(em: EntityManager, adminId: number, userId: number, note: string): Promise<AdminUserDto> {
    return commitThenAnnounce(em, this.deps, 'moderation action', async (tx) => {
      const user = await this.lockUser(tx, userId)
      recordFlag(tx, { adminId, userId, note })
      recordAudit(tx, { adminId, action: 'user.flag', targetType: 'user', targetId: userId, after: { note }, reason: note })
      const notification = this.deps.notifications.notify(tx, userId, {
        type: 'violation_detected',
        title: 'Violation detected',
        message: `An admin flagged a violation on your account: ${note}`,
        data: { reason: note },
      })
      await tx.flush()
      return { value: await this.dto(tx, user), notifications: [notification] }
    })
  }

  /** See deleteAccount: refused while a deal is open or money is left; otherwise the account is anonymised. */
  async remove(em: EntityManager, adminId: number, userId: number, reason: string): Promise<AdminUserDto> {
    return commitThenAnnounce(em, this.deps, 'moderation action', async (tx) => {
      const user = await this.lockUser(tx, userId)
      this.assertNotProtected(user, adminId, MODERATION_MESSAGES.deleteSelf, MODERATION_MESSAGES.deleteAdmin)
      const { notification, deliveries } = await deleteAccount(tx, this.deps, { user, by: { adminId, reason } })
      return { value: await this.dto(tx, user), notifications: notification ? [notification] : [], deliveries }
    })
  }

  private async dto(em: EntityManager, user: User): Promise<AdminUserDto> {
    return toAdminUserDto(user, (await flagSummaries(em, 'user', [user.id])).get(user.id))
  }

  private async lockUser(tx: EntityManager, id: number): Promise<User> {
    const user = await tx.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE })
    if (!user) throw notFound(MODERATION_MESSAGES.userNotFound)
    if (user.deletedAt) throw conflict(MODERATION_MESSAGES.deleted, 'account_deleted')
    return user
  }

  /** An admin never locks themself out, and admins are not moderated by one another. */
  private assertNotProtected(user: User, adminId: number, selfMessage: string, adminMessage: string) {
    if (user.id === adminId) throw forbidden(selfMessage)
    if (user.isAdmin) throw forbidden(adminMessage)
  }
}
