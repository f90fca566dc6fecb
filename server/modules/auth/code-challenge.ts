import { randomBytes } from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { AUTH_MESSAGES } from '@shared/api/auth'
import { RESEND_COOLDOWN_MS } from '@shared/constants'
import { HttpError, badRequest } from '../../http/errors'
import { hashCode, newVerificationCode, sameHash } from './codes'

export const CODE_TTL_MS = 15 * 60_000
export const MAX_CODE_ATTEMPTS = 5

/**
 * An emailed 6-digit code waiting to be typed back: sign-up's verification and a change of email both keep
 * one on their row. Only an HMAC of the code is stored (keyed with the session secret and bound to `subject`,
 * so a code for one purpose never verifies another); it expires after 15 minutes, allows 5 attempts, and a
 * new one may be sent 60 s after the last.
 */
export interface CodeChallenge {
  codeHash: string
  codeExpiresAt: Date
  attempts: number
  lastSentAt: Date
}

/** One code per 60 s, counted from the last one sent: 429 with Retry-After otherwise. */
export function assertCooledDown(challenge: Pick<CodeChallenge, 'lastSentAt'>): void {
  const msLeft = RESEND_COOLDOWN_MS - (Date.now() - challenge.lastSentAt.getTime())
  if (msLeft <= 0) return
  const seconds = Math.ceil(msLeft / 1000)
  throw new HttpError(429, 'resend_too_soon', `${AUTH_MESSAGES.resendTooSoon} (${seconds}s)`, { 'Retry-After': String(seconds) })
}

/** A fresh code for `subject`, and the fields that replace the old one: new expiry, a fresh set of attempts. */
export function issueCode(secret: string, subject: string): { code: string; challenge: CodeChallenge } {
  const code = newVerificationCode()
  const now = new Date()
  return {
    code,
    challenge: { codeHash: hashCode(secret, subject, code), codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS), attempts: 0, lastSentAt: now },
  }
}

/**
 * The fields of a challenge no code answers: a random hash instead of a code's (a typed code matches it only by a
 * 256-bit collision), with the same expiry, attempts and cooldown as a real one, so every answer about it is a real
 * challenge's answer to a wrong code.
 */
export function issueUnanswerable(): CodeChallenge {
  const now = new Date()
  return { codeHash: randomBytes(32).toString('hex'), codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS), attempts: 0, lastSentAt: now }
}

/**
 * Checks a typed code against a locked row. A wrong code is counted and flushed in the caller's transaction,
 * which must then commit (answer the returned error after it, not by throwing inside it). Null when it matches.
 */
export async function checkCode(
  tx: EntityManager,
  challenge: CodeChallenge | null,
  secret: string,
  subject: string,
  code: string,
): Promise<HttpError | null> {
  if (!challenge || challenge.codeExpiresAt.getTime() <= Date.now()) return badRequest(AUTH_MESSAGES.invalidCode, 'invalid_code')
  if (challenge.attempts >= MAX_CODE_ATTEMPTS) return new HttpError(429, 'too_many_attempts', AUTH_MESSAGES.tooManyAttempts)
  if (sameHash(challenge.codeHash, hashCode(secret, subject, code))) return null
  challenge.attempts += 1
  await tx.flush()
  const left = MAX_CODE_ATTEMPTS - challenge.attempts
  return left > 0
    ? badRequest(`${AUTH_MESSAGES.invalidCode} (${left} attempt${left === 1 ? '' : 's'} left)`, 'invalid_code')
    : new HttpError(429, 'too_many_attempts', AUTH_MESSAGES.tooManyAttempts)
}
