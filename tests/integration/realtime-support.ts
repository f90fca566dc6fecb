import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import pino from 'pino'
import { WebSocket } from 'ws'
import { serverEventSchema, type ClientMessage, type ServerEvent } from '@shared/realtime/events'
import type { EventBus } from '../../server/realtime/bus'
import { attachGateway, type Gateway, type GatewayOptions, type SessionIdentity } from '../../server/realtime/gateway'
import type { Presence } from '../../server/realtime/presence'

/** Shared by the realtime integration tests: a gateway on a real port and `ws` clients that record events. */

export const ORIGIN = 'http://handover.test'
const silent = pino({ level: 'silent' })

/** The tests' stand-in for the cookie session: `x-test-user: 1200` and optionally `x-test-admin: 1`. */
async function headerSession(req: IncomingMessage): Promise<SessionIdentity | null> {
  const userId = Number(req.headers['x-test-user'])
  if (!Number.isInteger(userId) || userId <= 0) return null
  return { userId, isAdmin: req.headers['x-test-admin'] === '1' }
}

export interface TestServer {
  url: string
  gateway: Gateway
  close(): Promise<void>
}

export async function startGateway(deps: { bus: EventBus; presence: Presence } & Partial<GatewayOptions>): Promise<TestServer> {
  const server: Server = createServer((_req, res) => {
    res.statusCode = 404
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const gateway = attachGateway({
    server,
    allowedOrigins: () => [ORIGIN],
    resolveSession: headerSession,
    logger: silent,
    ...deps,
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    gateway,
    async close() {
      await gateway.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

type Predicate = (event: ServerEvent) => boolean

export interface TestClient {
  socket: WebSocket
  /** Every valid event received so far, in order. */
  events: ServerEvent[]
  send(message: ClientMessage | string): void
  /** Resolves with the first not-yet-taken event matching, waiting for it if needed. */
  next(predicate: Predicate, timeoutMs?: number): Promise<ServerEvent>
  closed: Promise<{ code: number; reason: string }>
  close(): Promise<void>
}

export const ofType =
  (type: ServerEvent['type']): Predicate =>
  (event) =>
    event.type === type

export interface ConnectOptions {
  userId?: number
  admin?: boolean
  origin?: string | null
  autoPong?: boolean
}

function sessionHeaders(opts: ConnectOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  if (opts.userId !== undefined) headers['x-test-user'] = String(opts.userId)
  if (opts.admin) headers['x-test-admin'] = '1'
  return headers
}

/** Opens a socket; resolves once open, rejects with the HTTP status if the upgrade is refused. */
export function connect(url: string, opts: ConnectOptions = {}): Promise<TestClient> {
  const origin = opts.origin === null ? undefined : (opts.origin ?? ORIGIN)
  const socket = new WebSocket(url, { headers: sessionHeaders(opts), origin, autoPong: opts.autoPong ?? true })
  const client = recordEvents(socket)
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client))
    socket.once('unexpected-response', (_req, res) => {
      reject(new Error(`HTTP ${res.statusCode}`))
      socket.terminate()
    })
    socket.once('error', reject)
  })
}

function recordEvents(socket: WebSocket): TestClient {
  const events: ServerEvent[] = []
  const taken = new Set<number>()
  const waiters: { predicate: Predicate; resolve: (event: ServerEvent) => void }[] = []

  const take = (predicate: Predicate): ServerEvent | undefined => {
    const index = events.findIndex((event, i) => !taken.has(i) && predicate(event))
    if (index === -1) return undefined
    taken.add(index)
    return events[index]
  }

  socket.on('message', (data) => {
    const parsed = serverEventSchema.safeParse(JSON.parse(data.toString()))
    if (!parsed.success) throw new Error(`invalid server event ${data.toString()}`)
    events.push(parsed.data)
    for (const waiter of [...waiters]) {
      const event = take(waiter.predicate)
      if (event) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(event)
      }
    }
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  closed.catch(() => undefined)

  return {
    socket,
    events,
    closed,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next(predicate, timeoutMs = 3_000) {
      const found = take(predicate)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event; got ${JSON.stringify(events)}`)), timeoutMs)
        waiters.push({ predicate, resolve: (event) => (clearTimeout(timer), resolve(event)) })
      })
    },
    async close() {
      if (socket.readyState !== WebSocket.CLOSED) socket.close(1000)
      await closed
    },
  }
}

/** Connects and authenticates as the session's own id (or `as`), returning after `authenticated`. */
export async function connectAs(url: string, opts: ConnectOptions & { as?: number }): Promise<TestClient> {
  const client = await connect(url, opts)
  client.send({ type: 'authenticate', userId: opts.as ?? opts.userId ?? 0 })
  await client.next(ofType('authenticated'))
  return client
}

/** HTTP status of a refused upgrade. */
export async function upgradeStatus(url: string, opts: ConnectOptions): Promise<number> {
  const error = await connect(url, opts).then(
    (client) => {
      void client.close()
      return new Error('HTTP 101')
    },
    (err: Error) => err,
  )
  return Number(/HTTP (\d+)/.exec(error.message)?.[1] ?? 0)
}

/** Polls until `check` passes, for server-side state that settles just after the client saw a close. */
export async function eventually(check: () => void, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      check()
      return
    } catch (err) {
      if (Date.now() > deadline) throw err
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
}
