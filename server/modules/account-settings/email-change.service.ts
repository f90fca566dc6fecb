import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { ACCOUNT_MESSAGES, type AccountEmail } from '@shared/api/account-settings'
import { RESEND_COOLDOWN_MS } from '@shared/constants'
import { badRequest, conflict, notFound, type HttpError } from '../../http/errors'
import { PasswordReset } from '../auth/auth.entities'
import { assertCooledDown, checkCode, issueCode } from '../auth/code-challenge'
import type { Mailer } from '../email/mailer'
import { User } from '../users/user.entity'
import { normalizeEmail, type UsersService } from '../users/users.service'
import { emailChangeCodeEmail, emailChangedNotice } from './account-mail'
import { EmailChange } from './account-settings.entities'
import { assertPassword } from './password-check'

export interface EmailChangeDeps {
  users: UsersService
  mailer: Mailer
  secret: string
  publicUrl: string
}

/** The code is bound to the user and the address, so a code for sign-up or another address never matches. */
const codeSubject = (userId: number, email: string) => `email-change:${userId}:${email}`

/**
 * Changing the account's email: the new address gets a 6-digit code (sign-up's mechanism: HMAC-stored, 15
 * minutes, 5 attempts, 60 s between codes), and only typing it back switches the address. The old address is
 * told afterwards. One change waits per user; asking again replaces it, once the 60 s have passed.
 */
export class EmailChangeService {
  constructor(private readonly deps: EmailChangeDeps) {}

  async current(em: EntityManager, userId: number): Promise<AccountEmail> {
    const [user, pending] = await Promise.all([em.findOne(User, { id: userId }), em.findOne(EmailChange, { userId })])
    if (!user) throw notFound()
    const live = pending && pending.codeExpiresAt.getTime() > Date.now() ? pending.newEmail : null
    return { email: user.email, pendingEmail: live }
  }

  async start(
    em: EntityManager,
    userId: number,
    input: { email: string; password: string },
  ): Promise<{ pendingEmail: string; retryAfterSeconds: number }> {
    const email = normalizeEmail(input.email)
    await assertPassword(em, userId, input.password)
    await em.transactional(async (tx) => {
      const user = await this.lockUser(tx, userId)
      if (user.email === email) throw badRequest(ACCOUNT_MESSAGES.sameEmail, 'same_email')
      if (await this.deps.users.isEmailTaken(tx, email)) throw conflict(ACCOUNT_MESSAGES.emailTaken, 'email_taken')
      const pending = await tx.findOne(EmailChange, { userId })
      // per account, whatever the address: a typo waits out the minute like a resend does
      if (pending) assertCooledDown(pending)
      const row = pending ?? tx.create(EmailChange, { userId, newEmail: email } as EmailChange)
      row.newEmail = email
      await this.sendCode(tx, user, row)
    })
    return { pendingEmail: email, retryAfterSeconds: RESEND_COOLDOWN_MS / 1000 }
  }

  async resend(em: EntityManager, userId: number): Promise<{ pendingEmail: string; retryAfterSeconds: number }> {
    const pendingEmail = await em.transactional(async (tx) => {
      const user = await this.lockUser(tx, userId)
      const pending = await tx.findOne(EmailChange, { userId })
      if (!pending) throw badRequest(ACCOUNT_MESSAGES.noPendingEmail, 'no_pending_email')
      assertCooledDown(pending)
      await this.sendCode(tx, user, pending)
      return pending.newEmail
    })
    return { pendingEmail, retryAfterSeconds: RESEND_COOLDOWN_MS / 1000 }
  }

  /** The right code switches the address, voids reset links mailed to the old one, and tells the old one. */
  async verify(em: EntityManager, userId: number, code: string): Promise<string> {
    const outcome = await em.transactional(async (tx): Promise<{ error: HttpError } | { email: string }> => {
      const user = await this.lockUser(tx, userId)
      const pending = await tx.findOne(EmailChange, { userId })
      if (!pending) return { error: badRequest(ACCOUNT_MESSAGES.noPendingEmail, 'no_pending_email') }
      // a wrong code is counted and committed before the error is answered
      const error = await checkCode(tx, pending, this.deps.secret, codeSubject(userId, pending.newEmail), code)
      if (error) return { error }
      const oldEmail = user.email
      // someone may have taken the address since the code was sent: this change cannot happen any more
      if (await this.deps.users.isEmailTaken(tx, pending.newEmail)) {
        tx.remove(pending)
        await tx.flush()
        return { error: conflict(ACCOUNT_MESSAGES.emailTaken, 'email_taken') }
      }
      user.email = pending.newEmail
      tx.remove(pending)
      try {
        await tx.flush()
      } catch (err) {
        // taken between the check and the write (users.email is unique): nothing of this change is kept
        if (err instanceof UniqueConstraintViolationException) throw conflict(ACCOUNT_MESSAGES.emailTaken, 'email_taken')
        throw err
      }
      await tx.nativeUpdate(PasswordReset, { user, usedAt: null }, { usedAt: new Date() })
      await this.deps.mailer.send(tx, emailChangedNotice(oldEmail, user.username, user.email, `${this.deps.publicUrl}/contact`))
      return { email: user.email }
    })
    if ('error' in outcome) throw outcome.error
    return outcome.email
  }

  private async sendCode(tx: EntityManager, user: User, row: EmailChange): Promise<void> {
    const { code, challenge } = issueCode(this.deps.secret, codeSubject(user.id, row.newEmail))
    tx.assign(row, challenge)
    await tx.flush()
    await this.deps.mailer.send(tx, emailChangeCodeEmail(row.newEmail, user.username, code))
  }

  /** Serialises one user's changes of email, so two requests never both pass the 60 s check. */
  private async lockUser(tx: EntityManager, userId: number): Promise<User> {
    const user = await tx.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })
    if (!user) throw notFound()
    return user
  }
}
