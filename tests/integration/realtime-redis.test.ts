import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ServerEvent } from '@shared/realtime/events'
import { createRedisBus, type EventBus } from '../../server/realtime/bus'
import { createRedisPresence, type Presence } from '../../server/realtime/presence'
import { connectAs, ofType, startGateway, type TestClient, type TestServer } from './realtime-support'

const REDIS_URL = 'redis://127.0.0.1:6379'

let prefix: string
const closers: (() => Promise<unknown>)[] = []
const clients: TestClient[] = []

function track<T extends { close(): Promise<unknown> }>(resource: T): T {
  closers.push(() => resource.close())
  return resource
}

async function instance(name: string): Promise<{ bus: EventBus; presence: Presence; server: TestServer }> {
  const bus = track(await createRedisBus(REDIS_URL, { channel: `${prefix}:bus` }))
  const presence = track(await createRedisPresence(REDIS_URL, { prefix, instanceId: name }))
  // Registered after bus and presence, so it is closed before them (closers run in reverse).
  const server = track(await startGateway({ bus, presence }))
  return { bus, presence, server }
}

async function open(server: TestServer, userId: number): Promise<TestClient> {
  const client = await connectAs(server.url, { userId })
  clients.push(client)
  return client
}

const about = (type: ServerEvent['type'], userId: number) => (event: ServerEvent) =>
  event.type === type && 'userId' in event && event.userId === userId

beforeEach(() => {
  prefix = `test:realtime:${randomUUID()}`
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  for (const close of closers.splice(0).reverse()) await close()
  // Leave nothing behind in the shared Redis.
  const redis = new Redis(REDIS_URL)
  const keys = await redis.keys(`${prefix}:*`)
  if (keys.length > 0) await redis.del(...keys)
  await redis.quit()
})

describe('redis bus across two gateways', () => {
  it('delivers an event published on instance A to the user’s socket on instance B', async () => {
    const a = await instance('a')
    const b = await instance('b')
    const client = await open(b.server, 1200)
    const bystander = await open(a.server, 1300)
    await a.bus.publish({ userIds: [1200] }, { type: 'balance_updated', balance: '4.20' })
    expect(await client.next(ofType('balance_updated'))).toEqual({ type: 'balance_updated', balance: '4.20' })
    await b.bus.publish({ userIds: [1300] }, { type: 'balance_updated', balance: 'marker' })
    expect(await bystander.next(ofType('balance_updated'))).toEqual({ type: 'balance_updated', balance: 'marker' })
  })

  it('carries several deliveries in one message, each to its own audience, in order', async () => {
    const a = await instance('a')
    const b = await instance('b')
    const first = await open(b.server, 1200)
    const second = await open(b.server, 1300)
    await a.bus.publishMany([
      { audience: { userIds: [1200] }, event: { type: 'balance_updated', balance: '1.00' } },
      { audience: { userIds: [1300] }, event: { type: 'balance_updated', balance: '2.00' } },
      { audience: { userIds: [1200] }, event: { type: 'balance_updated', balance: '3.00' } },
    ])
    await first.next((event) => event.type === 'balance_updated' && event.balance === '3.00')
    await second.next(ofType('balance_updated'))
    expect(first.events.filter(ofType('balance_updated'))).toEqual([
      { type: 'balance_updated', balance: '1.00' },
      { type: 'balance_updated', balance: '3.00' },
    ])
    expect(second.events.filter(ofType('balance_updated'))).toEqual([{ type: 'balance_updated', balance: '2.00' }])
  })

  it('drops messages on the channel that are not valid events', async () => {
    const a = await instance('a')
    const client = await open(a.server, 1200)
    await client.next(about('user_online', 1200))
    await client.next(ofType('online_users_list'))
    const before = client.events.length
    const raw = new Redis(REDIS_URL)
    await raw.publish(`${prefix}:bus`, 'garbage')
    await raw.publish(`${prefix}:bus`, JSON.stringify({ audience: { all: true }, event: { type: 'nope' } }))
    // one bad delivery spoils the whole message: none of it is delivered
    await raw.publish(
      `${prefix}:bus`,
      JSON.stringify([{ audience: { all: true }, event: { type: 'balance_updated', balance: 'x' } }, { audience: { all: true } }]),
    )
    await raw.publish(`${prefix}:bus`, '[]')
    await raw.quit()
    await a.bus.publish({ userIds: [1200] }, { type: 'balance_updated', balance: 'marker' })
    await client.next(ofType('balance_updated'))
    expect(client.events.slice(before)).toEqual([{ type: 'balance_updated', balance: 'marker' }])
  })
})

