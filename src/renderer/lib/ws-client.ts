import { REALTIME } from '@shared/constants'
import { serverEventSchema, type ClientMessage, type ServerEvent } from '@shared/realtime/events'
import { websiteReconnect, type ReconnectPolicy } from './reconnect-policy'

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
  /** When to try again after a close; the website's (SPEC §4) unless given. */
  policy?: ReconnectPolicy
}

export interface RealtimeClient {
  start(): void
  send(message: ClientMessage): boolean
  /**
   * The network or the machine is back: forget the backoff and connect now. A connection that still looks up
   * is pinged first, since a socket that slept through a network change can look open and be dead.
   */
  reconnectNow(): void
  stop(): void
}

const NORMAL_CLOSURE = 1000
const ABNORMAL_CLOSURE = 1006
/** How long a connection that looks up may take to answer the ping after a wake before it is replaced. */
export const WAKE_PROBE_MS = 5_000

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
  const policy = options.policy ?? websiteReconnect

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
  let probeTimer: ReturnType<typeof setTimeout> | undefined

  const status = (state: ConnectionState) => options.onStatus({ state, connected })

  function clearTimers() {
    clearTimeout(startTimer)
    clearTimeout(connectTimer)
    clearInterval(heartbeatTimer)
    clearTimeout(probeTimer)
    startTimer = connectTimer = heartbeatTimer = probeTimer = undefined
  }

  /** Detaches the current socket so its late events cannot touch the next attempt, then closes it. */
  function discardSocket(code?: number) {
    const old = socket
    socket = null
    opened = connected = false
    clearTimeout(connectTimer)
    clearInterval(heartbeatTimer)
    clearTimeout(probeTimer)
    probeTimer = undefined
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
    // anything the server says, even what is not understood, shows the connection is alive
    clearTimeout(probeTimer)
    probeTimer = undefined
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
    const delay = running ? policy.delay(attempts, { closeCode: code, mobile: isMobile(), random }) : null
    if (delay === null) return
    attempts += 1
    requestStart(delay)
  }

  function send(message: ClientMessage): boolean {
    if (!socket || !opened) return false
    socket.send(JSON.stringify(message))
    return true
  }

  // Not held to the minimum interval between starts: a wake or a network coming back is one signal, not a storm,
  // and at most one attempt is ever under way.
  function reconnectNow() {
    if (!running) return
    attempts = 0
    if (connected) {
      if (probeTimer !== undefined) return
      send({ type: 'ping' })
      probeTimer = setTimeout(() => {
        openedAt = null
        discardSocket()
        status('closed')
        connect()
      }, WAKE_PROBE_MS)
      return
    }
    // an attempt under way is left to finish; should it fail, the reset count retries it soon
    if (socket) return
    clearTimeout(startTimer)
    startTimer = undefined
    connect()
  }

  return {
    start() {
      if (running) return
      running = true
      attempts = 0
      requestStart()
    },
    send,
    reconnectNow,
    stop() {
      running = false
      clearTimers()
      const hadSocket = socket !== null
      discardSocket(NORMAL_CLOSURE)
      if (hadSocket) status('closed')
    },
  }
}
