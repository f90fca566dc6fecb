import type { EntityManager } from '@mikro-orm/postgresql'
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core'
import { AUTH_MESSAGES, type SignupRequest, type VerifyEmailRequest } from '@shared/api/auth'
import { RESEND_COOLDOWN_MS } from '@shared/constants'
import { badRequest, conflict, forbidden, unauthorized } from '../../http/errors'
import { passwordResetEmail, signupAttemptEmail, verificationCodeEmail } from '../email/email.templates'
import type { Mailer } from '../email/mailer'
import type { LedgerService } from '../ledger/ledger.service'
import type { SessionService } from '../sessions/session.store'
import type { SettingsService } from '../settings/settings.service'
import { User } from '../users/user.entity'
import { normalizeEmail, usernameKey, type UsersService } from '../users/users.service'
import { PasswordReset, PendingSignup } from './auth.entities'
import { assertCooledDown, checkCode, issueCode, issueUnanswerable } from './code-challenge'
import { hashToken, newResetToken } from './codes'
import { assertAcceptablePassword } from './password-policy'
import { hashPassword, verifyPassword } from './passwords'
import type { SignInLocks } from './sign-in-lock'

export { CODE_TTL_MS, MAX_CODE_ATTEMPTS } from './code-challenge'
export const RESET_TTL_MS = 30 * 60_000

