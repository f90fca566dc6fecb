import { randomUUID } from 'node:crypto'
import type { Logger } from '../logger'
import { ADD_SCRIPT, HEARTBEAT_SCRIPT, LIST_SCRIPT, ONLINE_AMONG_SCRIPT, REMOVE_SCRIPT } from './presence-scripts'
import { connectRedis } from './redis'

/** Who is online. A user is online while at least one of their sockets is open on any instance. */
export interface Presence {
  /** Counts one more socket for the user; true when the user was offline everywhere before. */
  add(userId: number): Promise<boolean>
  /** Counts one socket less; true when that was the user's last socket everywhere. */
  remove(userId: number): Promise<boolean>
  list(): Promise<number[]>
  /** Those of `userIds` that are online, without listing everyone (chat shows a few counterparts at a time). */
  onlineAmong(userIds: readonly number[]): Promise<Set<number>>
  close(): Promise<void>
}

/** Socket counts per user on this instance. */
function createCounter() {
  const counts = new Map<number, number>()
  return {
    /** Returns the count after incrementing. */
    increment(userId: number): number {
      const next = (counts.get(userId) ?? 0) + 1
      counts.set(userId, next)
      return next
    },
    /** Returns the count after decrementing, or -1 when the user had no sockets (an unmatched remove). */
    decrement(userId: number): number {
      const current = counts.get(userId)
      if (current === undefined) return -1
      if (current <= 1) counts.delete(userId)
      else counts.set(userId, current - 1)
      return current - 1
    },
    users: () => [...counts.keys()],
    clear: () => counts.clear(),
  }
}

/** Presence for a single server instance. */
export function createLocalPresence(): Presence {
  const counter = createCounter()
  return {
    add: async (userId) => counter.increment(userId) === 1,
    remove: async (userId) => counter.decrement(userId) === 0,
    list: async () => counter.users(),
    onlineAmong: async (userIds) => {
      const online = new Set(counter.users())
      return new Set(userIds.filter((userId) => online.has(userId)))
    },
    close: async () => counter.clear(),
  }
}

/** Instance entries expire this long after their last heartbeat, so a crashed instance's users drop out. */
export const PRESENCE_TTL_MS = 30_000
export const PRESENCE_HEARTBEAT_MS = 10_000

export interface RedisPresenceOptions {
  /** Prefix of every key, so deployments (and tests) sharing a Redis stay apart. */
  prefix?: string
  instanceId?: string
  ttlMs?: number
  heartbeatMs?: number
  logger?: Logger
}

/**
 * Presence shared by several instances. Each instance keeps its own counts in memory and mirrors the set of
 * its users to Redis with a TTL it renews; `list` is the union over instances whose registration is alive.
 */
export async function createRedisPresence(redisUrl: string, opts: RedisPresenceOptions = {}): Promise<Presence> {
  const prefix = opts.prefix ?? 'handover:presence'
  const instanceId = opts.instanceId ?? randomUUID()
  const ttlMs = opts.ttlMs ?? PRESENCE_TTL_MS
  const setPrefix = `${prefix}:instance:`
  const keys = [`${prefix}:instances`, `${setPrefix}${instanceId}`] as const
  // asked during requests (a conversation list shows who is online): with Redis away it must answer at once
  const redis = await connectRedis(redisUrl, opts.logger, { failFast: true })
  const counter = createCounter()
  /** While Redis is away presence is what this instance sees itself; the heartbeat writes it back once Redis returns. */
  const localOnly = (err: unknown) => {
    opts.logger?.warn({ err }, 'presence unreachable; answering from this instance’s own sockets')
    return counter.users()
  }

  const heartbeat = () => redis.eval(HEARTBEAT_SCRIPT, 2, ...keys, setPrefix, instanceId, ttlMs, ...counter.users())
  // with Redis away at start the timer's heartbeats register this instance once it is back
  await heartbeat().catch((err: unknown) => opts.logger?.warn({ err }, 'presence heartbeat failed'))
  const timer = setInterval(() => {
    heartbeat().catch((err: unknown) => opts.logger?.warn({ err }, 'presence heartbeat failed'))
  }, opts.heartbeatMs ?? PRESENCE_HEARTBEAT_MS)
  // Presence must never keep a process alive on its own.
  timer.unref()

  return {
    async add(userId) {
      // Only the first local socket changes anything outside this instance.
      if (counter.increment(userId) !== 1) return false
      try {
        return (await redis.eval(ADD_SCRIPT, 2, ...keys, setPrefix, instanceId, userId, ttlMs)) === 1
      } catch (err) {
        // online as far as this instance can tell; the heartbeat writes the user back once Redis returns
        localOnly(err)
        return true
      }
    },
    async remove(userId) {
      if (counter.decrement(userId) !== 0) return false
      try {
        return (await redis.eval(REMOVE_SCRIPT, 2, ...keys, setPrefix, instanceId, userId)) === 1
      } catch (err) {
        localOnly(err)
        return true
      }
    },
    async list() {
      try {
        const members = (await redis.eval(LIST_SCRIPT, 1, keys[0], setPrefix)) as string[]
        return members.map(Number)
      } catch (err) {
        return localOnly(err)
      }
    },
    async onlineAmong(userIds) {
      const unique = [...new Set(userIds)]
      if (unique.length === 0) return new Set()
      try {
        const found = (await redis.eval(ONLINE_AMONG_SCRIPT, 1, keys[0], setPrefix, ...unique)) as string[]
        return new Set(found.map(Number))
      } catch (err) {
        const here = new Set(localOnly(err))
        return new Set(unique.filter((userId) => here.has(userId)))
      }
    },
    async close() {
      clearInterval(timer)
      counter.clear()
      // Leave at once rather than linger until the TTL, so our users do not appear online after a shutdown.
      await redis
        .multi()
        .zrem(keys[0], instanceId)
        .del(keys[1])
        .exec()
        .catch((err: unknown) => opts.logger?.warn({ err }, 'presence cleanup failed'))
      // with Redis away there is nothing to say goodbye to
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
