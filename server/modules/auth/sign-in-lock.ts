import type { EntityManager } from '@mikro-orm/postgresql'
import { LockMode } from '@mikro-orm/core'
import { AUTH_MESSAGES, SIGN_IN_LOCK } from '@shared/api/auth'
import { badRequest, HttpError } from '../../http/errors'
import type { RateLimits } from '../../http/rate-limit'
import type { Logger } from '../../logger'
import { accountLockedEmail } from '../email/sign-in.templates'
import type { Mailer } from '../email/mailer'
import type { NotificationService } from '../notifications/notifications.service'
import { User } from '../users/user.entity'
import { hashToken, newResetToken } from './codes'
import { AccountUnlock } from './two-factor.entities'

export const UNLOCK_TTL_MS = SIGN_IN_LOCK.unlockLinkMinutes * 60_000

/**
 * 423 rather than 429: waiting does not help, only the emailed link or a second factor does, so no Retry-After is
 * promised. One answer for a right and a wrong password, and for a name no account has.
 */
export const accountLocked = () => new HttpError(423, 'account_locked', AUTH_MESSAGES.accountLocked)

const accountKey = (userId: number) => `account:${userId}`
const nameKey = (typed: string) => `login:${typed.trim().toLowerCase()}`

export interface SignInLockDeps {
  rateLimits: RateLimits
  mailer: Mailer
  notifications: NotificationService
  logger: Logger
  publicUrl: string
}

/**
 * Failed passwords are counted per account by the rate limiter, wherever they come from and whichever name is typed;
 * the lock they lead to is a row in the database (`users.login_locked_at`), kept until its owner lifts it.
 */
export class SignInLocks {
  constructor(private readonly deps: SignInLockDeps) {}

  /**
   * After a password was checked (sign-in, or the settings that ask for it): throws the locked answer, or counts a
   * failure and locks the account at the limit. A locked account with two-factor still takes its right password,
   * which leads to the second factor that lifts the lock.
   */
  async check(em: EntityManager, user: User | null, typed: string, passwordOk: boolean): Promise<void> {
    if (user?.loginLockedAt && (!passwordOk || !user.twoFactorSince)) {
      await this.remind(em, user)
      throw accountLocked()
    }
    // a name no account has answers as a locked account would, so the answer tells nobody which names exist
    if (!user && (await this.deps.rateLimits.left('signInFailures', nameKey(typed))) === 0) throw accountLocked()
    if (passwordOk) return
    const left = await this.deps.rateLimits.spend('signInFailures', user ? accountKey(user.id) : nameKey(typed))
    if (left === 0 && user && !user.deletedAt) await this.lock(em, user)
  }

  /** A signed-in session started: the failures before it stop counting. */
  async succeeded(userId: number): Promise<void> {
    await this.deps.rateLimits.reset('signInFailures', accountKey(userId))
  }

  /** The owner proved it is them (a second factor, a password reset): the lock, its outstanding links and the count go. */
  async lift(em: EntityManager, user: User): Promise<void> {
    if (user.loginLockedAt) await em.transactional((tx) => this.clear(tx, user.id))
    await this.succeeded(user.id)
  }

  /** The emailed link: works once and within the hour; any other outstanding link of the account goes with it. */
  async unlock(em: EntityManager, token: string): Promise<void> {
    const userId = await em.transactional(async (tx) => {
      const row = await tx.findOne(AccountUnlock, { tokenHash: hashToken(token) }, { lockMode: LockMode.PESSIMISTIC_WRITE })
      if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw badRequest(AUTH_MESSAGES.invalidUnlockToken, 'invalid_token')
      await this.clear(tx, row.userId)
      return row.userId
    })
    await this.succeeded(userId)
  }

  private async clear(tx: EntityManager, userId: number): Promise<void> {
    await tx.nativeUpdate(AccountUnlock, { userId, usedAt: null }, { usedAt: new Date() })
    await tx.nativeUpdate(User, { id: userId }, { loginLockedAt: null })
  }

  /**
   * Locks once (a request that finds it locked already does nothing), with the link and the notice in the same
   * transaction. A failure to write or mail leaves the account unlocked and is logged: the next failed password,
   * still over the limit, tries again.
   */
  private async lock(em: EntityManager, user: User): Promise<void> {
    try {
      const notice = await em.transactional(async (tx) => {
        const changed = await tx.nativeUpdate(User, { id: user.id, loginLockedAt: null }, { loginLockedAt: new Date() })
        if (changed === 0) return null
        await this.sendLink(tx, user)
        return this.deps.notifications.notify(tx, user.id, {
          type: 'account_locked',
          title: 'Sign-in locked',
          message: `Someone failed to sign in to your account ${SIGN_IN_LOCK.failures} times, so signing in with your password is locked. We emailed you a link to unlock it.`,
        })
      })
      if (notice) await this.deps.notifications.publishCreated(notice)
    } catch (err) {
      this.deps.logger.error({ err, userId: user.id }, 'could not lock sign-in after too many failed passwords')
    }
  }

  /**
   * The locked answer says its owner has a link: when every link has lapsed or been used (the owner came back a day
   * later), a new one goes out, at most one an hour however often the account is tried.
   */
  private async remind(em: EntityManager, user: User): Promise<void> {
    try {
      await em.transactional(async (tx) => {
        // the user row is the lock that keeps two answers at once from mailing two links
        const locked = await tx.findOne(User, { id: user.id, loginLockedAt: { $ne: null } }, { lockMode: LockMode.PESSIMISTIC_WRITE })
        if (!locked) return
        const live = await tx.count(AccountUnlock, { userId: user.id, usedAt: null, expiresAt: { $gt: new Date() } })
        if (live === 0) await this.sendLink(tx, locked)
      })
    } catch (err) {
      this.deps.logger.error({ err, userId: user.id }, 'could not send a new unlock link')
    }
  }

  private async sendLink(tx: EntityManager, user: User): Promise<void> {
    const { token, hash } = newResetToken()
    tx.create(AccountUnlock, { userId: user.id, tokenHash: hash, expiresAt: new Date(Date.now() + UNLOCK_TTL_MS) })
    await tx.flush()
    const link = `${this.deps.publicUrl}/unlock-account?token=${encodeURIComponent(token)}`
    await this.deps.mailer.send(tx, accountLockedEmail(user.email, user.username, link, SIGN_IN_LOCK))
  }
}