export interface AuthDeps {
  users: UsersService
  ledger: LedgerService
  sessions: SessionService
  /** the welcome bonus is a setting (`welcomeBonusCents`, $15.00 unless an admin changed it) */
  settings: SettingsService
  mailer: Mailer
  secret: string
  publicUrl: string
  /** failed passwords counted per account, and the lock they lead to */
  signInLocks: SignInLocks
}

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /**
   * Step one of sign-up: nothing is created but a pending row and an emailed code. An email that already has an
   * account gets the very same answer, so sign-up does not reveal who has one: its owner is told instead, and the
   * row holds a challenge no code answers, so verifying and resending answer as they do for a wrong code.
   */
  async signup(em: EntityManager, input: SignupRequest): Promise<{ email: string }> {
    const email = normalizeEmail(input.email)
    if (await this.deps.users.isUsernameTaken(em, input.username)) throw conflict(AUTH_MESSAGES.usernameTaken, 'username_taken')
    const owner = await this.accountOf(em, email)

    // hashed for an owned email too, so both answers take the same time; that row keeps no password
    const passwordHash = await hashPassword(input.password)
    await em.transactional(async (tx) => {
      const pending = await this.lockPending(tx, email)
      if (pending) assertCooledDown(pending)
      const row = pending ?? tx.create(PendingSignup, { email } as PendingSignup)
      tx.assign(row, { username: input.username.trim(), usernameKey: usernameKey(input.username), passwordHash: owner ? '' : passwordHash })
      await this.sendChallenge(tx, row, owner)
    })
    return { email }
  }

  async resendVerification(em: EntityManager, rawEmail: string): Promise<{ retryAfterSeconds: number }> {
    const email = normalizeEmail(rawEmail)
    const owner = await this.accountOf(em, email)
    await em.transactional(async (tx) => {
      const pending = await this.lockPending(tx, email)
      if (!pending) throw badRequest(AUTH_MESSAGES.noPendingSignup, 'no_pending_signup')
      assertCooledDown(pending)
      await this.sendChallenge(tx, pending, owner)
    })
    return { retryAfterSeconds: RESEND_COOLDOWN_MS / 1000 }
  }

  private lockPending(tx: EntityManager, email: string): Promise<PendingSignup | null> {
    return tx.findOne(PendingSignup, { email }, { lockMode: LockMode.PESSIMISTIC_WRITE })
  }

  private accountOf(em: EntityManager, email: string): Promise<User | null> {
    return em.findOne(User, { email })
  }

  /**
   * A fresh code replaces the old one, with a new expiry and a fresh set of attempts. For an email that has an
   * account, its owner gets a notice instead, under the same cooldown as codes, and the row a challenge no code answers.
   */
  private async sendChallenge(tx: EntityManager, pending: PendingSignup, owner: User | null): Promise<void> {
    if (owner) {
      tx.assign(pending, issueUnanswerable())
      await tx.flush()
      await this.deps.mailer.send(tx, signupAttemptEmail(owner.email, owner.username, `${this.deps.publicUrl}/forgot-password`))
      return
    }
    const { code, challenge } = issueCode(this.deps.secret, pending.email)
    tx.assign(pending, challenge)
    await tx.flush()
    await this.deps.mailer.send(tx, verificationCodeEmail(pending.email, pending.username, code))
  }

  /** Step two: the right code creates the account and credits the welcome bonus, in one transaction. */
  async verifyEmail(em: EntityManager, input: VerifyEmailRequest): Promise<User> {
    const email = normalizeEmail(input.email)
    const outcome = await em.transactional(async (tx) => {
      const pending = await tx.findOne(PendingSignup, { email }, { lockMode: LockMode.PESSIMISTIC_WRITE })
      // asked for every email, so a row for an owned one (which no code answers anyway) never becomes an account
      // and takes as long as any other
      const owned = await this.deps.users.isEmailTaken(tx, email)
      // a failed attempt is counted and committed before the error is answered
      const error = await checkCode(tx, pending, this.deps.secret, email, input.code)
      if (error || !pending || owned) return { error: error ?? badRequest(AUTH_MESSAGES.invalidCode, 'invalid_code') }
      const user = await this.createUser(tx, pending)
      tx.remove(pending)
      await tx.flush()
      return { user }
    })
    if ('error' in outcome) throw outcome.error
    return outcome.user
  }

  private async createUser(tx: EntityManager, pending: PendingSignup): Promise<User> {
    if (await this.deps.users.isUsernameTaken(tx, pending.username)) throw conflict(AUTH_MESSAGES.usernameTaken, 'username_taken')
    if (await this.deps.users.isEmailTaken(tx, pending.email)) throw conflict(AUTH_MESSAGES.emailTaken, 'email_taken')
    const user = tx.create(User, {
      username: pending.username,
      usernameKey: pending.usernameKey,
      email: pending.email,
      passwordHash: pending.passwordHash,
      isAdmin: false,
      createdAt: new Date(),
    })
    try {
      await tx.flush()
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw conflict(AUTH_MESSAGES.usernameTaken, 'username_taken')
      throw err
    }
    await this.creditWelcomeBonus(tx, user)
    return user
  }

  /** The bonus as set when the account is created (read in its transaction); a bonus set to $0 credits nothing. */
  async creditWelcomeBonus(tx: EntityManager, user: User): Promise<void> {
    const amount = (await this.deps.settings.get(tx)).welcomeBonusCents
    if (amount <= 0) return
    const [wallet, promotions] = [await this.deps.ledger.walletOf(tx, user), await this.deps.ledger.systemAccount(tx, 'promotions')]
    await this.deps.ledger.transfer(tx, {
      kind: 'welcome_bonus',
      idempotencyKey: `welcome_bonus:${user.id}`,
      memo: 'Welcome bonus',
      legs: [
        { account: promotions, amountCents: -amount },
        { account: wallet, amountCents: amount },
      ],
    })
  }

  /** One answer for an unknown user and a wrong password, so sign-in does not reveal who has an account. */
  async login(em: EntityManager, login: string, password: string): Promise<User> {
    const user = await this.deps.users.findByLogin(em, login)
    const ok = await verifyPassword(user?.passwordHash, password)
    // failures count per account, whatever name is typed and wherever from; a lock refuses a right password too, unless a second factor follows
    await this.deps.signInLocks.check(em, user, login, ok)
    if (!user || !ok) throw unauthorized(AUTH_MESSAGES.invalidCredentials)
    if (user.bannedAt) throw forbidden(user.banReason ? `${AUTH_MESSAGES.banned}: ${user.banReason}` : AUTH_MESSAGES.banned)
    return user
  }

  /** The same answer whether or not the email has an account. */
  async forgotPassword(em: EntityManager, rawEmail: string): Promise<void> {
    const user = await em.findOne(User, { email: normalizeEmail(rawEmail) })
    if (!user || user.bannedAt) return
    const { token, hash } = newResetToken()
    await em.transactional(async (tx) => {
      tx.create(PasswordReset, { user, tokenHash: hash, expiresAt: new Date(Date.now() + RESET_TTL_MS), createdAt: new Date() })
      await tx.flush()
      const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
      await this.deps.mailer.send(tx, passwordResetEmail(user.email, user.username, link))
    })
  }

  /** A reset works once; it ends every session of the account and every other outstanding link. */
  async resetPassword(em: EntityManager, token: string, password: string): Promise<User> {
    const passwordHash = await hashPassword(password)
    return em.transactional(async (tx) => {
      const reset = await tx.findOne(PasswordReset, { tokenHash: hashToken(token) }, { lockMode: LockMode.PESSIMISTIC_WRITE })
      if (!reset || reset.usedAt || reset.expiresAt.getTime() <= Date.now()) throw badRequest(AUTH_MESSAGES.invalidResetToken, 'invalid_token')
      const user = await tx.findOneOrFail(User, { id: reset.user.id })
      assertAcceptablePassword(password, user)
      user.passwordHash = passwordHash
      await tx.nativeUpdate(PasswordReset, { user, usedAt: null }, { usedAt: new Date() })
      await tx.flush()
      await this.deps.sessions.endUserSessions(tx, user.id)
      return user
    })
  }
}
