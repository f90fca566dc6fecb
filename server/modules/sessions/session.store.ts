import { createHash } from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { runPrepared } from '../../db/prepared'
import { clientIp, type AppContext, type SessionUserRow } from '../../http/context'
import { walletCentsSql } from '../ledger/ledger.service'
import { SessionRecord } from './session.entity'

interface StoredSession extends Record<string, unknown> {
  userId?: number
}

/** Only a hash of the cookie's session id is stored: a copy of the table cannot be replayed as cookies. */
export const sessionRowId = (key: string) => createHash('sha256').update(key).digest('hex')

/**
 * A signed-in session's last use is written when it is older than this, so a session's list is right to the minute
 * while a busy session costs one write a minute, not one per request.
 */
export const LAST_SEEN_EVERY_SECONDS = 60

/** Where a request comes from, as the session list shows it; a header can be far longer than any real browser's. */
function origin(ctx: AppContext | undefined): { userAgent: string | null; ip: string | null } {
  if (!ctx) return { userAgent: null, ip: null }
  return { userAgent: ctx.get('user-agent').slice(0, 512) || null, ip: clientIp(ctx).slice(0, 64) }
}

/** The session read with its user; on the paths given, with the user's wallet balance too. */
const sessionRead = (withWallet: boolean) =>
  `select s.data as session_data,
     (s.user_id is not null and (s.last_seen_at is null or s.last_seen_at < now() - interval '${LAST_SEEN_EVERY_SECONDS} seconds')) as session_seen_due,
     ${withWallet ? `${walletCentsSql('u.id')} as session_wallet_cents,` : ''}
     u.* from sessions s left join users u on u.id = s.user_id where s.id = ? and s.expires_at > now()`

/**
 * koa-session external store over the sessions table, so every server instance sees every session. On the paths in
 * `walletPaths` (GET /api/auth/me, read on every page load) the same statement sums the user's wallet, which the
 * request then answers without a second round trip to the database.
 */
export function createSessionStore(fork: () => EntityManager, { walletPaths = [] }: { walletPaths?: readonly string[] } = {}) {
  const withWallet = new Set(walletPaths.map((path) => path.toLowerCase()))
  return {
    /**
     * Read on every signed-in request, in one prepared statement with the session's user: the row is held for the
     * request's EntityManager, so the request's check of that user (ban, admin) finds it without a second query.
     */
    async get(key: string, _maxAge?: unknown, options?: { ctx?: AppContext }): Promise<StoredSession | undefined> {
      const id = sessionRowId(key)
      // whether its last use is due to be written comes with the same read, so a fresh one costs nothing more
      const path = options?.ctx?.path
      const wallet = path !== undefined && withWallet.has(path.toLowerCase())
      const [row] = await runPrepared<
        { session_data: StoredSession; session_seen_due: boolean; session_wallet_cents?: string } & (
          { id: null } | (SessionUserRow & Record<string, unknown>)
        )
      >(options?.ctx?.state?.em ?? fork(), wallet ? 'session_get_with_user_wallet' : 'session_get_with_user', sessionRead(wallet), [id])
      if (!row) return undefined
      const { session_data: data, session_seen_due: seenDue, session_wallet_cents: walletCents, ...user } = row
      const state = options?.ctx?.state
      if (state && user.id !== null && user.id === data.userId) {
        state.sessionUser = user
        if (walletCents !== undefined) state.sessionWalletCents = Number(walletCents)
      }
      if (seenDue) await markSeen(fork(), id, origin(options?.ctx))
      return data
    },
    /** A signed-in session's write notes the browser and address it came from, at sign-in and whenever it changes. */
    async set(key: string, sess: StoredSession, maxAge: number, options?: { ctx?: AppContext }): Promise<void> {
      const ttl = typeof maxAge === 'number' && maxAge > 0 ? maxAge : 24 * 60 * 60 * 1000
      const { _expire: _e, _maxAge: _m, ...data } = sess
      const userId = typeof sess.userId === 'number' ? sess.userId : null
      const from = origin(userId === null ? undefined : options?.ctx)
      await fork()
        .getConnection()
        .execute(
          `insert into sessions (id, user_id, data, expires_at, updated_at, user_agent, ip, last_seen_at)
             values (?, ?, ?, ?, now(), ?, ?, case when ? then now() end)
           on conflict (id) do update set user_id = excluded.user_id, data = excluded.data,
             expires_at = excluded.expires_at, updated_at = now(),
             user_agent = coalesce(excluded.user_agent, sessions.user_agent), ip = coalesce(excluded.ip, sessions.ip),
             last_seen_at = coalesce(excluded.last_seen_at, sessions.last_seen_at)`,
          [sessionRowId(key), userId, JSON.stringify(data), new Date(Date.now() + ttl), from.userAgent, from.ip, userId !== null],
        )
    },
    async destroy(key: string): Promise<void> {
      await fork().nativeDelete(SessionRecord, { id: sessionRowId(key) })
    },
  }
}

/**
 * Notes a session's use: its time, and the browser and address it now comes from (a laptop moves between networks).
 * Requests of one session that arrive together may each write it once that minute; nothing is lost by that.
 */
async function markSeen(em: EntityManager, id: string, from: { userAgent: string | null; ip: string | null }): Promise<void> {
  await runPrepared(
    em,
    'session_seen',
    'update sessions set last_seen_at = now(), user_agent = coalesce(?, user_agent), ip = coalesce(?, ip) where id = ?',
    [from.userAgent, from.ip, id],
  )
}

export class SessionService {
  /** Ends every session of a user, except the one whose cookie key is given. */
  async endUserSessions(em: EntityManager, userId: number, exceptKey?: string): Promise<number> {
    const where = exceptKey ? { userId, id: { $ne: sessionRowId(exceptKey) } } : { userId }
    return em.nativeDelete(SessionRecord, where)
  }

  /** For each stored session id, whether it still stands, unexpired, for that user: one query for the lot. */
  async stillValid(em: EntityManager, sessions: { sessionKey?: string; userId: number }[]): Promise<boolean[]> {
    const keys = sessions.map((s) => s.sessionKey).filter((key): key is string => key !== undefined)
    // the ids go as one array parameter (pg sends a JS array as a PostgreSQL array; MikroORM would inline a list)
    const rows = keys.length
      ? await runPrepared<{ id: string; user_id: number | null }>(
          em,
          'sessions_still_valid',
          'select id, user_id from sessions where id = any(?::text[]) and expires_at > now()',
          [keys],
        )
      : []
    const owner = new Map(rows.map((row) => [row.id, row.user_id]))
    return sessions.map((s) => s.sessionKey !== undefined && owner.get(s.sessionKey) === s.userId)
  }

  async purgeExpired(em: EntityManager): Promise<number> {
    return em.nativeDelete(SessionRecord, { expiresAt: { $lt: new Date() } })
  }
}
