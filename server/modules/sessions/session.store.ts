import { createHash } from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { SessionRecord } from './session.entity'

interface StoredSession extends Record<string, unknown> {
  userId?: number
}

/** Only a hash of the cookie's session id is stored: a copy of the table cannot be replayed as cookies. */
const rowId = (key: string) => createHash('sha256').update(key).digest('hex')

/** koa-session external store over the sessions table, so every server instance sees every session. */
export function createSessionStore(fork: () => EntityManager) {
  return {
    async get(key: string): Promise<StoredSession | undefined> {
      const row = await fork().findOne(SessionRecord, { id: rowId(key) })
      if (!row || row.expiresAt.getTime() <= Date.now()) return undefined
      return row.data as StoredSession
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
          [rowId(key), typeof sess.userId === 'number' ? sess.userId : null, JSON.stringify(data), new Date(Date.now() + ttl)],
        )
    },
    async destroy(key: string): Promise<void> {
      await fork().nativeDelete(SessionRecord, { id: rowId(key) })
    },
  }
}

export class SessionService {
  /** Ends every session of a user, except the one whose cookie key is given. */
  async endUserSessions(em: EntityManager, userId: number, exceptKey?: string): Promise<number> {
    const where = exceptKey ? { userId, id: { $ne: rowId(exceptKey) } } : { userId }
    return em.nativeDelete(SessionRecord, where)
  }

  async purgeExpired(em: EntityManager): Promise<number> {
    return em.nativeDelete(SessionRecord, { expiresAt: { $lt: new Date() } })
  }
}
