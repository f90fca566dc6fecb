import type { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { SIGN_IN_LOCK } from '@shared/api/auth'
import { CONTACT_MESSAGES } from '@shared/api/contact'
import { CHAT_MESSAGES, CHAT_RULES } from '@shared/api/conversations'
import { LISTING_RULES } from '@shared/api/listings'
import { TWO_FACTOR_MESSAGES } from '@shared/api/two-factor'
import { tooManyRequests } from './errors'

export interface RateRule {
  points: number
  durationSeconds: number
  /** first sentence of the 429 message; "Too many attempts." by default */
  message?: string
  /** a key that `spend` brings to its last point stays there this long, however old its first point */
  blockSeconds?: number
}

/** Limits for the auth endpoints; counted per key (IP, or IP + name). */
export const AUTH_RATE_RULES = {
  login: { points: 10, durationSeconds: 15 * 60 },
  signup: { points: 10, durationSeconds: 60 * 60 },
  verify: { points: 20, durationSeconds: 15 * 60 },
  resend: { points: 10, durationSeconds: 60 * 60 },
  forgot: { points: 5, durationSeconds: 60 * 60 },
  // second-factor codes per account, wherever they come from: three codes are right at a time, out of a million
  twoFactor: { points: 10, durationSeconds: 15 * 60, message: TWO_FACTOR_MESSAGES.tooManyAttempts },
  // failed passwords per account (`account:<id>`), or per name typed where no account has it (`login:<name>`), from
  // any address. An account's lock is kept in the database; a name without one answers locked for a day, so waiting
  // out the window does not tell it apart from a real account that stays locked
  signInFailures: { points: SIGN_IN_LOCK.failures, durationSeconds: SIGN_IN_LOCK.windowMinutes * 60, blockSeconds: 24 * 60 * 60 },
} satisfies Record<string, RateRule>

/** Every limit: the auth ones per IP, listing-image uploads and chat per user, the public image proxy and the contact form per IP. */
export const RATE_RULES = {
  ...AUTH_RATE_RULES,
  listingImageUpload: { points: LISTING_RULES.uploadsPerHour, durationSeconds: 60 * 60, message: 'Too many image uploads.' },
  imageProxy: { points: 300, durationSeconds: 60, message: 'Too many image requests.' },
  chatMessage: { points: CHAT_RULES.sendPoints, durationSeconds: CHAT_RULES.sendWindowSeconds, message: CHAT_MESSAGES.tooFast },
  // typing signals past this are dropped silently; clients send one every few seconds while typing
  chatTyping: { points: 30, durationSeconds: 10 },
  // per address: enough for a visitor with follow-ups, too few to flood the admins' inboxes
  contact: { points: 5, durationSeconds: 60 * 60, message: CONTACT_MESSAGES.tooMany },
} satisfies Record<string, RateRule>

export type RateName = keyof typeof RATE_RULES

export interface RateLimits {
  /** consumes one point; throws 429 with a message when the key is over its limit */
  consume(name: RateName, key: string): Promise<void>
  reset(name: RateName, key: string): Promise<void>
  /** counts one point without refusing: the points left after it (0 once the limit is reached) */
  spend(name: RateName, key: string): Promise<number>
  /** the points a key has left, without counting one */
  left(name: RateName, key: string): Promise<number>
}

/**
 * Redis-backed when Redis is configured (shared by every instance), in memory otherwise. While Redis is unreachable
 * each limit is counted in this instance's memory instead (at once, without waiting on a reconnect): sign-in and chat
 * keep working, still limited, only per instance rather than across them.
 */
export function createRateLimits(options: { redis?: Redis; keyPrefix: string; rules?: Record<RateName, RateRule> }): RateLimits {
  const rules: Record<RateName, RateRule> = options.rules ?? RATE_RULES
  const limiters = new Map<RateName, RateLimiterAbstract>()
  for (const [name, rule] of Object.entries(rules) as [RateName, RateRule][]) {
    const base = { points: rule.points, duration: rule.durationSeconds, keyPrefix: `${options.keyPrefix}:rl:${name}` }
    limiters.set(
      name,
      options.redis
        ? new RateLimiterRedis({
            ...base,
            storeClient: options.redis,
            useRedisPackage: false,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(base),
          })
        : new RateLimiterMemory(base),
    )
  }
  const limiter = (name: RateName) => limiters.get(name) as RateLimiterAbstract
  return {
    async consume(name, key) {
      try {
        await limiter(name).consume(key)
      } catch (res) {
        if (res instanceof RateLimiterRes) {
          const seconds = Math.ceil(res.msBeforeNext / 1000)
          throw tooManyRequests(`${rules[name].message ?? 'Too many attempts.'} Please try again in ${formatWait(seconds)}.`, seconds)
        }
        throw res
      }
    },
    async reset(name, key) {
      await limiter(name).delete(key)
    },
    async spend(name, key) {
      const rule = rules[name]
      try {
        const res = await limiter(name).consume(key)
        if (res.remainingPoints === 0 && rule.blockSeconds) await limiter(name).block(key, rule.blockSeconds)
        return res.remainingPoints
      } catch (res) {
        if (res instanceof RateLimiterRes) return 0
        throw res
      }
    },
    async left(name, key) {
      const res = await limiter(name).get(key)
      return res ? Math.max(0, rules[name].points - res.consumedPoints) : rules[name].points
    },
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
