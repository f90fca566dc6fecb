import { Redis } from 'ioredis'
import type { Logger } from '../logger'

/** Opens a client and waits for it, so a wrong REDIS_URL fails at boot instead of queueing commands forever. */
export async function connectRedis(redisUrl: string, logger?: Logger): Promise<Redis> {
  const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 })
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
