import { Redis } from 'ioredis'
import type { Logger } from '../logger'

/**
 * Opens a client and waits for it, so a wrong REDIS_URL fails at boot instead of queueing commands forever.
 * `failFast`: while the connection is down a command fails at once instead of waiting for a reconnect, for clients
 * whose callers (a request publishing its events, a conversation list asking who is online) must not stall on an
 * outage. The client reconnects by itself either way.
 */
export async function connectRedis(redisUrl: string, logger?: Logger, options: { failFast?: boolean } = {}): Promise<Redis> {
  const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: !options.failFast })
  // Without a listener ioredis prints every reconnect failure to stderr; route them through our logger.
  client.on('error', (err) => logger?.warn({ err }, 'realtime redis connection error'))
  try {
    await client.connect()
  } catch (err) {
    client.disconnect()
    throw err
  }
  return client
}
