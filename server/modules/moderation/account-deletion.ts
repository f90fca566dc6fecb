import type { EntityManager } from '@mikro-orm/postgresql'
import { ACCOUNT_MESSAGES, ownMoneyLeftMessage } from '@shared/api/account-settings'
import { MODERATION_MESSAGES, moneyLeftMessage } from '@shared/api/moderation'
import { FINAL_TRANSACTION_STATUSES } from '@shared/api/transactions'
import { conflict } from '../../http/errors'
import type { Delivery } from '../../realtime/bus'
import { recordAudit } from '../audit/audit.service'
import type { LedgerService } from '../ledger/ledger.service'
import type { Notification } from '../notifications/notification.entity'
import type { NotificationService } from '../notifications/notifications.service'
import type { SessionService } from '../sessions/session.store'
import type { User } from '../users/user.entity'

/** Listings still offered or on their way to sale; reserved ones belong to an open deal, which blocks deletion. */
const FOR_SALE = ['pending_review', 'active', 'suspended']
/** Cannot be typed at sign-up (spaces are not allowed in usernames), so it never takes someone's name. */
export const deletedUsername = (id: number) => `Deleted user ${id}`
/** `.invalid` is reserved (RFC 2606): no mail is ever sent there and no sign-up can verify it. */
const deletedEmail = (id: number) => `deleted-${id}@deleted.invalid`
/** Not an argon2 hash, so no password ever verifies against it. */
const NO_PASSWORD = '!deleted'

export interface DeletionDeps {
  sessions: SessionService
  ledger: LedgerService
  notifications: NotificationService
}

/** Who deletes: an admin, with a reason the audit log keeps and the user is told, or the user from their settings. */
export type DeletionActor = { adminId: number; reason: string } | { self: true }

/**
 * Deletes an account inside the caller's transaction, with the user's row already locked. Refused (409) while the
 * user is party to an open escrow deal or holds money (wallet or pending withdrawals): those must end first.
 * Nothing is erased: the ledger, deals, chats and notifications keep pointing at the row, which is anonymised
 * (name, email, password, avatar) and marked deleted. It is also marked banned, so every check that turns
 * banned users away (profiles, chats, purchases, sign-in) turns it away too. Its listings leave sale, its
 * sessions end, its preferences and any change of email waiting for a code go, and so does its Trustap connection's
 * email (and, when the owner deletes, the connection itself); the returned deliveries close
 * its sockets and take the listings off open pages. An admin's deletion is audited and the user notified; the
 * user's own is neither (the caller mails the confirmation).
 */
export async function deleteAccount(
  tx: EntityManager,
  deps: DeletionDeps,
  input: { user: User; by: DeletionActor },
): Promise<{ notification: Notification | null; deliveries: Delivery[] }> {
  const { user, by } = input
  const self = 'self' in by
  const [open] = await tx.execute<{ n: string }[]>(
    `select count(*) as n from escrow_transactions where (buyer_id = ? or seller_id = ?) and status not in (?)`,
    [user.id, user.id, [...FINAL_TRANSACTION_STATUSES]],
  )
  if (Number(open?.n ?? 0) > 0) throw conflict(self ? ACCOUNT_MESSAGES.openDeal : MODERATION_MESSAGES.openDeal, 'open_deal')
  const [wallet, held] = await Promise.all([deps.ledger.walletBalance(tx, user.id), deps.ledger.userKindBalance(tx, user.id, 'withdrawal_hold')])
  if (wallet !== 0 || held !== 0) throw conflict((self ? ownMoneyLeftMessage : moneyLeftMessage)(wallet, held), 'money_left')

  const removed = await tx.execute<{ id: number; was: string }[]>(
    `with taken as (select id, status from listings where seller_id = ? and status in (?) for update)
     update listings l set status = 'removed', updated_at = now() from taken where l.id = taken.id
     returning l.id, taken.status as was`,
    [user.id, FOR_SALE],
  )
  await tx.execute(`delete from password_resets where user_id = ?`, [user.id])
  await tx.execute(`delete from email_changes where user_id = ?`, [user.id])
  await tx.execute(`delete from user_preferences where user_id = ?`, [user.id])
  // the Trustap connection's email goes with the user's own; its Trustap account is set free by the owner's deletion
  // (to connect it to a new Handover account), and stays tied to an account an admin deleted, as its listings stay removed
  await tx.execute(
    self
      ? `update trustap_accounts set full_user_id = null, full_user_email = null, connected_at = null, updated_at = now() where user_id = ?`
      : `update trustap_accounts set full_user_email = null, updated_at = now() where user_id = ?`,
    [user.id],
  )
  await deps.sessions.endUserSessions(tx, user.id)

  const before = { username: user.username, bannedAt: user.bannedAt?.toISOString() ?? null }
  const now = new Date()
  user.username = deletedUsername(user.id)
  user.usernameKey = user.username.toLowerCase()
  user.email = deletedEmail(user.id)
  user.passwordHash = NO_PASSWORD
  user.avatar = null
  user.deletedAt = now
  user.bannedAt ??= now
  user.banReason ??= self ? 'Deleted by its owner' : 'Account deleted'
  let notification: Notification | null = null
  if (!self) {
    recordAudit(tx, {
      adminId: by.adminId,
      action: 'user.delete',
      targetType: 'user',
      targetId: user.id,
      before,
      after: { username: user.username, deletedAt: now.toISOString(), removedListings: removed.map((row) => row.id) },
      reason: by.reason,
    })
    notification = deps.notifications.notify(tx, user.id, {
      type: 'account_deleted',
      title: 'Account deleted',
      message: `Your Handover account has been deleted: ${by.reason}`,
      data: { reason: by.reason },
    })
  }
  await tx.flush()

  const deliveries: Delivery[] = [{ audience: { userIds: [user.id] }, event: { type: 'session_ended', reason: 'deleted' } }]
  for (const row of removed) {
    if (row.was === 'active')
      deliveries.push({ audience: { all: true }, event: { type: 'account_status_updated', accountId: row.id, isActive: false } })
  }
  return { notification, deliveries }
}
