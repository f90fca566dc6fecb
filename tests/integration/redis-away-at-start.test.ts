import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diagnosticReportSchema } from '../../src/shared/api/diagnostics'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { addUser, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { TcpProxy } from '../support/tcp-proxy'
import { openSocket } from '../support/ws-client'

/**
 * An instance started with REDIS_URL set while Redis is away starts and serves: sign-in is limited in its memory, its
 * live events reach the sockets on itself, the log warns and GET /api/diagnostic says Redis is down. Once Redis is
 * back it joins it without a restart, and events cross between it and another instance again.
 */

const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379')
let db: TestDatabase
let proxy: TcpProxy
let a: RunningServer
let b: RunningServer | undefined
let user: TestUser
const logged: string[] = []
const shared = { keyPrefix: `away-${randomBytes(4).toString('hex')}`, env: { SESSION_SECRET: randomBytes(32).toString('hex') }, wsHeartbeatMs: 300 }

async function connect(server: RunningServer) {
  const socket = await openSocket(server.url, user.client.cookieHeader)
  socket.send({ type: 'authenticate', userId: user.id })
  await socket.next('authenticated')
  return socket
}

const redisStatus = async (server: RunningServer) =>
  diagnosticReportSchema.parse((await new ApiClient(server.url).get('/api/diagnostic')).json).components.find((c) => c.name === 'redis')?.status

beforeAll(async () => {
  db = await createTestDatabase()
  proxy = await new TcpProxy({ host: REDIS.hostname, port: Number(REDIS.port || 6379) }).start()
  await proxy.cut()
}, 30_000)

afterAll(async () => {
  // back before shutdown, so the instance leaves Redis as it found it
  await proxy?.restore()
  await a?.close()
  await b?.close()
  await proxy?.close()
  await db?.drop()
})

describe('an instance started while Redis is away', () => {
  it(
    'starts and serves: sign-in, a warning in the log, the diagnostic says Redis is down, events reach its own sockets',
    { timeout: 60_000 },
    async () => {
      a = await startTestServer({
        databaseUrl: db.url,
        redisUrl: `redis://${proxy.url}`,
        ...shared,
        logTo: { write: (line: string) => void logged.push(line) },
      })
      expect((await fetch(`${a.url}/healthz`)).status).toBe(200)
      user = await addUser(a, 'away_user')
      expect((await user.client.get('/api/auth/me')).status).toBe(200)
      expect(await redisStatus(a)).toBe('down')
      expect(
        logged.some((line) => /"level":40/.test(line) && /Redis is unreachable/.test(line)),
        logged.join('\n'),
      ).toBe(true)

      const socket = await connect(a)
      try {
        await a.bus.publish({ userIds: [user.id] }, { type: 'balance_updated', balance: '12.00' })
        expect(await socket.next('balance_updated')).toEqual({ type: 'balance_updated', balance: '12.00' })
      } finally {
        await socket.close()
      }
    },
  )

  it('joins Redis once it is back: events cross from another instance to it and back', { timeout: 60_000 }, async () => {
    b = await startTestServer({ databaseUrl: db.url, redisUrl: REDIS.href, ...shared })
    await proxy.restore()
    await eventually('the diagnostic sees Redis', async () => (await redisStatus(a)) !== 'down')

    const onA = await connect(a)
    const onB = await connect(b)
    try {
      await eventually('an event published on B reaches the socket on A', async () => {
        const balance = `${Math.floor(Math.random() * 1000)}.00`
        await b!.bus.publish({ userIds: [user.id] }, { type: 'balance_updated', balance })
        return onA
          .next('balance_updated', (e) => e.balance === balance, 500)
          .then(
            () => true,
            () => false,
          )
      })
      await a.bus.publish({ userIds: [user.id] }, { type: 'balance_updated', balance: '99.00' })
      await onB.next('balance_updated', (e) => e.balance === '99.00')
      // heard once on A: through Redis, not also delivered locally
      await onA.next('balance_updated', (e) => e.balance === '99.00')
      expect(onA.events.filter((e) => e.type === 'balance_updated' && e.balance === '99.00')).toHaveLength(1)
    } finally {
      await Promise.all([onA.close(), onB.close()])
    }
  })
})

async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((ok) => setTimeout(ok, 200))
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`)
}
