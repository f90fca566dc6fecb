/**
 * Send → deliver latency of chat messages under a steady load: every participant sends one message a second,
 * the sends of all participants spread evenly over each second. Timed in this process from just before the
 * send to the `new_message` arriving at the other party's socket (and `message_sent` back at the sender's).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { ADMIN_SENDER_ID } from '../../src/shared/constants'
import type { ServerEvent } from '../../src/shared/realtime/events'
import { httpSender, runSchedule, waitUntil, type Participant, type SendPath } from './chat-load'
import type { BenchConversation, BenchUser } from './chat-users'
import { startCpuMeter, type CpuShares } from './cpu-meter'
import type { ServerProcess } from '../support/server-process'
import { closeCrowd, openCrowd, type SocketSpec } from './socket-crowd'

export type { SendPath } from './chat-load'

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

/** What the clients see: every send by clientId, and the times of its answers as they arrive. */
function createRecorder() {
  const pending = new Map<string, Pending>()
  const deliverMs: number[] = []
  const ackMs: number[] = []
  const adminMs: number[] = []
  const errors: Record<string, number> = {}
  let lastFrameAt = performance.now()
  const countError = (code: string) => (errors[code] = (errors[code] ?? 0) + 1)
  const byNumber = (a: number, b: number) => a - b

  return {
    countError,
    lastFrameAt: () => lastFrameAt,
    sent(clientId: string, measured: boolean) {
      pending.set(clientId, { sentAt: performance.now(), measured, delivered: false })
    },
    allDelivered: () => [...pending.values()].every((entry) => entry.delivered),
    onFrame(text: string) {
      const now = (lastFrameAt = performance.now())
      // JSON.stringify writes `type` first: presence and typing frames are skipped without parsing them
      if (!MEASURED_FRAME.test(text)) return
      const event = JSON.parse(text) as ServerEvent
      if (event.type === 'send_message_error') countError(event.code)
      if (event.type !== 'new_message' && event.type !== 'message_sent') return
      const entry = event.message.clientId ? pending.get(event.message.clientId) : undefined
      if (!entry) return
      if (event.type === 'message_sent') {
        if (entry.measured) ackMs.push(now - entry.sentAt)
      } else if (!entry.delivered) {
        entry.delivered = true
        if (entry.measured) deliverMs.push(now - entry.sentAt)
      }
    },
    onAdminFrame(text: string) {
      const now = (lastFrameAt = performance.now())
      if (!text.startsWith('{"type":"new_message"')) return
      const event = JSON.parse(text) as Extract<ServerEvent, { type: 'new_message' }>
      const entry = event.message.clientId ? pending.get(event.message.clientId) : undefined
      if (entry?.measured) adminMs.push(now - entry.sentAt)
    },
    results() {
      const measured = [...pending.values()].filter((entry) => entry.measured)
      return {
        sent: measured.length,
        delivered: deliverMs.length,
        lost: measured.filter((entry) => !entry.delivered).length,
        errors,
        deliverMs: deliverMs.sort(byNumber),
        ackMs: ackMs.sort(byNumber),
        adminMs: adminMs.sort(byNumber),
      }
    },
  }
}

export async function measureDelivery(options: LatencyOptions): Promise<LatencyResult> {
  const recorder = createRecorder()
  const first = options.instances[0]!
  const last = options.instances.at(-1)!
  const participants: Participant[] = options.conversations.flatMap((c) => [
    { user: c.buyer, conversationId: c.id, instance: first },
    { user: c.seller, conversationId: c.id, instance: last },
  ])
  const specs: SocketSpec[] = participants.map((p) => ({ baseUrl: p.instance.url, user: p.user, onFrame: recorder.onFrame }))
  if (options.admin) specs.push({ baseUrl: first.url, user: options.admin, as: ADMIN_SENDER_ID, onFrame: recorder.onAdminFrame })

  const opening = performance.now()
  const sockets = await openCrowd(specs)
  participants.forEach((p, i) => (p.socket = sockets[i]))
  // every user coming online is announced to every socket: that storm is the connection's cost, not the chat's
  await waitUntil(() => performance.now() - recorder.lastFrameAt() >= QUIET_MS, SETTLE_TIMEOUT_MS)
  const connectSeconds = (performance.now() - opening - QUIET_MS) / 1000

  const http = httpSender()
  const loopDelay = monitorEventLoopDelay({ resolution: 5 })
  let meter: ReturnType<typeof startCpuMeter> | undefined
  let cpu: CpuShares
  try {
    await runSchedule(participants, options.warmUpSeconds + options.seconds, (p, n, atSecond) => {
      const measured = atSecond >= options.warmUpSeconds
      if (measured && !meter) {
        loopDelay.enable()
        meter = startCpuMeter(options.instances.map((instance) => instance.pid))
      }
      const clientId = `${options.label}-${p.user.id}-${n}`
      const content = `message ${n} from ${p.user.username}`
      recorder.sent(clientId, measured)
      if (options.path === 'ws') p.socket!.send(JSON.stringify({ type: 'send_message', conversationId: p.conversationId, content, clientId }))
      else http.send(p, JSON.stringify({ content, clientId }), recorder.countError)
    })
    cpu = meter!.stop()
    loopDelay.disable()
    await waitUntil(recorder.allDelivered, DRAIN_MS)
  } finally {
    http.close()
    await closeCrowd(sockets)
  }
  return {
    ...recorder.results(),
    participants: participants.length,
    seconds: options.seconds,
    clientLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    cpu,
    connectSeconds,
  }
}
