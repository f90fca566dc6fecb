import { createHash } from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { runPrepared } from '../../db/prepared'
import type { AppContext } from '../../http/context'
import { holdSessionUser, type SessionUserRow } from '../../http/access'
import { SessionRecord } from './session.entity'

interface StoredSession extends Record<string, unknown> {
  userId?: number
}

/** Only a hash of the cookie's session id is stored: a copy of the table cannot be replayed as cookies. */
export const sessionRowId = (key: string) => createHash('sha256').update(key).digest('hex')

/** koa-session external store over the sessions table, so every server instance sees every session. */
export function createSessionStore(fork: () => EntityManager) {
  return {
    /**
     * Read on every signed-in request, in one prepared statement with the session's user: the row is held for the
     * request's EntityManager, so the request's check of that user (ban, admin) finds it without a second query.
     */
    async get(key: string, _maxAge?: unknown, options?: { ctx?: Pick<AppContext, 'state'> }): Promise<StoredSession | undefined> {
      const [row] = await runPrepared<{ session_data: StoredSession } & ({ id: null } | (SessionUserRow & Record<string, unknown>))>(
        fork(),
        'session_get_with_user',
        'select s.data as session_data, u.* from sessions s left join users u on u.id = s.user_id where s.id = ? and s.expires_at > now()',
        [sessionRowId(key)],
      )
      if (!row) return undefined
      const { session_data: data, ...user } = row
      const em = options?.ctx?.state?.em
      if (em && user.id !== null && user.id === data.userId) holdSessionUser(em, user)
      return data
    },
    async set(key: string, sess: StoredSession, maxAge: number): Promise<void> {
      const ttl = typeof maxAge === 'number' && maxAge > 0 ? maxAge : 24 * 60 * 60 * 1000
      const { _expire: _e, _maxAge: _m, ...data } = sess
      await fork()
        .getConnection()
        .execute(
          `insert into sessions (id, user_id, data, expires_at, updated_at) values (?, ?, ?, ?, now())
           on conflict (id) do update set user_id = excluded.user_id, data = excluded.data,
             expires_at = excluded.expires_at, updated_at = now()`,
          [sessionRowId(key), typeof sess.userId === 'number' ? sess.userId : null, JSON.stringify(data), new Date(Date.now() + ttl)],
        )
    },
    async destroy(key: string): Promise<void> {
      await fork().nativeDelete(SessionRecord, { id: sessionRowId(key) })
    },
  }
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
