import type { EntityManager } from '@mikro-orm/postgresql'
import type { SignedInSession } from '@shared/api/sessions'
import type { Logger } from '../../logger'
import type { EventBus } from '../../realtime/bus'
import { announce } from '../../realtime/announce'
import { deviceName } from './device-name'

export interface SignedInSessionsDeps {
  bus: EventBus
  logger: Logger
}

interface SessionRow {
  id: string
  public_id: string
  user_agent: string | null
  ip: string | null
  created_at: Date | string
  last_seen_at: Date | string | null
}

/** Timestamps come as strings or dates, depending on the driver under the ORM. */
const iso = (value: Date | string) => new Date(value).toISOString()

const toDto = (row: SessionRow, currentId: string | null): SignedInSession => ({
  id: row.public_id,
  current: row.id === currentId,
  device: deviceName(row.user_agent),
  userAgent: row.user_agent,
  ip: row.ip,
  createdAt: iso(row.created_at),
  lastSeenAt: row.last_seen_at === null ? null : iso(row.last_seen_at),
})

/**
 * A user's own sessions, as "Where you're signed in" shows them, and signing them out. A session signed out here is
 * gone at once for HTTP (its row is deleted, so its next request is a visitor's), and its sockets close on every
 * instance through the bus, not at the next heartbeat.
 */
export class SignedInSessionsService {
  constructor(private readonly deps: SignedInSessionsDeps) {}

  /** The user's unexpired sessions, the most recently used first; `currentId` (a stored id) is the one asking. */
  async list(em: EntityManager, userId: number, currentId: string | null): Promise<SignedInSession[]> {
    const rows = await em.getConnection().execute<SessionRow[]>(
      `select id, public_id, user_agent, ip, created_at, last_seen_at from sessions
       where user_id = ? and expires_at > now()
       order by coalesce(last_seen_at, created_at) desc, created_at desc, public_id`,
      [userId],
    )
    return rows.map((row) => toDto(row, currentId))
  }

  /**
   * Signs out the user's session named by `publicId`; its stored id, or null when the user has no such session
   * standing (someone else's, an expired or an unknown one all look alike).
   */
  async end(em: EntityManager, userId: number, publicId: string): Promise<string | null> {
    const rows = await em
      .getConnection()
      .execute<{ id: string }[]>('delete from sessions where user_id = ? and public_id = ? and expires_at > now() returning id', [userId, publicId])
    const id = rows[0]?.id ?? null
    if (id !== null) await this.closeSockets(userId, [id])
    return id
  }

  /** Signs out every session of the user but `currentId` (a stored id); how many were still standing. */
  async endOthers(em: EntityManager, userId: number, currentId: string): Promise<number> {
    // expired rows of the user go too, but only live ones count as signed out
    const rows = await em
      .getConnection()
      .execute<{ id: string; live: boolean }[]>('delete from sessions where user_id = ? and id <> ? returning id, expires_at > now() as live', [
        userId,
        currentId,
      ])
    const live = rows.filter((row) => row.live).map((row) => row.id)
    if (live.length > 0) await this.closeSockets(userId, live)
    return live.length
  }

  /** A lost event is only logged: the gateway's heartbeat finds the rows gone and closes those sockets then. */
  private async closeSockets(userId: number, sessionIds: string[]): Promise<void> {
    await announce(this.deps, 'sign-out', {
      deliveries: [{ audience: { userIds: [userId], onlySessions: sessionIds }, event: { type: 'session_ended', reason: 'signed_out' } }],
    })
  }
}