describe('presence across instances', () => {
  it('announces a user on A to a watcher on B and lists users of both instances', async () => {
    const a = await instance('a')
    const b = await instance('b')
    const watcher = await open(b.server, 1300)
    await open(a.server, 1200)
    await watcher.next(about('user_online', 1200))
    const late = await open(b.server, 1400)
    const list = await late.next(ofType('online_users_list'))
    expect(list.type === 'online_users_list' && [...list.userIds].sort()).toEqual([1200, 1300, 1400])
  })

  it('reports offline only when the user’s last socket on any instance closes', async () => {
    const a = await instance('a')
    const b = await instance('b')
    const watcher = await open(a.server, 1300)
    const onA = await open(a.server, 1200)
    const onB = await open(b.server, 1200)
    await onA.close()
    await b.bus.publish({ userIds: [1300] }, { type: 'balance_updated', balance: 'marker' })
    await watcher.next(ofType('balance_updated'))
    expect(watcher.events.some(about('user_offline', 1200))).toBe(false)
    await onB.close()
    await watcher.next(about('user_offline', 1200))
  })

  it('says exactly one of two concurrent last removals took the user offline', async () => {
    const a = track(await createRedisPresence(REDIS_URL, { prefix, instanceId: 'a' }))
    const b = track(await createRedisPresence(REDIS_URL, { prefix, instanceId: 'b' }))
    expect(await a.add(7)).toBe(true)
    expect(await b.add(7)).toBe(false)
    const results = await Promise.all([a.remove(7), b.remove(7)])
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await a.list()).toEqual([])
  })

  it('forgets the users of an instance that stopped renewing its registration', async () => {
    // `stale` never renews within the test: its heartbeat interval is far longer than its TTL.
    const stale = track(await createRedisPresence(REDIS_URL, { prefix, instanceId: 'stale', ttlMs: 200, heartbeatMs: 60_000 }))
    const live = track(await createRedisPresence(REDIS_URL, { prefix, instanceId: 'live' }))
    await stale.add(8)
    expect(await live.list()).toEqual([8])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await live.list()).toEqual([])
    expect(await live.add(8)).toBe(true)
  })

  it('tells which of some users are online on any live instance', async () => {
    const a = track(await createRedisPresence(REDIS_URL, { prefix, instanceId: 'a' }))
    const b = track(await createRedisPresence(REDIS_URL, { prefix, instanceId: 'b' }))
    await a.add(11)
    await b.add(12)
    expect([...(await a.onlineAmong([11, 12, 13, 12]))].sort()).toEqual([11, 12])
    expect([...(await b.onlineAmong([]))]).toEqual([])
    await b.remove(12)
    expect([...(await a.onlineAmong([11, 12]))]).toEqual([11])
  })

  it('removes an instance’s users at once when it closes', async () => {
    const a = await createRedisPresence(REDIS_URL, { prefix, instanceId: 'a' })
    const b = track(await createRedisPresence(REDIS_URL, { prefix, instanceId: 'b' }))
    await a.add(9)
    expect(await b.list()).toEqual([9])
    await a.close()
    expect(await b.list()).toEqual([])
  })
})
