/**
 * Send → deliver latency of chat messages under a steady load: every participant sends one message a second,
 * the sends of all participants spread evenly over each second. Timed in this process from just before the
 * send to the `new_message` arriving at the other party's socket (and `message_sent` back at the sender's).
 */
import { Agent, request, type ClientRequest } from 'node:http'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type WebSocket from 'ws'
import { ADMIN_SENDER_ID } from '../../src/shared/constants'
import type { ServerEvent } from '../../src/shared/realtime/events'
import type { BenchConversation, BenchUser } from './chat-users'
import { startCpuMeter, type CpuShares } from './cpu-meter'
import type { ServerProcess } from './server-process'
import { closeCrowd, openCrowd, type SocketSpec } from './socket-crowd'

export type SendPath = 'http' | 'ws'

export interface LatencyOptions {
  /** buyers connect to the first, sellers to the last: with two, every message crosses instances */
  instances: ServerProcess[]
  conversations: BenchConversation[]
  /** listens as 999 on the first instance: hears the conversations an admin has joined */
  admin?: BenchUser
  path: SendPath
  warmUpSeconds: number
  seconds: number
  /** distinguishes runs on one database: a clientId is unique per sender */
  label: string
}

export interface LatencyResult {
  participants: number
  sent: number
  delivered: number
  /** messages sent in the measured window that never reached the other party */
  lost: number
  errors: Record<string, number>
  /** sorted, ms */
  deliverMs: number[]
  ackMs: number[]
  adminMs: number[]
  seconds: number
  /** this process's event-loop delay p99 during the window, ms: time the clients themselves add */
  clientLoopDelayP99Ms: number
  /** during the measured window */
  cpu: CpuShares
  /** from the first socket opening until every socket was authenticated and the presence announcements were over */
  connectSeconds: number
}

interface Participant {
  user: BenchUser
  conversationId: number
  instance: ServerProcess
  socket?: WebSocket
}

interface Pending {
  sentAt: number
  measured: boolean
  delivered: boolean
}

