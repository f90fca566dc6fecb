import { STEP_UP_WINDOW_MS, TWO_FACTOR_MESSAGES, TWO_FACTOR_REQUIRED } from '@shared/api/two-factor'
import type { AppContext } from '../../http/context'
import { HttpError } from '../../http/errors'
import type { RateLimits } from '../../http/rate-limit'
import type { User } from '../users/user.entity'
import type { TwoFactorService } from './two-factor.service'

/** The body field a money or identity request may carry its second factor in, instead of a separate step-up. */
export const STEP_UP_FIELD = 'twoFactorCode'

export const twoFactorRequired = () => new HttpError(403, TWO_FACTOR_REQUIRED, TWO_FACTOR_MESSAGES.required)

/** Whether this session passed a second factor within the step-up window. */
export function freshSecondFactor(ctx: AppContext, now = Date.now()): boolean {
  const at = ctx.session?.secondFactorAt
  return typeof at === 'number' && now - at >= 0 && now - at < STEP_UP_WINDOW_MS
}

export function markSecondFactor(ctx: AppContext, now = Date.now()): void {
  if (ctx.session) ctx.session.secondFactorAt = now
}

export interface StepUp {
  /**
   * For an account with two-factor on: passes when the session passed a second factor in the last 5 minutes, or
   * when the body carries a right `twoFactorCode` (an app or recovery code, used up here). Otherwise a 403
   * `two_factor_required` the client answers by asking for one. The field leaves the body either way, so the
   * request's own validation and its Idempotency-Key fingerprint see the request as it was before.
   */
  require(ctx: AppContext, user: Pick<User, 'id' | 'twoFactorSince'>): Promise<void>
}

export function createStepUp(deps: { twoFactor: TwoFactorService; rateLimits: RateLimits }): StepUp {
  return {
    async require(ctx, user) {
      const body = (ctx.request as { body?: unknown }).body
      let code: unknown
      if (body && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, STEP_UP_FIELD)) {
        code = (body as Record<string, unknown>)[STEP_UP_FIELD]
        delete (body as Record<string, unknown>)[STEP_UP_FIELD]
      }
      if (!user.twoFactorSince || freshSecondFactor(ctx)) return
      if (code === undefined) throw twoFactorRequired()
      const key = `user:${user.id}`
      await deps.rateLimits.consume('twoFactor', key)
      const ok = typeof code === 'string' && (await ctx.state.em.transactional((tx) => deps.twoFactor.verifyEither(tx, user.id, code)))
      // 403, not sign-in's 401: the session stands, only this request wants a right code
      if (!ok) throw new HttpError(403, 'invalid_two_factor_code', TWO_FACTOR_MESSAGES.invalidCode)
      await deps.rateLimits.reset('twoFactor', key)
      markSecondFactor(ctx)
    },
  }
}
