import type { EntityManager } from '@mikro-orm/postgresql'
import type { Context } from 'koa'
import { unauthorized } from './errors'

/** The session's user as the session store read it with the session (its `users` row). */
export interface SessionUserRow {
  id: number
  username: string
  avatar: string | null
  is_admin: boolean
  banned_at: Date | string | null
  two_factor_since: Date | string | null
}

/** What every request carries: its own EntityManager fork and the session. */
export interface AppState {
  em: EntityManager
  /**
   * The row of the session's user, read in the same statement as the session: a route that needs only the user's
   * name and flags reads it, and one that needs the User has it mapped without a second query.
   */
  sessionUser?: SessionUserRow & Record<string, unknown>
  /** the session user's wallet balance in cents, read with the session on the paths that ask for it (GET /api/auth/me) */
  sessionWalletCents?: number
}

export interface SessionData {
  userId?: number
  isAdmin?: boolean
  /** the password was right but the account has two-factor on: not signed in until a second factor comes */
  pendingUserId?: number
  /** when the password was checked (ms); a pending sign-in lapses after PENDING_SIGN_IN_MS */
  pendingSince?: number
  /** the pending sign-in came through the admin form, which answers with the admin flag */
  pendingAdmin?: boolean
  /** when this session last passed a second factor (ms): money and identity changes ask again after STEP_UP_WINDOW_MS */
  secondFactorAt?: number
  /** the last WebAuthn challenge handed out (webauthn-challenge.ts): what it is for, whose, until when (ms) */
  webauthnChallenge?: { value: string; purpose: 'register' | 'login' | 'step-up'; userId: number | null; expiresAt: number }
}

export type SessionObject = SessionData & {
  regenerate(): Promise<void>
  /** the cookie's key of the stored session (koa-session with a store); `sessionRowId` of it is the row's id */
  readonly externalKey?: string
}

declare module 'koa' {
  interface DefaultContext {
    /** set by koa-session; null after sign-out */
    session: SessionObject | null
  }
}

export type AppContext = Context & { state: AppState }

export function sessionUserId(ctx: AppContext): number | null {
  const id = ctx.session?.userId
  return typeof id === 'number' ? id : null
}

export function requireSessionUserId(ctx: AppContext): number {
  const id = sessionUserId(ctx)
  if (id === null) throw unauthorized()
  return id
}

/** The client's address; X-Forwarded-For is honoured only when TRUST_PROXY is set (app.proxy). */
export const clientIp = (ctx: Context) => ctx.ip || 'unknown'
