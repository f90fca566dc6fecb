import Router from '@koa/router'
import { AUTH_MESSAGES } from '@shared/api/auth'
import { ACCOUNT_MESSAGES } from '@shared/api/account-settings'
import { TWO_FACTOR_MESSAGES } from '@shared/api/two-factor'
import { WEBAUTHN_MESSAGES, type AuthenticationResponse } from '@shared/api/webauthn'
import { webauthnEndpoints } from '@shared/api/endpoints/webauthn'
import { requireActiveUser } from '../../http/access'
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../http/errors'
import { clientIp, type AppContext, type AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { serialOrNotFound } from '../../http/path-ids'
import type { RateLimits } from '../../http/rate-limit'
import { bodyOf } from '../../http/validation'
import { User } from '../users/user.entity'
import { verifyPassword } from './passwords'
import type { SignIn } from './sign-in'
import type { SignInLocks } from './sign-in-lock'
import { markSecondFactor, type StepUp } from './step-up'
import { keepChallenge, takeChallenge } from './webauthn-challenge'
import { passkeyNotVerified, type WebAuthnService } from './webauthn.service'

export interface WebAuthnRoutesDeps {
  webauthn: WebAuthnService
  signIn: SignIn
  stepUp: StepUp
  rateLimits: RateLimits
  locks: SignInLocks
}

/**
 * /api/auth/webauthn: adding and removing passkeys, signing in with one (after the password, or without one), and a
 * step-up with one. Every answer is checked against the challenge this session was given, once; a failed check is
 * counted against the account's second-factor limit, as a wrong code is.
 */
export function webauthnRoutes(deps: WebAuthnRoutesDeps): Router<AppState> {
  const router = new Router<AppState>()
  const on = webauthnEndpoints
  const { webauthn, signIn, stepUp, rateLimits, locks } = deps

  /**
   * Checks an answer for the passkey it names, which must be `ownerId`'s when one is given, under the account's limit
   * (a right answer resets it). Returns the passkey's owner; a wrong answer is a 401 that changes nothing.
   */
  async function checked(
    ctx: AppContext,
    response: AuthenticationResponse,
    challenge: string,
    ownerId: number | null,
    requireUserVerification: boolean,
  ): Promise<number> {
    const passkey = await webauthn.find(ctx.state.em, response.id)
    const userId = ownerId ?? passkey?.userId
    if (userId === undefined) throw passkeyNotVerified(401)
    const key = `user:${userId}`
    await rateLimits.consume('twoFactor', key)
    if (!passkey || passkey.userId !== userId) throw passkeyNotVerified(401)
    if (!(await webauthn.verifyAssertion(ctx.state.em, passkey.id, response, challenge, requireUserVerification))) throw passkeyNotVerified(401)
    await rateLimits.reset('twoFactor', key)
    return userId
  }

  /** A sign-in waiting for its second factor, or null (signIn.pendingUserId's 401 when it lapsed counts as none). */
  function pendingOrNone(ctx: AppContext): { userId: number; admin: boolean } | null {
    try {
      return signIn.pendingUserId(ctx)
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) return null
      throw err
    }
  }

  mount(router, on.postAuthWebauthnRegisterOptions, async (ctx) => {
    const user = await requireActiveUser(ctx)
    // a passkey is a way in that outlives a password reset: with two-factor on a fresh second factor, else the password
    await stepUp.require(ctx, user)
    const { password } = bodyOf(ctx, on.postAuthWebauthnRegisterOptions)
    if (!user.twoFactorSince) {
      if (password === undefined) throw badRequest(WEBAUTHN_MESSAGES.passwordRequired, 'password_required')
      // the password counts against sign-in's limit, as everywhere the settings ask for it
      const key = `${clientIp(ctx)}:${user.usernameKey}`
      await rateLimits.consume('login', key)
      // and against the account's count of failed passwords, whose lock refuses the password here too
      const passwordOk = await verifyPassword(user.passwordHash, password)
      await locks.check(ctx.state.em, user, user.usernameKey, passwordOk)
      if (!passwordOk) throw badRequest(ACCOUNT_MESSAGES.wrongPassword, 'wrong_password')
      await rateLimits.reset('login', key)
    }
    const options = await webauthn.registrationOptions(ctx.state.em, user)
    keepChallenge(ctx, options.challenge, 'register', user.id)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = options
  })

  mount(router, on.postAuthWebauthnRegisterVerify, async (ctx) => {
    const user = await requireActiveUser(ctx)
    const input = bodyOf(ctx, on.postAuthWebauthnRegisterVerify)
    const challenge = takeChallenge(ctx, 'register')
    if (!challenge || challenge.userId !== user.id) throw passkeyNotVerified(400)
    const added = await webauthn.register(ctx.state.em, user.id, input, challenge.value)
    // the passkey just proved itself: the next minutes need no second factor; an admin's powers open with it
    markSecondFactor(ctx)
    ctx.session!.isAdmin = user.isAdmin
    ctx.set('Cache-Control', 'no-store')
    ctx.status = 201
    ctx.body = added
  })

  mount(router, on.postAuthWebauthnLoginOptions, async (ctx) => {
    const pending = pendingOrNone(ctx)
    const options = await webauthn.authenticationOptions(ctx.state.em, pending?.userId ?? null)
    keepChallenge(ctx, options.challenge, 'login', pending?.userId ?? null)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = options
  })

  mount(router, on.postAuthWebauthnLoginVerify, async (ctx) => {
    const { response, admin } = bodyOf(ctx, on.postAuthWebauthnLoginVerify)
    const challenge = takeChallenge(ctx, 'login')
    if (!challenge) throw passkeyNotVerified(401)
    if (challenge.userId !== null) {
      // the second factor after a right password: only that account's passkeys
      const pending = signIn.pendingUserId(ctx)
      if (pending.userId !== challenge.userId) throw passkeyNotVerified(401)
      await checked(ctx, response, challenge.value, pending.userId, false)
      const user = await ctx.state.em.findOne(User, { id: pending.userId })
      // banned (or deleted) between the password and the passkey: the same answer the password would get now
      if (!user || user.bannedAt) throw unauthorized(TWO_FACTOR_MESSAGES.noPendingSignIn)
      ctx.body = { success: true, user: await signIn.complete(ctx, user, { secondFactor: true, admin: pending.admin }) }
      return
    }
    // no password: the passkey and its user verification are the two factors
    const userId = await checked(ctx, response, challenge.value, null, true)
    const user = await ctx.state.em.findOne(User, { id: userId })
    if (!user) throw passkeyNotVerified(401)
    if (user.bannedAt) throw forbidden(user.banReason ? `${AUTH_MESSAGES.banned}: ${user.banReason}` : AUTH_MESSAGES.banned)
    // the admin form signs in admins only, with a passkey as with a password
    if (admin && !user.isAdmin) throw forbidden(AUTH_MESSAGES.notAnAdmin)
    ctx.body = { success: true, user: await signIn.complete(ctx, user, { secondFactor: true, admin }) }
  })

  mount(router, on.postAuthWebauthnStepUpOptions, async (ctx) => {
    const user = await requireActiveUser(ctx)
    const options = await webauthn.authenticationOptions(ctx.state.em, user.id)
    keepChallenge(ctx, options.challenge, 'step-up', user.id)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = options
  })

  mount(router, on.postAuthWebauthnStepUpVerify, async (ctx) => {
    const user = await requireActiveUser(ctx)
    const { response } = bodyOf(ctx, on.postAuthWebauthnStepUpVerify)
    const challenge = takeChallenge(ctx, 'step-up')
    if (!challenge || challenge.userId !== user.id) throw passkeyNotVerified(401)
    await checked(ctx, response, challenge.value, user.id, false)
    markSecondFactor(ctx)
    ctx.body = { success: true, verifiedAt: new Date(ctx.session!.secondFactorAt!).toISOString() }
  })

  mount(router, on.getAuthWebauthnCredentials, async (ctx) => {
    const user = await requireActiveUser(ctx)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = await webauthn.list(ctx.state.em, user.id)
  })

  mount(router, on.deleteAuthWebauthnCredentialsById, async (ctx) => {
    const user = await requireActiveUser(ctx)
    // someone else's, unknown and malformed ids get the same answer, before any second factor is asked for
    const id = serialOrNotFound(ctx.params.id, WEBAUTHN_MESSAGES.notFound)
    if (!(await webauthn.findOwn(ctx.state.em, user.id, id))) throw notFound(WEBAUTHN_MESSAGES.notFound)
    await stepUp.require(ctx, user)
    await webauthn.remove(ctx.state.em, user.id, id)
    ctx.status = 204
  })

  return router
}
