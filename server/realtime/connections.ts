import { WebSocket } from 'ws'
import { ADMIN_SENDER_ID } from '@shared/constants'
import type { ServerEvent } from '@shared/realtime/events'
import type { Audience } from './bus'
import type { SessionIdentity } from './types'

/** One open socket on this instance. */
export interface Connection {
  readonly socket: WebSocket
  readonly session: SessionIdentity
  /** Ids this socket receives events for; empty until it has authenticated. */
  readonly keys: Set<number>
  /** Cleared before each ws-level ping, set by the pong; still clear at the next sweep means dead. */
  alive: boolean
}

/**
 * Bytes a socket may have queued and unsent before it is cut: a client that stopped reading (a frozen tab, a
 * dead link the heartbeat has not found yet) must not make the server hold every event for it in memory. A
 * live client reconnects and refetches what it missed.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024

/** Sends one frame, or cuts a socket whose unsent backlog is past MAX_BUFFERED_BYTES. */
function sendData(socket: WebSocket, data: string): void {
  if (socket.readyState !== WebSocket.OPEN) return
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate()
    return
  }
  socket.send(data)
}

export function sendEvent(connection: Connection, event: ServerEvent): void {
  sendData(connection.socket, JSON.stringify(event))
}

/**
 * Ids an `authenticate` for `userId` may key the socket by, or null when the session may not claim it.
 * An admin speaking as 999 stays reachable under their own id too, so their personal events still arrive.
 */
export function keysFor(session: SessionIdentity, userId: number): number[] | null {
  if (userId === session.userId) return [userId]
  if (userId === ADMIN_SENDER_ID && session.isAdmin) return [ADMIN_SENDER_ID, session.userId]
  return null
}

/** Which sessions' sockets an audience of users leaves out, or keeps to (stored session ids). */
export interface SessionFilter {
  exceptSessions?: readonly string[]
  onlySessions?: readonly string[]
}

/** Whether the audience's filter leaves the socket out: opened by an excepted session, or not by one it keeps to. */
export function isExcepted(connection: Connection, filter: SessionFilter | undefined): boolean {
  const key = connection.session.sessionKey
  if (filter?.onlySessions && (key === undefined || !filter.onlySessions.includes(key))) return true
  return key !== undefined && filter?.exceptSessions !== undefined && filter.exceptSessions.includes(key)
}

/** The sockets of this instance, indexed by the ids they authenticated as. */
export function createConnectionRegistry() {
  const all = new Set<Connection>()
  const byKey = new Map<number, Set<Connection>>()

  return {
    add(socket: WebSocket, session: SessionIdentity): Connection {
      const connection: Connection = { socket, session, keys: new Set(), alive: true }
      all.add(connection)
      return connection
    },

    /** Keys the connection by `keys`; returns those it did not have yet. */
    authenticate(connection: Connection, keys: number[]): number[] {
      const added = keys.filter((key) => !connection.keys.has(key))
      for (const key of added) {
        connection.keys.add(key)
        const set = byKey.get(key) ?? new Set<Connection>()
        set.add(connection)
        byKey.set(key, set)
      }
      return added
    },

    /** Forgets the connection; returns the keys it was authenticated as. */
    remove(connection: Connection): number[] {
      all.delete(connection)
      const keys = [...connection.keys]
      for (const key of keys) {
        const set = byKey.get(key)
        set?.delete(connection)
        if (set?.size === 0) byKey.delete(key)
      }
      return keys
    },

    /** Authenticated connections in the audience, each once even if it matches several ids. */
    audience(audience: Audience): Set<Connection> {
      if ('all' in audience) return new Set([...all].filter((connection) => connection.keys.size > 0))
      const targets = new Set<Connection>()
      for (const userId of audience.userIds) for (const connection of byKey.get(userId) ?? []) targets.add(connection)
      for (const connection of targets) if (isExcepted(connection, audience)) targets.delete(connection)
      return targets
    },

    /** Every socket of the user: by session (authenticated or not) or by authenticated id. */
    ofUser(userId: number): Connection[] {
      return [...all].filter((connection) => connection.session.userId === userId || connection.keys.has(userId))
    },

    has: (connection: Connection): boolean => all.has(connection),
    list: (): Connection[] => [...all],
    size: (): number => all.size,
  }
}

export type ConnectionRegistry = ReturnType<typeof createConnectionRegistry>

/** Serialises once and sends to every open socket in the audience. */
export function deliver(registry: ConnectionRegistry, audience: Audience, event: ServerEvent): void {
  const targets = registry.audience(audience)
  if (targets.size === 0) return
  const data = JSON.stringify(event)
  for (const { socket } of targets) sendData(socket, data)
}
