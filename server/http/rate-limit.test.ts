import { describe, expect, it } from 'vitest'
import { HttpError } from './errors'
import { createRateLimits, RATE_RULES, type RateName, type RateRule } from './rate-limit'

/** The 429 a consume refuses with, or null when it counted the point. */
async function refusal(consume: () => Promise<void>): Promise<{ message: string; retryAfter: string | undefined } | null> {
  try {
    await consume()
    return null
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError)
    const http = error as HttpError
    expect(http).toMatchObject({ status: 429, code: 'rate_limited' })
    return { message: http.message, retryAfter: http.headers['Retry-After'] }
  }
}

/** Limits over these rules (in this instance's memory), every other name keeping its real rule. */
const limitsWith = (rules: Partial<Record<RateName, RateRule>>) => createRateLimits({ keyPrefix: 'test', rules: { ...RATE_RULES, ...rules } })

describe('rate limits', () => {
  it('are the numbers the routes and the docs promise (written out by hand)', () => {
    expect(RATE_RULES).toEqual({
      login: { points: 10, durationSeconds: 900 },
      signup: { points: 10, durationSeconds: 3600 },
      verify: { points: 20, durationSeconds: 900 },
      resend: { points: 10, durationSeconds: 3600 },
      forgot: { points: 5, durationSeconds: 3600 },
      twoFactor: { points: 10, durationSeconds: 900, message: 'Too many wrong codes.' },
      signInFailures: { points: 10, durationSeconds: 900, blockSeconds: 86_400 },
      listingImageUpload: { points: 60, durationSeconds: 3600, message: 'Too many image uploads.' },
      imageProxy: { points: 300, durationSeconds: 60, message: 'Too many image requests.' },
      chatMessage: { points: 30, durationSeconds: 10, message: 'You are sending messages too fast.' },
      chatTyping: { points: 30, durationSeconds: 10 },
      contact: { points: 5, durationSeconds: 3600, message: 'Too many messages.' },
    })
  })

  it.each([
    ['login', 10, 'Too many attempts. Please try again in 15 minutes.', '900'],
    ['forgot', 5, 'Too many attempts. Please try again in 60 minutes.', '3600'],
    ['twoFactor', 10, 'Too many wrong codes. Please try again in 15 minutes.', '900'],
    ['chatMessage', 30, 'You are sending messages too fast. Please try again in 10 seconds.', '10'],
  ] as const)('%s allows the %ith attempt of a key and refuses the next, counting each key apart', async (name, points, message, retryAfter) => {
    const limits = createRateLimits({ keyPrefix: 'test' })
    for (let i = 1; i <= points; i++) expect(await refusal(() => limits.consume(name, 'ip-a')), `attempt ${i}`).toBeNull()
    expect(await refusal(() => limits.consume(name, 'ip-a'))).toEqual({ message, retryAfter })
    expect(await refusal(() => limits.consume(name, 'ip-b'))).toBeNull()
  })

  it.each([
    [1, '1 second'],
    [30, '30 seconds'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [120, '2 minutes'],
  ])('tells a key refused for %i s to wait %s', async (durationSeconds, wait) => {
    const limits = limitsWith({ contact: { points: 1, durationSeconds } })
    await limits.consume('contact', 'ip')
    expect(await refusal(() => limits.consume('contact', 'ip'))).toEqual({
      message: `Too many attempts. Please try again in ${wait}.`,
      retryAfter: String(durationSeconds),
    })
  })

  it('forgets a key on reset: its next attempt counts from the start', async () => {
    const limits = limitsWith({ login: { points: 2, durationSeconds: 60 } })
    await limits.consume('login', 'ip')
    await limits.consume('login', 'ip')
    await limits.reset('login', 'ip')
    expect(await limits.left('login', 'ip')).toBe(2)
    await limits.consume('login', 'ip')
    await limits.consume('login', 'ip')
    expect(await refusal(() => limits.consume('login', 'ip'))).not.toBeNull()
  })

  it('tells the points left without counting one, never below zero', async () => {
    const limits = limitsWith({ login: { points: 2, durationSeconds: 60 } })
    expect(await limits.left('login', 'ip')).toBe(2)
    expect(await limits.left('login', 'ip')).toBe(2)
    await limits.consume('login', 'ip')
    expect(await limits.left('login', 'ip')).toBe(1)
    await limits.consume('login', 'ip')
    await refusal(() => limits.consume('login', 'ip'))
    expect(await limits.left('login', 'ip')).toBe(0)
  })

  it('spends points without refusing, and holds a key that reaches its last point for blockSeconds', async () => {
    const limits = limitsWith({ signInFailures: { points: 3, durationSeconds: 60, blockSeconds: 600 } })
    expect(await limits.spend('signInFailures', 'account:1')).toBe(2)
    expect(await limits.left('signInFailures', 'account:1')).toBe(2)
    expect(await limits.spend('signInFailures', 'account:1')).toBe(1)
    expect(await limits.spend('signInFailures', 'account:1')).toBe(0)
    expect(await limits.spend('signInFailures', 'account:1')).toBe(0)
    expect(await limits.left('signInFailures', 'account:1')).toBe(0)
    expect(await refusal(() => limits.consume('signInFailures', 'account:1'))).toEqual({
      message: 'Too many attempts. Please try again in 10 minutes.',
      retryAfter: '600',
    })
  })

  it('lets a failure of the limiter itself through, never taken for a refusal', async () => {
    const limits = createRateLimits({ keyPrefix: 'test' })
    const unknown = 'noSuchLimit' as RateName
    await expect(limits.consume(unknown, 'ip')).rejects.toBeInstanceOf(TypeError)
    await expect(limits.spend(unknown, 'ip')).rejects.toBeInstanceOf(TypeError)
  })

  it('without blockSeconds, a spent key waits out its window only', async () => {
    const limits = limitsWith({ login: { points: 2, durationSeconds: 60 } })
    expect(await limits.spend('login', 'ip')).toBe(1)
    expect(await limits.spend('login', 'ip')).toBe(0)
    expect(await limits.spend('login', 'ip')).toBe(0)
    expect(await refusal(() => limits.consume('login', 'ip'))).toEqual({
      message: 'Too many attempts. Please try again in 1 minute.',
      retryAfter: '60',
    })
  })
})
