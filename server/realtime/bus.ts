import { z } from 'zod'
import { serverEventSchema, type ServerEvent } from '@shared/realtime/events'
import type { Logger } from '../logger'
import { connectRedis } from './redis'

/**
 * Who receives an event: listed users (on every one of their sockets, except those opened by the sessions in
 * `exceptSessions`, and only those opened by the sessions in `onlySessions` when it is given; stored session ids) or
 * everyone connected.
 */
export type Audience = { userIds: number[]; exceptSessions?: string[]; onlySessions?: string[] } | { all: true }

export type BusHandler = (audience: Audience, event: ServerEvent) => void

export interface Delivery {
  audience: Audience
  event: ServerEvent
}

export interface EventBus {
  publish(audience: Audience, event: ServerEvent): Promise<void>
  /** Several events in one message between instances (one Redis round trip), delivered in order. */
  publishMany(deliveries: Delivery[]): Promise<void>
  subscribe(handler: BusHandler): () => void
  /**
   * Called each time the bus is back after losing its connection between instances (a Redis restart): whatever was
   * published meanwhile was lost. Buses within one process never lose anything and never call it.
   */
  onReconnect?(handler: () => void): () => void
  close(): Promise<void>
}

const audienceSchema = z.union([
  z.object({ userIds: z.array(z.number().int()), exceptSessions: z.array(z.string()).optional(), onlySessions: z.array(z.string()).optional() }),
  z.object({ all: z.literal(true) }),
])
const envelopeSchema = z.object({ audience: audienceSchema, event: serverEventSchema })
/** What a publish checks (and strips to the schema's fields), built once: a zod schema costs to build. */
const deliveriesSchema = z.array(envelopeSchema)
/** What travels between instances: one delivery, or several published together. */
const messageSchema = z.union([envelopeSchema, z.array(envelopeSchema).min(1)])

export const DEFAULT_CHANNEL = 'handover:realtime'

/** Fans a message out to every handler; one failing handler must not starve the others or the publisher. */
function createHandlerSet(logger?: Logger) {
  const handlers = new Set<BusHandler>()
  return {
    add(handler: BusHandler) {
      handlers.add(handler)
      return () => {
        handlers.delete(handler)
      }
    },
    dispatch(audience: Audience, event: ServerEvent) {
      for (const handler of [...handlers]) {
        try {
          handler(audience, event)
        } catch (err) {
          logger?.error({ err, eventType: event.type }, 'realtime bus handler failed')
        }
      }
    },
    clear() {
      handlers.clear()
    },
  }
}

/** In-process bus for a single server instance (no REDIS_URL). */
export function createLocalBus(opts: { logger?: Logger } = {}): EventBus {
  const handlers = createHandlerSet(opts.logger)
  let closed = false
  const publishMany = async (deliveries: Delivery[]) => {
    if (closed) throw new Error('event bus is closed')
    // Parse here too, so a malformed event fails the same way it would across Redis.
    const envelopes = deliveriesSchema.parse(deliveries)
    for (const envelope of envelopes) handlers.dispatch(envelope.audience, envelope.event)
  }
  return {
    publish: (audience, event) => publishMany([{ audience, event }]),
    publishMany,
    subscribe: (handler) => handlers.add(handler),
    async close() {
      closed = true
      handlers.clear()
    },
  }
}

/**
 * Bus shared by every server instance through Redis pub/sub. The publishing instance hears its own
 * messages through its subscription too, so local delivery takes the same path as remote delivery.
 */
export async function createRedisBus(redisUrl: string, opts: { channel?: string; logger?: Logger } = {}): Promise<EventBus> {
  const channel = opts.channel ?? DEFAULT_CHANNEL
  const logger = opts.logger
  const handlers = createHandlerSet(logger)
  // a publish is part of a request: with Redis away it is delivered on this instance at once, never waiting
  const publisher = await connectRedis(redisUrl, logger, { failFast: true })
  const subscriber = await connectRedis(redisUrl, logger)
  let closed = false
  // subscribed on the first connection, whenever it comes; ioredis subscribes again by itself after a reconnect
  const subscribe = () => {
    subscriber.subscribe(channel).catch((err: unknown) => logger?.warn({ err, channel }, 'realtime bus could not subscribe'))
  }
  if (subscriber.status === 'ready') await subscriber.subscribe(channel)
  else subscriber.once('ready', subscribe)

  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return
    const envelopes = parseMessage(raw)
    if (envelopes) for (const envelope of envelopes) handlers.dispatch(envelope.audience, envelope.event)
    else logger?.warn({ channel }, 'realtime bus dropped an invalid message')
  })

  // What was published while either connection was down (or before they first came up) never crossed to the other
  // instances; the bus is back once both its connections are.
  const reconnectHandlers = new Set<() => void>()
  let lost = publisher.status !== 'ready' || subscriber.status !== 'ready'
  for (const client of [publisher, subscriber]) {
    client.on('close', () => {
      if (!closed) lost = true
    })
    client.on('ready', () => {
      if (!lost || closed || publisher.status !== 'ready' || subscriber.status !== 'ready') return
      lost = false
      logger?.warn({ channel }, 'realtime bus reconnected; events published while it was away are lost')
      for (const handler of [...reconnectHandlers]) handler()
    })
  }

  const publishMany = async (deliveries: Delivery[]) => {
    if (closed) throw new Error('event bus is closed')
    if (deliveries.length === 0) return
    const envelopes = deliveriesSchema.parse(deliveries)
    // with Redis away the events reach this instance's own sockets, as a bus without Redis would
    if (publisher.status !== 'ready') {
      for (const envelope of envelopes) handlers.dispatch(envelope.audience, envelope.event)
      return
    }
    await publisher.publish(channel, JSON.stringify(envelopes.length === 1 ? envelopes[0] : envelopes))
  }
  return {
    publish: (audience, event) => publishMany([{ audience, event }]),
    publishMany,
    subscribe: (handler) => handlers.add(handler),
    onReconnect(handler) {
      reconnectHandlers.add(handler)
      return () => {
        reconnectHandlers.delete(handler)
      }
    },
    async close() {
      if (closed) return
      closed = true
      handlers.clear()
      reconnectHandlers.clear()
      await Promise.allSettled([subscriber.quit(), publisher.quit()])
    },
  }
}

function parseMessage(raw: string): z.infer<typeof envelopeSchema>[] | null {
  try {
    const parsed = messageSchema.safeParse(JSON.parse(raw))
    if (!parsed.success) return null
    return Array.isArray(parsed.data) ? parsed.data : [parsed.data]
  } catch {
    return null
  }
}
