import Router from '@koa/router'
import { ACCOUNT_UNLOCKED_ANSWER, AUTH_MESSAGES, FORGOT_PASSWORD_ANSWER } from '@shared/api/auth'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { forbidden, unauthorized } from '../../http/errors'
import { clientIp, sessionUserId, type AppContext, type AppState } from '../../http/context'
import { mount } from '../../http/mount'
import type { RateLimits } from '../../http/rate-limit'
import { bodyOf } from '../../http/validation'
import { currentUser, signedInPerson } from '../../http/access'
import type { SignIn } from './sign-in'
import type { UsersService } from '../users/users.service'
import type { AuthService } from './auth.service'
import { assertAcceptablePassword } from './password-policy'
import type { SignInLocks } from './sign-in-lock'

export interface AuthRoutesDeps {
  auth: AuthService
  users: UsersService
  rateLimits: RateLimits
  signIn: SignIn
  locks: SignInLocks
}

export function authRoutes(deps: AuthRoutesDeps): Router<AppState> {
  const router = new Router<AppState>()
  const on = authEndpoints
  const { auth, users, rateLimits, signIn, locks } = deps

  /** The session of a user who is gone or banned ends where it asks who is signed in. */
  function signedOutUnlessFound<T>(ctx: AppContext, found: T | null): T | null {
    if (found === null && sessionUserId(ctx) !== null) ctx.session = null
    return found
  }

  mount(router, on.postAuthSignup, async (ctx) => {
    const input = bodyOf(ctx, on.postAuthSignup)
    // before the limit is counted: trying a few passwords until one is accepted is not abuse
    assertAcceptablePassword(input.password, { username: input.username, email: input.email })
    await rateLimits.consume('signup', clientIp(ctx))
    const { email } = await auth.signup(ctx.state.em, input)
    ctx.body = { requiresVerification: true, email }
  })

  mount(router, on.postAuthVerifyEmail, async (ctx) => {
    const input = bodyOf(ctx, on.postAuthVerifyEmail)
    await rateLimits.consume('verify', clientIp(ctx))
    const user = await auth.verifyEmail(ctx.state.em, input)
    ctx.body = { success: true, user: await signIn.complete(ctx, user, { secondFactor: false }) }
  })

  mount(router, on.postAuthResendVerification, async (ctx) => {
    const { email } = bodyOf(ctx, on.postAuthResendVerification)
    await rateLimits.consume('resend', clientIp(ctx))
    const { retryAfterSeconds } = await auth.resendVerification(ctx.state.em, email)
    ctx.body = { success: true, message: 'A new verification code has been sent to your email.', retryAfterSeconds }
  })

  /**
   * Both sign-in forms: the limit per address and name, then the password under the account's own count and lock.
   * With two-factor on, the answer is a pending session and the methods to finish with (POST /2fa/verify).
   */
  async function passwordSignIn(ctx: AppContext, options: { admin: boolean }) {
    const { username, password } = bodyOf(ctx, options.admin ? on.postAuthAdminLogin : on.postAuthLogin)
    const key = `${clientIp(ctx)}:${username.toLowerCase()}`
    await rateLimits.consume('login', key)
    const user = await auth.login(ctx.state.em, username, password)
    if (options.admin && !user.isAdmin) throw forbidden(AUTH_MESSAGES.notAnAdmin)
    await rateLimits.reset('login', key)
    return signIn.afterPassword(ctx, user, { admin: options.admin })
  }

  mount(router, on.postAuthLogin, async (ctx) => {
    ctx.body = await passwordSignIn(ctx, { admin: false })
  })

  /**
   * The admin sign-in form's call: /login's checks and limits, and only an admin gets a session. Anyone else with a
   * right password gets a 403 and stays signed out, so the admin form is no second way in.
   */
  mount(router, on.postAuthAdminLogin, async (ctx) => {
    ctx.body = await passwordSignIn(ctx, { admin: true })
  })

  /** The link emailed when failed passwords locked sign-in: lifts the lock once; the owner then signs in as usual. */
  mount(router, on.postAuthUnlock, async (ctx) => {
    const { token } = bodyOf(ctx, on.postAuthUnlock)
    await rateLimits.consume('verify', clientIp(ctx))
    await locks.unlock(ctx.state.em, token)
    ctx.body = { success: true, message: ACCOUNT_UNLOCKED_ANSWER }
  })

  mount(router, on.postAuthLogout, async (ctx) => {
    // the session row goes; live sockets of this session close at their next heartbeat, on every instance
    ctx.session = null
    ctx.body = { success: true }
  })

  mount(router, on.getAuthMe, async (ctx) => {
    // read on every page load: the row read with the session, no entity
    const person = signedOutUnlessFound(ctx, await signedInPerson(ctx))
    if (!person) throw unauthorized()
    // the balance too, summed in the session's own statement (createSessionStore's walletPaths)
    ctx.body = await users.toCurrentUser(ctx.state.em, person, ctx.state.sessionWalletCents)
  })

  mount(router, on.getAuthAdminMe, async (ctx) => {
    const user = signedOutUnlessFound(ctx, await currentUser(ctx))
    if (!user) throw unauthorized()
    // an admin without two-factor is still an admin here: the admin screens show how to turn it on first
    ctx.body = { user: { ...(await users.toCurrentUser(ctx.state.em, user)), isAdmin: user.isAdmin, twoFactorEnabled: user.twoFactorSince !== null } }
  })

  mount(router, on.postAuthForgotPassword, async (ctx) => {
    const { email } = bodyOf(ctx, on.postAuthForgotPassword)
    await rateLimits.consume('forgot', clientIp(ctx))
    await auth.forgotPassword(ctx.state.em, email)
    ctx.body = { success: true, message: FORGOT_PASSWORD_ANSWER }
  })

  mount(router, on.postAuthResetPassword, async (ctx) => {
    const { token, password } = bodyOf(ctx, on.postAuthResetPassword)
    // length and common passwords before the limit is counted; the owner's names once the link names the owner
    assertAcceptablePassword(password)
    await rateLimits.consume('forgot', clientIp(ctx))
    const user = await auth.resetPassword(ctx.state.em, token, password)
    // the reset link proved the owner as the unlock link would: the new password signs in at once
    await locks.lift(ctx.state.em, user)
    ctx.session = null
    ctx.body = { success: true, message: 'Your password has been changed. Please sign in.' }
  })

  return router
}