const DRAIN_MS = 5_000
const MEASURED_FRAME = /^\{"type":"(new_message|message_sent|send_message_error)"/
/** how long no frame may arrive before the crowd counts as settled, and the longest wait for that */
const QUIET_MS = 500
const SETTLE_TIMEOUT_MS = 30_000

/** HTTP sends over keep-alive connections, each with its sender's session cookie, like the website's fetch. */
function httpSender() {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  const inFlight = new Set<ClientRequest>()
  let closed = false
  return {
    send(participant: Participant, body: string, onError: (code: string) => void) {
      const req = request(
        `${participant.instance.url}/api/conversations/${participant.conversationId}/messages`,
        { method: 'POST', agent, headers: { cookie: participant.user.cookie, 'content-type': 'application/json' } },
        (res) => {
          res.resume()
          if (res.statusCode !== 201) onError(`http ${res.statusCode}`)
        },
      )
      inFlight.add(req)
      req.on('close', () => inFlight.delete(req))
      // requests cut at the end are counted as not delivered, not as errors
      req.on('error', (err) => closed || onError(err.message))
      req.end(body)
    },
    close() {
      closed = true
      for (const req of inFlight) req.destroy()
      agent.destroy()
    },
  }
}

export async function measureDelivery(options: LatencyOptions): Promise<LatencyResult> {
  const pending = new Map<string, Pending>()
  const deliverMs: number[] = []
  const ackMs: number[] = []
  const adminMs: number[] = []
  const errors: Record<string, number> = {}
  const countError = (code: string) => (errors[code] = (errors[code] ?? 0) + 1)
  const first = options.instances[0]!
  const last = options.instances.at(-1)!
  const participants: Participant[] = options.conversations.flatMap((c) => [
    { user: c.buyer, conversationId: c.id, instance: first },
    { user: c.seller, conversationId: c.id, instance: last },
  ])

  let lastFrameAt = performance.now()
  const onFrame = (text: string) => {
    const now = (lastFrameAt = performance.now())
    // JSON.stringify writes `type` first: presence and typing frames are skipped without parsing them
    if (!MEASURED_FRAME.test(text)) return
    const event = JSON.parse(text) as ServerEvent
    if (event.type === 'send_message_error') countError(event.code)
    if (event.type !== 'new_message' && event.type !== 'message_sent') return
    const entry = event.message.clientId ? pending.get(event.message.clientId) : undefined
    if (!entry) return
    const ms = now - entry.sentAt
    if (event.type === 'message_sent') {
      if (entry.measured) ackMs.push(ms)
    } else if (!entry.delivered) {
      entry.delivered = true
      if (entry.measured) deliverMs.push(ms)
    }
  }
  const onAdminFrame = (text: string) => {
    lastFrameAt = performance.now()
    if (!text.startsWith('{"type":"new_message"')) return
    const event = JSON.parse(text) as Extract<ServerEvent, { type: 'new_message' }>
    const entry = event.message.clientId ? pending.get(event.message.clientId) : undefined
    if (entry?.measured) adminMs.push(performance.now() - entry.sentAt)
  }

  const specs: SocketSpec[] = participants.map((p) => ({ baseUrl: p.instance.url, user: p.user, onFrame }))
  if (options.admin) specs.push({ baseUrl: first.url, user: options.admin, as: ADMIN_SENDER_ID, onFrame: onAdminFrame })
  const opening = performance.now()
  const sockets = await openCrowd(specs)
  participants.forEach((p, i) => (p.socket = sockets[i]))
  // every user coming online is announced to every socket: that storm is the connection's cost, not the chat's
  await quiet(() => lastFrameAt)
  const connectSeconds = (performance.now() - opening - QUIET_MS) / 1000
  const http = httpSender()
  const loopDelay = monitorEventLoopDelay({ resolution: 5 })

  let cpu: CpuShares | undefined
  let meter: ReturnType<typeof startCpuMeter> | undefined
  let sent = 0
  const sendOne = (p: Participant, n: number, measured: boolean) => {
    const clientId = `${options.label}-${p.user.id}-${n}`
    const content = `message ${n} from ${p.user.username}`
    pending.set(clientId, { sentAt: performance.now(), measured, delivered: false })
    if (measured) sent++
    if (options.path === 'ws') p.socket!.send(JSON.stringify({ type: 'send_message', conversationId: p.conversationId, content, clientId }))
    else http.send(p, JSON.stringify({ content, clientId }), countError)
  }

  try {
    await runSchedule(participants, options.warmUpSeconds + options.seconds, (p, n, atSecond) => {
      const measured = atSecond >= options.warmUpSeconds
      if (measured && !meter) {
        loopDelay.enable()
        meter = startCpuMeter(options.instances.map((instance) => instance.pid))
      }
      sendOne(p, n, measured)
    })
    cpu = meter!.stop()
    loopDelay.disable()
    await drain(pending)
  } finally {
    http.close()
    await closeCrowd(sockets)
  }
  const measured = [...pending.values()].filter((entry) => entry.measured)
  const byNumber = (a: number, b: number) => a - b
  return {
    participants: participants.length,
    sent,
    delivered: deliverMs.length,
    lost: measured.filter((entry) => !entry.delivered).length,
    errors,
    deliverMs: deliverMs.sort(byNumber),
    ackMs: ackMs.sort(byNumber),
    adminMs: adminMs.sort(byNumber),
    seconds: options.seconds,
    clientLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    cpu: cpu!,
    connectSeconds,
  }
}

/**
 * Participant i sends its n-th message at second n + i / count: one message a second each, and the whole
 * crowd's sends evenly spread instead of a burst at every whole second.
 */
async function runSchedule(participants: Participant[], seconds: number, send: (p: Participant, n: number, atSecond: number) => void) {
  const total = participants.length * seconds
  const started = performance.now()
  let next = 0
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * participants.length) + 1)
      for (; next < due; next++) {
        const n = Math.floor(next / participants.length)
        send(participants[next % participants.length]!, n, next / participants.length)
      }
      if (next >= total) {
        clearInterval(timer)
        done()
      }
    }, 1)
  })
}

/** Waits until no frame has arrived for QUIET_MS (or SETTLE_TIMEOUT_MS have passed). */
async function quiet(lastFrameAt: () => number) {
  const deadline = performance.now() + SETTLE_TIMEOUT_MS
  while (performance.now() < deadline && performance.now() - lastFrameAt() < QUIET_MS) {
    await new Promise((ok) => setTimeout(ok, 50))
  }
}

/** Waits until every message has reached its recipient, or DRAIN_MS after the last send. */
async function drain(pending: Map<string, Pending>) {
  const deadline = performance.now() + DRAIN_MS
  while (performance.now() < deadline && [...pending.values()].some((entry) => !entry.delivered)) {
    await new Promise((ok) => setTimeout(ok, 50))
  }
}
