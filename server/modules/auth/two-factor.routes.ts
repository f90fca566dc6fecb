import Router from '@koa/router'
import { TWO_FACTOR_MESSAGES } from '@shared/api/two-factor'
import { ACCOUNT_MESSAGES } from '@shared/api/account-settings'
import { twoFactorEndpoints } from '@shared/api/endpoints/two-factor'
import { requireActiveUser } from '../../http/access'
import { badRequest, forbidden } from '../../http/errors'
import { clientIp, type AppContext, type AppState } from '../../http/context'
import { mount } from '../../http/mount'
import type { RateLimits } from '../../http/rate-limit'
import { bodyOf } from '../../http/validation'
import { User } from '../users/user.entity'
import { verifyPassword } from './passwords'
import type { SignIn } from './sign-in'
import type { SignInLocks } from './sign-in-lock'
import { freshSecondFactor, markSecondFactor, type StepUp } from './step-up'
import { invalidSecondFactor, type TwoFactorService } from './two-factor.service'

export interface TwoFactorRoutesDeps {
  twoFactor: TwoFactorService
  signIn: SignIn
  stepUp: StepUp
  rateLimits: RateLimits
  locks: SignInLocks
}

/**
 * /api/auth/2fa: the authenticator app (set up, confirm, turn off), recovery codes, finishing a sign-in that waits
 * for its second factor, and a step-up before money or identity changes. Wrong codes count per account.
 */
export function twoFactorRoutes(deps: TwoFactorRoutesDeps): Router<AppState> {
  const router = new Router<AppState>()
  const on = twoFactorEndpoints
  const { twoFactor, signIn, stepUp, rateLimits, locks } = deps

  /** Runs a code check under the account's limit; a right code resets it. A wrong one is a 401 with a message. */
  async function checked(ctx: AppContext, userId: number, check: () => Promise<boolean>): Promise<void> {
    const key = `user:${userId}`
    await rateLimits.consume('twoFactor', key)
    if (!(await check())) throw invalidSecondFactor()
    await rateLimits.reset('twoFactor', key)
  }

  mount(router, on.getAuth2fa, async (ctx) => {
    const user = await requireActiveUser(ctx)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = await twoFactor.status(ctx.state.em, user, freshSecondFactor(ctx) ? ctx.session!.secondFactorAt! : null)
  })

  mount(router, on.postAuth2faTotpSetup, async (ctx) => {
    const user = await requireActiveUser(ctx)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = await twoFactor.startTotp(ctx.state.em, user)
  })

  mount(router, on.postAuth2faTotpEnable, async (ctx) => {
    const user = await requireActiveUser(ctx)
    const { code } = bodyOf(ctx, on.postAuth2faTotpEnable)
    await rateLimits.consume('twoFactor', `user:${user.id}`)
    const recoveryCodes = await twoFactor.enableTotp(ctx.state.em, user.id, code)
    await rateLimits.reset('twoFactor', `user:${user.id}`)
    // the code just proved the app: the next minutes need no second one; an admin's powers open with it
    markSecondFactor(ctx)
    ctx.session!.isAdmin = user.isAdmin
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { recoveryCodes }
  })

  mount(router, on.postAuth2faDisable, async (ctx) => {
    const user = await requireActiveUser(ctx)
    const { password, code } = bodyOf(ctx, on.postAuth2faDisable)
    // an admin keeps a second factor: the app goes only while a passkey stays
    if (user.isAdmin && (await twoFactor.status(ctx.state.em, user, null)).passkeys === 0) throw forbidden(TWO_FACTOR_MESSAGES.adminKeepsTwoFactor)
    // the password counts against sign-in's limits, as everywhere the settings ask for it
    const key = `${clientIp(ctx)}:${user.usernameKey}`
    await rateLimits.consume('login', key)
    const passwordOk = await verifyPassword(user.passwordHash, password)
    await locks.check(ctx.state.em, user, user.usernameKey, passwordOk)
    if (!passwordOk) throw badRequest(ACCOUNT_MESSAGES.wrongPassword, 'wrong_password')
    await rateLimits.reset('login', key)
    await ctx.state.em.transactional(async (tx) => {
      await checked(ctx, user.id, () => twoFactor.verifyEither(tx, user.id, code))
      await twoFactor.disableTotp(tx, user.id)
    })
    ctx.body = { success: true, message: 'Two-factor sign-in with an authenticator app is off' }
  })

  mount(router, on.postAuth2faRecoveryCodes, async (ctx) => {
    const user = await requireActiveUser(ctx)
    await stepUp.require(ctx, user)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { recoveryCodes: await twoFactor.regenerateRecoveryCodes(ctx.state.em, user.id) }
  })

  mount(router, on.postAuth2faVerify, async (ctx) => {
    const input = bodyOf(ctx, on.postAuth2faVerify)
    const pending = signIn.pendingUserId(ctx)
    await checked(ctx, pending.userId, () => ctx.state.em.transactional((tx) => twoFactor.verify(tx, pending.userId, input)))
    const user = await ctx.state.em.findOne(User, { id: pending.userId })
    // banned (or deleted) between the password and the code: the same answer the password would get now
    if (!user || user.bannedAt) throw invalidSecondFactor(TWO_FACTOR_MESSAGES.noPendingSignIn)
    ctx.body = { success: true, user: await signIn.complete(ctx, user, { secondFactor: true, admin: pending.admin }) }
  })

  mount(router, on.postAuth2faStepUp, async (ctx) => {
    const user = await requireActiveUser(ctx)
    const input = bodyOf(ctx, on.postAuth2faStepUp)
    await checked(ctx, user.id, () => ctx.state.em.transactional((tx) => twoFactor.verify(tx, user.id, input)))
    markSecondFactor(ctx)
    ctx.body = { success: true, verifiedAt: new Date(ctx.session!.secondFactorAt!).toISOString() }
  })

  return router
}
