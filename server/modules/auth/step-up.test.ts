import { describe, expect, it, vi } from 'vitest'
import { STEP_UP_WINDOW_MS, TWO_FACTOR_MESSAGES } from '@shared/api/two-factor'
import type { AppContext } from '../../http/context'
import { HttpError } from '../../http/errors'
import { createRateLimits } from '../../http/rate-limit'
import { createStepUp, freshSecondFactor, markSecondFactor, twoFactorRequired } from './step-up'
import type { TwoFactorService } from './two-factor.service'

const RIGHT_CODE = '123456'
const NOW = 1_800_000_000_000

/** A request with this body and session; its transaction hands the checker a marker to prove it ran inside one. */
const request = (body: unknown, session: Record<string, unknown> | null = {}) =>
  ({ request: { body }, session, state: { em: { transactional: (work: (tx: string) => unknown) => work('tx') } } }) as unknown as AppContext

function setUp() {
  const verifyEither = vi.fn(async (tx: unknown, _userId: number, code: string) => tx === 'tx' && code === RIGHT_CODE)
  const rateLimits = createRateLimits({ keyPrefix: 'test' })
  const stepUp = createStepUp({ twoFactor: { verifyEither } as unknown as TwoFactorService, rateLimits })
  return { verifyEither, rateLimits, stepUp }
}

const withTwoFactor = { id: 7, twoFactorSince: new Date('2026-01-01') }
const withoutTwoFactor = { id: 8, twoFactorSince: null }

/** The refusal of a step-up, or null when it passed. */
async function outcome(run: () => Promise<void>): Promise<Pick<HttpError, 'status' | 'code' | 'message'> | null> {
  try {
    await run()
    return null
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError)
    const { status, code, message } = error as HttpError
    return { status, code, message }
  }
}

const REQUIRED = { status: 403, code: 'two_factor_required', message: TWO_FACTOR_MESSAGES.required }
const WRONG = { status: 403, code: 'invalid_two_factor_code', message: TWO_FACTOR_MESSAGES.invalidCode }

describe('a fresh second factor', () => {
  it.each([
    ['just now', NOW, true],
    ['a moment before the window closes', NOW - STEP_UP_WINDOW_MS + 1, true],
    ['exactly the window ago', NOW - STEP_UP_WINDOW_MS, false],
    ['longer ago', NOW - STEP_UP_WINDOW_MS - 1, false],
    ['in the future (a clock that went back)', NOW + 1, false],
    ['never', undefined, false],
    ['as text', String(NOW), false],
  ])('passed %s: %s', (_, at, fresh) => {
    expect(freshSecondFactor(request({}, { secondFactorAt: at }), NOW)).toBe(fresh)
  })

  it('is none for a request without a session, and marking one there is harmless', () => {
    const ctx = request({}, null)
    expect(freshSecondFactor(ctx, NOW)).toBe(false)
    expect(() => markSecondFactor(ctx, NOW)).not.toThrow()
  })

  it('is marked with the time it was passed, by default now', () => {
    const ctx = request({})
    markSecondFactor(ctx, NOW)
    expect(ctx.session?.secondFactorAt).toBe(NOW)
    markSecondFactor(ctx)
    expect(freshSecondFactor(ctx)).toBe(true)
  })
})

describe('a step-up', () => {
  it('asks nothing of an account without two-factor, yet takes the field out of the body', async () => {
    const { stepUp, verifyEither } = setUp()
    const ctx = request({ amount: 5, twoFactorCode: 'whatever' })
    expect(await outcome(() => stepUp.require(ctx, withoutTwoFactor))).toBeNull()
    expect(ctx.request.body).toEqual({ amount: 5 })
    expect(verifyEither).not.toHaveBeenCalled()
    expect(ctx.session?.secondFactorAt).toBeUndefined()
  })

  it('passes a session with a fresh second factor without a code, the field taken out all the same', async () => {
    const { stepUp, verifyEither } = setUp()
    const ctx = request({ amount: 5, twoFactorCode: 'wrong' }, { secondFactorAt: Date.now() - 1000 })
    expect(await outcome(() => stepUp.require(ctx, withTwoFactor))).toBeNull()
    expect(ctx.request.body).toEqual({ amount: 5 })
    expect(verifyEither).not.toHaveBeenCalled()
  })

  it.each<[string, unknown, Record<string, unknown>?]>([
    ['no body', undefined],
    ['a null body', null],
    ['a text body', 'twoFactorCode'],
    ['a body without the field', { amount: 5 }],
    ['a list as the body', [{ twoFactorCode: RIGHT_CODE }]],
    ['the field only inherited, not its own', Object.create({ twoFactorCode: RIGHT_CODE }) as object],
    ['a stale second factor', { amount: 5 }, { secondFactorAt: Date.now() - STEP_UP_WINDOW_MS - 1 }],
  ])('asks for a second factor with %s', async (_, body, session = {}) => {
    const { stepUp, verifyEither } = setUp()
    expect(await outcome(() => stepUp.require(request(body, session), withTwoFactor))).toEqual(REQUIRED)
    expect(verifyEither).not.toHaveBeenCalled()
    expect(twoFactorRequired()).toMatchObject(REQUIRED)
  })

  it('takes a right code in the body, inside a transaction: the session is fresh and the wrong codes before it are forgiven', async () => {
    const { stepUp, verifyEither, rateLimits } = setUp()
    expect(await outcome(() => stepUp.require(request({ twoFactorCode: 'nope' }), withTwoFactor))).toEqual(WRONG)
    expect(await rateLimits.left('twoFactor', 'user:7')).toBe(9)
    const ctx = request({ amount: 5, twoFactorCode: RIGHT_CODE })
    expect(await outcome(() => stepUp.require(ctx, withTwoFactor))).toBeNull()
    expect(verifyEither).toHaveBeenLastCalledWith('tx', 7, RIGHT_CODE)
    expect(ctx.request.body).toEqual({ amount: 5 })
    expect(freshSecondFactor(ctx)).toBe(true)
    expect(await rateLimits.left('twoFactor', 'user:7')).toBe(10)
  })

  it('refuses a wrong code, or one that is not text, and leaves the session as it was', async () => {
    const { stepUp, verifyEither } = setUp()
    const ctx = request({ twoFactorCode: '000000' })
    expect(await outcome(() => stepUp.require(ctx, withTwoFactor))).toEqual(WRONG)
    expect(ctx.session?.secondFactorAt).toBeUndefined()
    expect(await outcome(() => stepUp.require(request({ twoFactorCode: 123456 }), withTwoFactor))).toEqual(WRONG)
    expect(verifyEither).toHaveBeenCalledOnce()
  })

  it('counts wrong codes per account: the 11th attempt is refused before the code is looked at', async () => {
    const { stepUp, verifyEither } = setUp()
    for (let i = 0; i < 10; i++) expect(await outcome(() => stepUp.require(request({ twoFactorCode: 'nope' }), withTwoFactor))).toEqual(WRONG)
    expect(await outcome(() => stepUp.require(request({ twoFactorCode: RIGHT_CODE }), withTwoFactor))).toMatchObject({ status: 429 })
    expect(verifyEither).toHaveBeenCalledTimes(10)
    expect(await outcome(() => stepUp.require(request({ twoFactorCode: RIGHT_CODE }), { ...withTwoFactor, id: 9 }))).toBeNull()
  })
})
