import { randomBytes } from 'node:crypto'
import { LockMode } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { ACCOUNT_MESSAGES, DEFAULT_PREFERENCES, type PreferencesUpdate, type UserPreferences } from '@shared/api/account-settings'
import { forbidden, notFound } from '../../http/errors'
import type { Logger } from '../../logger'
import { announce } from '../../realtime/announce'
import type { Delivery, EventBus } from '../../realtime/bus'
import { PasswordReset } from '../auth/auth.entities'
import { assertAcceptablePassword } from '../auth/password-policy'
import { hashPassword } from '../auth/passwords'
import type { Mailer } from '../email/mailer'
import type { LedgerService } from '../ledger/ledger.service'
import { mediaUrl, type MediaStorage } from '../media/storage'
import { deleteAccount } from '../moderation/account-deletion'
import type { NotificationService } from '../notifications/notifications.service'
import { sessionRowId, type SessionService } from '../sessions/session.store'
import { User } from '../users/user.entity'
import { accountDeletedNotice, passwordChangedNotice } from './account-mail'
import { UserPreferenceRecord } from './account-settings.entities'
import { AVATAR_FOLDER, processAvatar } from './avatar'
import { assertPassword } from './password-check'

export interface AccountSettingsDeps {
  sessions: SessionService
  ledger: LedgerService
  notifications: NotificationService
  media: MediaStorage
  mailer: Mailer
  bus: EventBus
  logger: Logger
  publicUrl: string
}

const toPreferences = (row: UserPreferenceRecord | null): UserPreferences =>
  row
    ? { messageSound: row.messageSound, notificationSound: row.notificationSound, desktopNotifications: row.desktopNotifications }
    : { ...DEFAULT_PREFERENCES }

/** Our own stored picture (`/media/avatars/…`), whose file goes when it is replaced; null for anything else. */
function ownAvatarKey(url: string | null): string | null {
  const prefix = mediaUrl(`${AVATAR_FOLDER}/`)
  return url?.startsWith(prefix) ? url.slice(mediaUrl('').length) : null
}

/**
 * The signed-in user's own account: password, picture, preferences and deleting it (the email has its own
 * service). Each write locks the user's row; live events go out after the commit, and a lost one is only logged
 * (clients catch up at their next fetch, a socket of an ended session at the gateway's next heartbeat).
 */
export class AccountSettingsService {
  constructor(private readonly deps: AccountSettingsDeps) {}

  /** Every other session ends and its sockets close on every instance; `sessionKey`'s session stays signed in. */
  async changePassword(
    em: EntityManager,
    userId: number,
    sessionKey: string,
    input: { currentPassword: string; newPassword: string },
  ): Promise<number> {
    const owner = await assertPassword(em, userId, input.currentPassword)
    assertAcceptablePassword(input.newPassword, owner)
    const passwordHash = await hashPassword(input.newPassword)
    const ended = await em.transactional(async (tx) => {
      const user = await this.lockUser(tx, userId)
      user.passwordHash = passwordHash
      // a reset link still in a mailbox would undo the change
      await tx.nativeUpdate(PasswordReset, { user, usedAt: null }, { usedAt: new Date() })
      await tx.flush()
      const count = await this.deps.sessions.endUserSessions(tx, userId, sessionKey)
      await this.deps.mailer.send(tx, passwordChangedNotice(user.email, user.username, `${this.deps.publicUrl}/forgot-password`))
      return count
    })
    await this.announce([
      { audience: { userIds: [userId], exceptSessions: [sessionRowId(sessionKey)] }, event: { type: 'session_ended', reason: 'password_changed' } },
    ])
    return ended
  }

  /** Re-encodes the upload to a 256 px WebP square, stores it, and shows it wherever the user appears. */
  async setAvatar(em: EntityManager, userId: number, upload: Buffer): Promise<string> {
    const image = await processAvatar(upload)
    const key = `${AVATAR_FOLDER}/${randomBytes(16).toString('hex')}.webp`
    await this.deps.media.put(key, image.data)
    const url = mediaUrl(key)
    await this.replaceAvatar(em, userId, url)
    return url
  }

  async removeAvatar(em: EntityManager, userId: number): Promise<void> {
    await this.replaceAvatar(em, userId, null)
  }

  private async replaceAvatar(em: EntityManager, userId: number, url: string | null): Promise<void> {
    const previous = await em.transactional(async (tx) => {
      const user = await this.lockUser(tx, userId)
      const before = user.avatar
      user.avatar = url
      await tx.flush()
      return before
    })
    await this.forgetAvatar(previous)
    await this.announceChange(userId)
  }

  /** Tells the user's other tabs and devices to read their account again (picture, email, preferences). */
  async announceChange(userId: number): Promise<void> {
    await this.announce([{ audience: { userIds: [userId] }, event: { type: 'account_updated' } }])
  }

  async preferences(em: EntityManager, userId: number): Promise<UserPreferences> {
    return toPreferences(await em.findOne(UserPreferenceRecord, { userId }))
  }

  /** Changes what the patch names and keeps the rest; the user's other tabs and devices read them again. */
  async updatePreferences(em: EntityManager, userId: number, patch: PreferencesUpdate): Promise<UserPreferences> {
    const saved = await em.transactional(async (tx) => {
      // the user's row lock keeps two first saves from both inserting
      await this.lockUser(tx, userId)
      const row = (await tx.findOne(UserPreferenceRecord, { userId })) ?? tx.create(UserPreferenceRecord, { userId, ...DEFAULT_PREFERENCES })
      tx.assign(row, patch)
      await tx.flush()
      return toPreferences(row)
    })
    await this.announceChange(userId)
    return saved
  }

  /**
   * The admin's deletion, asked for by the owner: the same rules (refused while a deal is open or money is left)
   * and the same anonymising, through one function. Signed out everywhere; the old address gets a confirmation.
   */
  async deleteOwnAccount(em: EntityManager, userId: number, password: string): Promise<void> {
    const checked = await assertPassword(em, userId, password)
    if (checked.isAdmin) throw forbidden(ACCOUNT_MESSAGES.adminDelete)
    const { deliveries, avatar } = await em.transactional(async (tx) => {
      const user = await this.lockUser(tx, userId)
      const { email, username, avatar } = user
      const { deliveries } = await deleteAccount(tx, this.deps, { user, by: { self: true } })
      await this.deps.mailer.send(tx, accountDeletedNotice(email, username))
      return { deliveries, avatar }
    })
    await this.forgetAvatar(avatar)
    await this.announce(deliveries)
  }

  private async lockUser(tx: EntityManager, userId: number): Promise<User> {
    const user = await tx.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })
    if (!user || user.deletedAt) throw notFound()
    return user
  }

  /** A replaced picture's file is removed; failing to is only logged (its name is random and never shown again). */
  private async forgetAvatar(url: string | null): Promise<void> {
    const key = ownAvatarKey(url)
    if (!key) return
    try {
      await this.deps.media.remove(key)
    } catch (err) {
      this.deps.logger.warn({ err, key }, 'old avatar file not removed')
    }
  }

  /** After the commit, as every change announces (realtime/announce.ts). */
  private announce(deliveries: Delivery[]): Promise<void> {
    return announce(this.deps, 'account change', { deliveries })
  }
}
