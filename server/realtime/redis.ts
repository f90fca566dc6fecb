import { Redis } from 'ioredis'
import type { Logger } from '../logger'

/**
 * Resolves once the client's first attempt to connect is over: true when it is ready, false when it failed (Redis
 * away, a wrong REDIS_URL). The client goes on reconnecting by itself either way.
 */
export function firstAttempt(client: Redis): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true)
  return new Promise((ok) => {
    const settle = () => {
      client.off('ready', settle)
      client.off('error', settle)
      client.off('end', settle)
      ok(client.status === 'ready')
    }
    client.on('ready', settle)
    client.on('error', settle)
    client.on('end', settle)
  })
}

/**
 * Opens a client and waits for its first attempt to connect; with Redis away it is returned unconnected and keeps
 * reconnecting, so an instance starts without it (its callers answer from this instance meanwhile).
 * `failFast`: while the connection is down a command fails at once instead of waiting for a reconnect, for clients
 * whose callers (a request publishing its events, a conversation list asking who is online) must not stall on an
 * outage.
 */
export async function connectRedis(redisUrl: string, logger?: Logger, options: { failFast?: boolean } = {}): Promise<Redis> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 3, enableOfflineQueue: !options.failFast })
  // Without a listener ioredis prints every reconnect failure to stderr; route them through our logger.
  client.on('error', (err) => logger?.warn({ err }, 'realtime redis connection error'))
  await firstAttempt(client)
  return client
}
