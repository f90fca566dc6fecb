import { PENDING_SIGN_IN_MS, TWO_FACTOR_MESSAGES, type TwoFactorChallenge } from '@shared/api/two-factor'
import type { AuthSuccess } from '@shared/api/auth'
import { actsAsAdmin } from '../../http/access'
import type { AppContext } from '../../http/context'
import { unauthorized } from '../../http/errors'
import type { User } from '../users/user.entity'
import type { UsersService } from '../users/users.service'
import type { KnownDevices } from './known-devices'
import type { SignInLocks } from './sign-in-lock'
import { markSecondFactor } from './step-up'
import type { TwoFactorService } from './two-factor.service'

/**
 * The one way a session becomes signed in, and the half-way state between a right password and a second factor.
 * Every step takes a fresh session id, so a cookie planted before sign-in never becomes a signed-in one.
 */
export function createSignIn(deps: { users: UsersService; twoFactor: TwoFactorService; locks: SignInLocks; devices: KnownDevices }) {
  const { users, twoFactor, locks, devices } = deps

  /**
   * Signs the session in; `secondFactor` when one was just checked, which makes money steps fresh for 5 minutes and
   * lifts a lock left by failed passwords (every second factor, whichever route checked it, ends here). A sign-in
   * from a browser new to the account is announced to its owner.
   */
  async function complete(
    ctx: AppContext,
    user: User,
    options: { secondFactor: boolean; admin?: boolean },
  ): Promise<AuthSuccess['user'] & { isAdmin?: true; twoFactorEnabled?: boolean }> {
    const session = ctx.session!
    session.userId = user.id
    session.isAdmin = actsAsAdmin(user)
    delete session.pendingUserId
    delete session.pendingSince
    delete session.pendingAdmin
    delete session.secondFactorAt
    if (options.secondFactor) markSecondFactor(ctx)
    await session.regenerate()
    if (options.secondFactor) await locks.lift(ctx.state.em, user)
    else await locks.succeeded(user.id)
    await devices.signedIn(ctx, user)
    const current = await users.toCurrentUser(ctx.state.em, user)
    // the admin sign-in answers the user as GET /api/auth/admin-me does (an admin who has not set up two-factor yet is
    // sent to do so)
    return options.admin ? { ...current, isAdmin: true, twoFactorEnabled: user.twoFactorSince !== null } : current
  }

  /**
   * After a right password: signed in at once, or, with two-factor on, a pending session that `GET /me` still
   * answers 401 to, and the methods to finish with.
   */
  async function afterPassword(
    ctx: AppContext,
    user: User,
    options: { admin?: boolean } = {},
  ): Promise<{ success: true; user: AuthSuccess['user'] } | TwoFactorChallenge> {
    if (!user.twoFactorSince) return { success: true, user: await complete(ctx, user, { secondFactor: false, admin: options.admin }) }
    const session = ctx.session!
    delete session.userId
    delete session.isAdmin
    delete session.secondFactorAt
    session.pendingUserId = user.id
    session.pendingSince = Date.now()
    if (options.admin) session.pendingAdmin = true
    else delete session.pendingAdmin
    await session.regenerate()
    return { requiresTwoFactor: true, methods: await twoFactor.methods(ctx.state.em, user.id) }
  }

  /** The user a pending sign-in waits for; 401 when there is none or it lapsed. */
  function pendingUserId(ctx: AppContext, now = Date.now()): { userId: number; admin: boolean } {
    const session = ctx.session
    const id = session?.pendingUserId
    const since = session?.pendingSince
    if (typeof id !== 'number' || typeof since !== 'number' || now - since > PENDING_SIGN_IN_MS || now < since) {
      throw unauthorized(TWO_FACTOR_MESSAGES.noPendingSignIn)
    }
    return { userId: id, admin: session?.pendingAdmin === true }
  }

  return { complete, afterPassword, pendingUserId }
}
export type SignIn = ReturnType<typeof createSignIn>
