import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { HttpError } from '../../server/http/errors'
import { createRateLimits } from '../../server/http/rate-limit'
import { TcpProxy } from '../support/tcp-proxy'

/** Rate limits over the real Redis, as instances share them, and while Redis is away. */

const REDIS = { host: '127.0.0.1', port: 6379 }
const clients: Redis[] = []
const proxies: TcpProxy[] = []

/**
 * A client as server.ts makes one (connects at once, gives up on a command after two retries), once connected: until
 * then the limits count in memory, as they do while Redis is away.
 */
async function redisAt(port: number): Promise<Redis> {
  const client = new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: 2, lazyConnect: false })
  client.on('error', () => {})
  clients.push(client)
  await expect.poll(() => client.status).toBe('ready')
  return client
}

afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()))
})

const prefixes: string[] = []
const prefix = () => {
  prefixes.push(`test-rl-${randomBytes(4).toString('hex')}`)
  return prefixes.at(-1)!
}

afterAll(async () => {
  clients.forEach((client) => client.disconnect())
  // leave nothing behind in the shared Redis
  const redis = new Redis(REDIS)
  for (const keyPrefix of prefixes) {
    const keys = await redis.keys(`${keyPrefix}:*`)
    if (keys.length) await redis.del(...keys)
  }
  redis.disconnect()
})

/** Whether a consume counted its point (true) or was refused with a 429 (false). */
async function allowed(consume: () => Promise<void>): Promise<boolean> {
  try {
    await consume()
    return true
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 429 })
    return false
  }
}

describe('rate limits on Redis', () => {
  it('are counted together by every instance of a deployment, apart from another deployment’s and each other', async () => {
    const keyPrefix = prefix()
    const [first, second] = [
      createRateLimits({ redis: await redisAt(REDIS.port), keyPrefix }),
      createRateLimits({ redis: await redisAt(REDIS.port), keyPrefix }),
    ]
    const elsewhere = createRateLimits({ redis: await redisAt(REDIS.port), keyPrefix: prefix() })
    for (let i = 0; i < 6; i++) expect(await allowed(() => first.consume('login', 'ip'))).toBe(true)
    expect(await second.left('login', 'ip')).toBe(4)
    for (let i = 0; i < 4; i++) expect(await allowed(() => second.consume('login', 'ip'))).toBe(true)
    expect(await allowed(() => first.consume('login', 'ip'))).toBe(false)
    // the other deployment, and the other limits of this one, have their own counts
    expect(await allowed(() => elsewhere.consume('login', 'ip'))).toBe(true)
    expect(await second.left('signup', 'ip')).toBe(10)
    expect(await allowed(() => second.consume('signup', 'ip'))).toBe(true)
    // a reset on one instance frees the key on all
    await second.reset('login', 'ip')
    expect(await first.left('login', 'ip')).toBe(10)
  })

  it('keep limiting in this instance’s memory while Redis is away, at once rather than after a reconnect', async () => {
    const proxy = await new TcpProxy(REDIS).start()
    proxies.push(proxy)
    const redis = await redisAt(proxy.port)
    const limits = createRateLimits({ redis, keyPrefix: prefix() })
    expect(await allowed(() => limits.consume('forgot', 'ip'))).toBe(true)
    await proxy.cut()
    await expect.poll(() => redis.status).not.toBe('ready')
    // forgot allows 5 an hour: the one counted on Redis is not seen here, so this instance allows 5 more
    for (let i = 0; i < 5; i++) expect(await allowed(() => limits.consume('forgot', 'ip'))).toBe(true)
    expect(await allowed(() => limits.consume('forgot', 'ip'))).toBe(false)
    expect(await limits.spend('signInFailures', 'account:1')).toBe(9)
  })
})
