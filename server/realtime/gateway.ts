import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import type { Logger } from '../logger'
import type { EventBus } from './bus'
import { createClientMessageRegistry, parseClientMessage, type ClientMessageHandler, type ModuleClientMessageType } from './client-messages'
import { createConnectionRegistry, deliver, isExcepted, keysFor, sendEvent, type Connection, type SessionFilter } from './connections'
import type { Presence } from './presence'
import { createPresenceTracker } from './presence-tracker'
import type { SessionIdentity } from './types'
import { originAllowed, pathOf, rejectUpgrade } from './upgrade'
import { unavailableError } from '../http/unavailable'

export type { SessionIdentity } from './types'
export type { ClientMessageContext, ClientMessageHandler, ModuleClientMessageType } from './client-messages'

export interface GatewayOptions {
  server: Server
  /** Defaults to '/ws'. */
  path?: string
  /** Origins a browser handshake may come from; a missing Origin (non-browser client) is allowed. */
  allowedOrigins: (req: IncomingMessage) => string[]
  resolveSession: (req: IncomingMessage) => Promise<SessionIdentity | null>
  /**
   * Which of these sessions still stand for the same user (one answer per session, in order): asked on every
   * heartbeat for the open sockets, a batch at a time. Without it sockets are not re-checked.
   */
  sessionsStillValid?: (sessions: SessionIdentity[]) => Promise<boolean[]>
  bus: EventBus
  presence: Presence
  logger: Logger
  /** How often dead sockets are looked for; tests shorten it. */
  heartbeatMs?: number
  /** Extra headers on the handshake's 101 answer (X-Instance, when INSTANCE_NAME is set). */
  upgradeHeaders?: Record<string, string>
}

export interface Gateway {
  /**
   * Closes every socket with 1012 (service restart: the clients reconnect, through the proxy to another instance or to
   * this one once it is back; after 1001 they would not, SPEC §4), waits for their presence to be settled, and closes
   * the ws server.
   */
  close(): Promise<void>
  /**
   * Closes the user's sockets here, except those the filter leaves out (opened by the sessions in `exceptSessions`, or
   * not by one in `onlySessions`; stored session ids). A handshake that had already read its session opens its socket
   * after this; that socket's session is asked about again at once.
   */
  disconnectUser(userId: number, code?: number, reason?: string, sessions?: SessionFilter): void
  /** Closes every socket here with `code` (1012 after live events were lost: clients reconnect and catch up). */
  disconnectAll(code: number, reason: string): void
  localSocketCount(): number
  /** Registers a handler for a module's client message type (typing, …); returns its removal. */
  onClientMessage<T extends ModuleClientMessageType>(type: T, handler: ClientMessageHandler<T>): () => void
}

export const MAX_PAYLOAD_BYTES = 64 * 1024
export const WS_HEARTBEAT_MS = 30_000
/** Sessions asked for in one query during a heartbeat sweep. */
const RECHECK_BATCH = 500
/** Sockets that do not finish the closing handshake within this are cut at shutdown. */
const CLOSE_GRACE_MS = 2_000
const POLICY_VIOLATION = 1008
/** Close code telling a client to reconnect: the server is fine, but its live events were interrupted. */
export const SERVICE_RESTART = 1012
/** Close code for a socket whose session was signed out, reset or ended elsewhere. */
export const SESSION_ENDED = 4001
/** How long a user's ended sessions are remembered for the sockets whose handshake was under way meanwhile. */
const ENDED_MEMORY_MS = 60_000

