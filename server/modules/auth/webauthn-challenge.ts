import { WEBAUTHN_CHALLENGE_MS } from '@shared/api/webauthn'
import type { AppContext, SessionData } from '../../http/context'

export type ChallengePurpose = NonNullable<SessionData['webauthnChallenge']>['purpose']

/**
 * Keeps the challenge just handed out in the session, for one ceremony: a new one replaces it, so only the latest
 * options a browser asked for can be answered. `userId` is whose passkey may answer (null: anyone's, a sign-in
 * without a username).
 */
export function keepChallenge(ctx: AppContext, value: string, purpose: ChallengePurpose, userId: number | null, now = Date.now()): void {
  ctx.session!.webauthnChallenge = { value, purpose, userId, expiresAt: now + WEBAUTHN_CHALLENGE_MS }
}

/**
 * Takes the session's challenge out whatever comes next, so an answer is checked against it once: a second answer,
 * right or wrong, finds none. Null when there is none for this purpose, or it lapsed.
 */
export function takeChallenge(ctx: AppContext, purpose: ChallengePurpose, now = Date.now()): { value: string; userId: number | null } | null {
  const kept = ctx.session?.webauthnChallenge
  if (!kept) return null
  delete ctx.session!.webauthnChallenge
  if (kept.purpose !== purpose || typeof kept.value !== 'string' || !(now < kept.expiresAt)) return null
  return { value: kept.value, userId: typeof kept.userId === 'number' ? kept.userId : null }
}
