import { REALTIME } from '@shared/constants'
import { serverEventSchema, type ClientMessage, type ServerEvent } from '@shared/realtime/events'

export type ConnectionState = 'connecting' | 'open' | 'closed'
/** `connected` means the server answered `authenticated`, not merely that the socket is open. */
export interface RealtimeStatus {
  state: ConnectionState
  connected: boolean
}

export interface RealtimeClientOptions {
  url: string
  userId: number
  onEvent: (event: ServerEvent) => void
  onStatus: (status: RealtimeStatus) => void
  isMobile?: () => boolean
  isSlowConnection?: () => boolean
  createSocket?: (url: string) => WebSocket
  /** Jitter source; injectable so tests can pin the backoff. */
  random?: () => number
}

export interface RealtimeClient {
  start(): void
  send(message: ClientMessage): boolean
  stop(): void
}

const NORMAL_CLOSURE = 1000
const GOING_AWAY = 1001
const ABNORMAL_CLOSURE = 1006
// Deliberate closes (stop, server shutdown) must not trigger a reconnect.
const NO_RECONNECT_CODES: readonly number[] = [NORMAL_CLOSURE, GOING_AWAY]

/** Delay before reconnect number `attempt` (0-based), SPEC §4. */
function backoffDelay(attempt: number, closeCode: number, mobile: boolean, random: () => number): number {
  const gentle = mobile || closeCode === ABNORMAL_CLOSURE || closeCode === GOING_AWAY
  const factor = gentle ? REALTIME.backoffFactorGentle : REALTIME.backoffFactor
  const cap = mobile ? REALTIME.backoffCapMobileMs : REALTIME.backoffCapMs
  return Math.min(REALTIME.backoffBaseMs * factor ** attempt, cap) + random() * REALTIME.jitterMaxMs
}

/** Application-level ping interval, SPEC §9. */
function heartbeatInterval(mobile: boolean, slow: boolean): number {
  const base = mobile ? REALTIME.heartbeatMobileMs : REALTIME.heartbeatMs
  return slow ? Math.min(base * REALTIME.slowHeartbeatFactor, REALTIME.slowHeartbeatCapMs) : base
}

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const isMobile = options.isMobile ?? (() => false)
  const isSlow = options.isSlowConnection ?? (() => false)
  const random = options.random ?? Math.random
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url))

  let socket: WebSocket | null = null
  let running = false
  let attempts = 0
  let lastStartAt = Number.NEGATIVE_INFINITY
  let openedAt: number | null = null
  let opened = false
  let connected = false
  let startTimer: ReturnType<typeof setTimeout> | undefined
  let connectTimer: ReturnType<typeof setTimeout> | undefined
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined

  const status = (state: ConnectionState) => options.onStatus({ state, connected })

  function clearTimers() {
    clearTimeout(startTimer)
    clearTimeout(connectTimer)
    clearInterval(heartbeatTimer)
    startTimer = connectTimer = heartbeatTimer = undefined
  }

  /** Detaches the current socket so its late events cannot touch the next attempt, then closes it. */
  function discardSocket(code?: number) {
    const old = socket
    socket = null
    opened = connected = false
    clearTimeout(connectTimer)
    clearInterval(heartbeatTimer)
    if (!old) return
    old.onopen = old.onmessage = old.onclose = old.onerror = null
    try {
      old.close(code)
    } catch {
      // Closing a socket that never connected can throw in some browsers; it is gone either way.
    }
  }

  /** Starts a connection now, or when the minimum interval between starts has passed. */
  function requestStart(delay = 0) {
    if (!running || socket || startTimer !== undefined) return
    const wait = Math.max(delay, lastStartAt + REALTIME.minStartIntervalMs - Date.now())
    if (wait <= 0) {
      connect()
      return
    }
    startTimer = setTimeout(() => {
      startTimer = undefined
      requestStart()
    }, wait)
  }

  function connect() {
    lastStartAt = Date.now()
    openedAt = null
    const current = createSocket(options.url)
    socket = current
    status('connecting')
    connectTimer = setTimeout(() => {
      // A hung handshake or unanswered authenticate is a failed attempt, never a lasting connection.
      openedAt = null
      discardSocket()
      handleClosed(ABNORMAL_CLOSURE)
    }, REALTIME.connectTimeoutMs)
    current.onopen = () => onOpen(current)
    current.onmessage = (message) => onMessage(message.data)
    current.onclose = (event) => {
      discardSocket()
      handleClosed(event.code)
    }
  }

  function onOpen(current: WebSocket) {
    opened = true
    openedAt = Date.now()
    status('open')
    current.send(JSON.stringify({ type: 'authenticate', userId: options.userId } satisfies ClientMessage))
    heartbeatTimer = setInterval(
      () => {
        send({ type: 'ping' })
      },
      heartbeatInterval(isMobile(), isSlow()),
    )
  }

  function onMessage(data: unknown) {
    if (typeof data !== 'string') return
    let json: unknown
    try {
      json = JSON.parse(data)
    } catch {
      return
    }
    const parsed = serverEventSchema.safeParse(json)
    if (!parsed.success) return
    const event = parsed.data
    if (event.type === 'authenticated') {
      clearTimeout(connectTimer)
      connected = true
      status('open')
    } else if (event.type === 'auth_error') {
      // The session does not match: retrying would only repeat the refusal, so stay down quietly.
      running = false
      discardSocket(NORMAL_CLOSURE)
      status('closed')
    }
    options.onEvent(event)
  }

  function handleClosed(code: number) {
    const lasted = openedAt === null ? 0 : Date.now() - openedAt
    openedAt = null
    if (lasted > REALTIME.stableAfterMs) attempts = 0
    status('closed')
    if (!running || NO_RECONNECT_CODES.includes(code) || attempts >= REALTIME.maxReconnects) return
    const delay = backoffDelay(attempts, code, isMobile(), random)
    attempts += 1
    requestStart(delay)
  }

  function send(message: ClientMessage): boolean {
    if (!socket || !opened) return false
    socket.send(JSON.stringify(message))
    return true
  }

  return {
    start() {
      if (running) return
      running = true
      attempts = 0
      requestStart()
    },
    send,
    stop() {
      running = false
      clearTimers()
      const hadSocket = socket !== null
      discardSocket(NORMAL_CLOSURE)
      if (hadSocket) status('closed')
    },
  }
}
