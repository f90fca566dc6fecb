import Router from '@koa/router'
import { ACCOUNT_MESSAGES, ACCOUNT_RULES } from '@shared/api/account-settings'
import { accountSettingsEndpoints } from '@shared/api/endpoints/account-settings'
import { requireActiveUser } from '../../http/access'
import { clientIp, requireSessionUserId, type AppContext, type AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { HttpError, unauthorized } from '../../http/errors'
import type { RateLimits } from '../../http/rate-limit'
import { bodyOf } from '../../http/validation'
import { receivedFile, receiveOneImage } from '../media/upload.routes'
import type { User } from '../users/user.entity'
import type { SignInLocks } from '../auth/sign-in-lock'
import type { StepUp } from '../auth/step-up'
import type { AccountSettingsService } from './account-settings.service'
import { avatarTooLarge } from './avatar'
import type { EmailChangeService } from './email-change.service'

export interface AccountSettingsRoutesDeps {
  account: AccountSettingsService
  email: EmailChangeService
  rateLimits: RateLimits
  stepUp: StepUp
  locks: SignInLocks
}

const AVATAR_UPLOAD = {
  field: ACCOUNT_RULES.avatarField,
  maxBytes: ACCOUNT_RULES.avatarMaxBytes,
  tooLarge: avatarTooLarge,
  malformed: ACCOUNT_MESSAGES.avatarUpload,
}

/** Codes to a new address count per account (sign-up's resend limit, which counts per address where there is no account). */
const mailKey = (user: User) => `user:${user.id}`

/**
 * /api/settings: the signed-in user's own account (the /settings screen). Whatever asks for the current password
 * counts against sign-in's limit for this address and name, so the settings are no second way to guess it.
 */
export function accountSettingsRoutes(deps: AccountSettingsRoutesDeps): Router<AppState> {
  const router = new Router<AppState>()
  const on = accountSettingsEndpoints
  const { account, email, rateLimits, stepUp, locks } = deps

  /**
   * Runs a password-checking action under the sign-in limits: per address and name (a success resets it, as a
   * sign-in does), and the account's count of failed passwords, whose lock refuses the password here too.
   */
  async function withPasswordLimit<T>(ctx: AppContext, user: User, action: () => Promise<T>): Promise<T> {
    const key = `${clientIp(ctx)}:${user.usernameKey}`
    await rateLimits.consume('login', key)
    await locks.check(ctx.state.em, user, user.usernameKey, true)
    try {
      const result = await action()
      await rateLimits.reset('login', key)
      return result
    } catch (err) {
      if (err instanceof HttpError && err.code === 'wrong_password') await locks.check(ctx.state.em, user, user.usernameKey, false)
      throw err
    }
  }

  mount(router, on.getSettingsEmail, async (ctx) => {
    const user = await requireActiveUser(ctx)
    ctx.body = await email.current(ctx.state.em, user.id)
  })

  mount(router, on.postSettingsEmail, async (ctx) => {
    const user = await requireActiveUser(ctx)
    await stepUp.require(ctx, user)
    const input = bodyOf(ctx, on.postSettingsEmail)
    await rateLimits.consume('resend', mailKey(user))
    const started = await withPasswordLimit(ctx, user, () => email.start(ctx.state.em, user.id, input))
    ctx.body = { ...started, message: ACCOUNT_MESSAGES.codeSent }
  })

  mount(router, on.postSettingsEmailResend, async (ctx) => {
    const user = await requireActiveUser(ctx)
    await rateLimits.consume('resend', mailKey(user))
    ctx.body = { ...(await email.resend(ctx.state.em, user.id)), message: ACCOUNT_MESSAGES.codeSent }
  })

  mount(router, on.postSettingsEmailVerify, async (ctx) => {
    const user = await requireActiveUser(ctx)
    const { code } = bodyOf(ctx, on.postSettingsEmailVerify)
    await rateLimits.consume('verify', clientIp(ctx))
    const changed = await email.verify(ctx.state.em, user.id, code)
    await account.announceChange(user.id)
    ctx.body = { email: changed, message: ACCOUNT_MESSAGES.emailChanged }
  })

  mount(router, on.postSettingsPassword, async (ctx) => {
    const user = await requireActiveUser(ctx)
    await stepUp.require(ctx, user)
    const input = bodyOf(ctx, on.postSettingsPassword)
    const sessionKey = ctx.session?.externalKey
    if (!sessionKey) throw unauthorized()
    const endedSessions = await withPasswordLimit(ctx, user, () => account.changePassword(ctx.state.em, user.id, sessionKey, input))
    ctx.body = { success: true, message: ACCOUNT_MESSAGES.passwordChanged, endedSessions }
  })

  mount(
    router,
    on.postSettingsAvatar,
    async (ctx, next) => {
      // who and how often, before a byte of the body is read; pictures share the image uploads' hourly limit
      const user = await requireActiveUser(ctx)
      await rateLimits.consume('listingImageUpload', String(user.id))
      return next()
    },
    receiveOneImage(AVATAR_UPLOAD),
    async (ctx) => {
      const avatar = await account.setAvatar(ctx.state.em, requireSessionUserId(ctx), receivedFile(ctx, ACCOUNT_MESSAGES.avatarUpload))
      ctx.status = 201
      ctx.body = { avatar }
    },
  )

  mount(router, on.deleteSettingsAvatar, async (ctx) => {
    const user = await requireActiveUser(ctx)
    await account.removeAvatar(ctx.state.em, user.id)
    ctx.body = { avatar: null }
  })

  mount(router, on.getSettingsPreferences, async (ctx) => {
    const user = await requireActiveUser(ctx)
    ctx.body = await account.preferences(ctx.state.em, user.id)
  })

  mount(router, on.putSettingsPreferences, async (ctx) => {
    const user = await requireActiveUser(ctx)
    const patch = bodyOf(ctx, on.putSettingsPreferences)
    ctx.body = await account.updatePreferences(ctx.state.em, user.id, patch)
  })

  mount(router, on.postSettingsDeleteAccount, async (ctx) => {
    const user = await requireActiveUser(ctx)
    await stepUp.require(ctx, user)
    const { password } = bodyOf(ctx, on.postSettingsDeleteAccount)
    await withPasswordLimit(ctx, user, () => account.deleteOwnAccount(ctx.state.em, user.id, password))
    ctx.session = null
    ctx.body = { success: true, message: ACCOUNT_MESSAGES.accountDeleted }
  })

  return router
}