export function attachGateway(options: GatewayOptions): Gateway {
  const { server, bus, presence, logger } = options
  const path = options.path ?? '/ws'
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES })
  const upgradeHeaders = Object.entries(options.upgradeHeaders ?? {}).map(([name, value]) => `${name}: ${value}`)
  if (upgradeHeaders.length > 0) wss.on('headers', (headers) => headers.push(...upgradeHeaders))
  const connections = createConnectionRegistry()
  const messages = createClientMessageRegistry(logger)
  const tracker = createPresenceTracker({ presence, bus, logger, connections })
  let closing = false
  /**
   * When each user's sockets were last closed here because their sessions ended (performance.now()). A handshake
   * reads its session before it has a socket to close: a ban landing in between would miss it, so a socket whose
   * session was read before its user's last ending is asked about again at once instead of at the next heartbeat.
   */
  const endedAt = new Map<number, number>()

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    if (pathOf(req) !== path) {
      socket.destroy()
      return
    }
    // The session lookup is async; a client hanging up meanwhile must not crash the process.
    const onEarlyError = (err: Error) => logger.debug({ err }, 'websocket upgrade socket error')
    socket.on('error', onEarlyError)
    if (!originAllowed(req, options.allowedOrigins(req))) return rejectUpgrade(socket, 403)
    let session: SessionIdentity | null
    const lookedUpAt = performance.now()
    try {
      session = await options.resolveSession(req)
    } catch (err) {
      // the database away: a 503 the client retries with its backoff, like any refused connection
      if (unavailableError(err)) {
        logger.warn({ err }, 'websocket session lookup failed: database unavailable')
        return rejectUpgrade(socket, 503)
      }
      logger.error({ err }, 'websocket session lookup failed')
      return rejectUpgrade(socket, 500)
    }
    if (!session) return rejectUpgrade(socket, 401)
    if (closing) return rejectUpgrade(socket, 503)
    if (socket.destroyed) return
    socket.off('error', onEarlyError)
    const identity = session
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = onConnection(ws, identity)
      if ((endedAt.get(identity.userId) ?? -Infinity) >= lookedUpAt) void recheckSessions([connection])
    })
  }

  function onConnection(socket: WebSocket, session: SessionIdentity): Connection {
    const connection = connections.add(socket, session)
    logger.debug({ userId: session.userId, sockets: connections.size() }, 'websocket connected')
    socket.on('pong', () => {
      connection.alive = true
    })
    socket.on('message', (data, isBinary) => onMessage(connection, data, isBinary))
    socket.on('error', (err) => logger.debug({ err, userId: session.userId }, 'websocket error'))
    socket.on('close', () => tracker.leave(connection, connections.remove(connection)))
    return connection
  }

  function onMessage(connection: Connection, data: RawData, isBinary: boolean) {
    if (isBinary) return
    const message = parseClientMessage(data.toString())
    if (!message) return
    if (message.type === 'ping') return sendEvent(connection, { type: 'pong' })
    if (message.type === 'authenticate') return authenticate(connection, message.userId)
    // Module messages act on behalf of a user, so they need the authenticate step first.
    if (connection.keys.size === 0) return
    messages.dispatch(message, {
      session: connection.session,
      userIds: [...connection.keys],
      send: (event) => sendEvent(connection, event),
      socketKey: connection,
    })
  }

  function authenticate(connection: Connection, userId: number) {
    const keys = keysFor(connection.session, userId)
    if (!keys) {
      sendEvent(connection, { type: 'auth_error', message: 'User id does not match the session' })
      return
    }
    const added = connections.authenticate(connection, keys)
    sendEvent(connection, { type: 'authenticated', userId })
    tracker.join(connection, added)
  }

  const unsubscribe = bus.subscribe((audience, event) => deliver(connections, audience, event))

  // ws-level pings find sockets whose peer vanished without a close (sleeping laptops, dropped mobile links).
  const heartbeat = setInterval(() => {
    const alive: Connection[] = []
    for (const connection of connections.list()) {
      if (!connection.alive) {
        connection.socket.terminate()
        continue
      }
      connection.alive = false
      connection.socket.ping()
      alive.push(connection)
    }
    if (!rechecking) rechecking = recheckSessions(alive).finally(() => (rechecking = undefined))
    const forgotten = performance.now() - ENDED_MEMORY_MS
    for (const [userId, at] of endedAt) if (at < forgotten) endedAt.delete(userId)
  }, options.heartbeatMs ?? WS_HEARTBEAT_MS)
  let rechecking: Promise<void> | undefined

  /**
   * A socket lives only as long as its session: signing out, a password reset or a ban on any instance
   * deletes the session row, and the next heartbeat closes the socket wherever it is. The sessions are asked
   * for in batches (one query each), not one by one: at 10,000 sockets a read per socket held the event loop
   * and the database pool for seconds every heartbeat, and every chat message waited behind them. A sweep
   * still running at the next heartbeat is left to finish, and that heartbeat only pings.
   */
  async function recheckSessions(due: Connection[]) {
    const check = options.sessionsStillValid
    if (!check) return
    for (let i = 0; i < due.length && !closing; i += RECHECK_BATCH) {
      const batch = due.slice(i, i + RECHECK_BATCH).filter((connection) => connections.has(connection))
      if (batch.length === 0) continue
      let valid: boolean[]
      try {
        valid = await check(batch.map((connection) => connection.session))
      } catch (err) {
        // the database being away is no reason to drop live connections
        logger.debug({ err }, 'websocket session recheck failed')
        return
      }
      batch.forEach((connection, n) => {
        if (!valid[n] && connections.has(connection)) connection.socket.close(SESSION_ENDED, 'session ended')
      })
    }
  }
  heartbeat.unref()

  const upgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A throwing allowedOrigins or handshake must cost one connection, not the process (unhandled rejection).
    onUpgrade(req, socket, head).catch((err: unknown) => {
      logger.error({ err }, 'websocket upgrade failed')
      rejectUpgrade(socket, 500)
    })
  }
  server.on('upgrade', upgradeListener)

  async function close() {
    if (closing) return
    closing = true
    clearInterval(heartbeat)
    await rechecking
    server.off('upgrade', upgradeListener)
    const sockets = connections.list().map((connection) => connection.socket)
    const closed = sockets.map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())))
    for (const socket of sockets) socket.close(SERVICE_RESTART, 'server restarting')
    const grace = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())
    await Promise.race([Promise.all(closed), grace])
    for (const socket of sockets) socket.terminate()
    await Promise.all(closed)
    unsubscribe()
    await new Promise<void>((resolve) => wss.close(() => resolve()))
    // The offline announcements of the sockets just closed must go out before the bus is closed.
    await tracker.settled()
  }

  return {
    close,
    disconnectUser(userId, code = POLICY_VIOLATION, reason = 'session ended', sessions) {
      endedAt.set(userId, performance.now())
      for (const connection of connections.ofUser(userId)) if (!isExcepted(connection, sessions)) connection.socket.close(code, reason)
    },
    disconnectAll(code, reason) {
      for (const connection of connections.list()) connection.socket.close(code, reason)
    },
    localSocketCount: () => connections.size(),
    onClientMessage: (type, handler) => messages.on(type, handler),
  }
}
