import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import type { ServerEvent } from '@shared/realtime/events'
import { createLocalBus, type EventBus } from '../../server/realtime/bus'
import { createLocalPresence } from '../../server/realtime/presence'
import { connect, connectAs, eventually, ofType, startGateway, upgradeStatus, type TestClient, type TestServer } from './realtime-support'

let bus: EventBus
let server: TestServer
const clients: TestClient[] = []

async function open(opts: Parameters<typeof connectAs>[1]) {
  const client = await connectAs(server.url, opts)
  clients.push(client)
  return client
}

beforeEach(async () => {
  bus = createLocalBus()
  server = await startGateway({ bus, presence: createLocalPresence(), heartbeatMs: 200 })
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  await server.close()
  await bus.close()
})

const balance = (value: string): ServerEvent => ({ type: 'balance_updated', balance: value })

describe('upgrade', () => {
  it('refuses a foreign Origin with 403', async () => {
    expect(await upgradeStatus(server.url, { userId: 1200, origin: 'https://evil.example' })).toBe(403)
  })

  it('accepts a missing Origin (a non-browser client)', async () => {
    expect(await upgradeStatus(server.url, { userId: 1200, origin: null })).toBe(101)
  })

  it('refuses a request without a session with 401', async () => {
    expect(await upgradeStatus(server.url, {})).toBe(401)
  })

  it.each([
    ['the session lookup', { resolveSession: () => Promise.reject(new Error('db down')) }],
    [
      'the origin list',
      {
        allowedOrigins: (): string[] => {
          throw new Error('bad config')
        },
      },
    ],
  ])('answers 500 when %s fails, and keeps serving', async (_name, override) => {
    const failing = await startGateway({ bus, presence: createLocalPresence(), ...override })
    try {
      expect(await upgradeStatus(failing.url, { userId: 1200 })).toBe(500)
    } finally {
      await failing.close()
    }
    expect(await upgradeStatus(server.url, { userId: 1200 })).toBe(101)
  })

  it('drops upgrades on other paths', async () => {
    const error = await connect(server.url.replace('/ws', '/other'), { userId: 1200 }).catch((err: Error) => err)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).not.toMatch(/HTTP/)
  })
})

describe('authenticate', () => {
  it('answers auth_error for an id other than the session user', async () => {
    const client = await connect(server.url, { userId: 1200 })
    clients.push(client)
    client.send({ type: 'authenticate', userId: 1201 })
    expect(await client.next(() => true)).toMatchObject({ type: 'auth_error' })
  })

  it('answers authenticated and the online list for the session user', async () => {
    const client = await open({ userId: 1200 })
    expect(client.events[0]).toEqual({ type: 'authenticated', userId: 1200 })
    expect(await client.next(ofType('online_users_list'))).toEqual({ type: 'online_users_list', userIds: [1200] })
  })

  it('lets an admin authenticate as 999 and reach them under both ids', async () => {
    const admin = await open({ userId: 1000, admin: true, as: 999 })
    expect(admin.events[0]).toEqual({ type: 'authenticated', userId: 999 })
    await bus.publish({ userIds: [999] }, balance('1.00'))
    await bus.publish({ userIds: [1000] }, balance('2.00'))
    // addressed under both ids at once, the socket still gets it once
    await bus.publish({ userIds: [999, 1000] }, balance('3.00'))
    await admin.next((event) => event.type === 'balance_updated' && event.balance === '3.00')
    expect(admin.events.filter(ofType('balance_updated'))).toEqual([balance('1.00'), balance('2.00'), balance('3.00')])
  })

  it('refuses 999 to a non-admin session', async () => {
    const client = await connect(server.url, { userId: 1200 })
    clients.push(client)
    client.send({ type: 'authenticate', userId: 999 })
    expect(await client.next(() => true)).toMatchObject({ type: 'auth_error' })
  })
})

describe('messages', () => {
  it('answers ping with pong, before and after authenticating', async () => {
    const client = await connect(server.url, { userId: 1200 })
    clients.push(client)
    client.send({ type: 'ping' })
    expect(await client.next(() => true)).toEqual({ type: 'pong' })
  })

  it('ignores invalid messages', async () => {
    const client = await connect(server.url, { userId: 1200 })
    clients.push(client)
    client.send('not json')
    client.send(JSON.stringify({ type: 'authenticate', userId: 'x' }))
    client.send(JSON.stringify({ type: 'unknown' }))
    client.send({ type: 'ping' })
    await client.next(ofType('pong'))
    expect(client.events).toEqual([{ type: 'pong' }])
  })

  it('closes a socket that sends more than 64 KB with 1009', async () => {
    const client = await connect(server.url, { userId: 1200 })
    client.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(64 * 1024) }))
    expect((await client.closed).code).toBe(1009)
  })

  it('routes module messages to registered handlers, only once authenticated', async () => {
    const seen: { conversationId: number; userIds: readonly number[] }[] = []
    server.gateway.onClientMessage('typing', (message, context) => {
      seen.push({ conversationId: message.conversationId, userIds: context.userIds })
      context.send({ type: 'user_typing', conversationId: message.conversationId, userId: context.session.userId })
    })
    const stranger = await connect(server.url, { userId: 1300 })
    clients.push(stranger)
    stranger.send({ type: 'typing', conversationId: 1 })
    const client = await open({ userId: 1200 })
    client.send({ type: 'typing', conversationId: 2 })
    expect(await client.next(ofType('user_typing'))).toEqual({ type: 'user_typing', conversationId: 2, userId: 1200 })
    expect(seen).toEqual([{ conversationId: 2, userIds: [1200] }])
  })
})

describe('presence and delivery', () => {
  it('announces user_online and user_offline to other clients', async () => {
    const watcher = await open({ userId: 1300 })
    const user = await open({ userId: 1200 })
    const about1200 = (event: ServerEvent) => 'userId' in event && event.userId === 1200
    expect(await watcher.next(about1200)).toEqual({ type: 'user_online', userId: 1200 })
    await user.close()
    expect(await watcher.next(about1200)).toEqual({ type: 'user_offline', userId: 1200 })
  })

  it('stays online while the user has another socket', async () => {
    const watcher = await open({ userId: 1300 })
    const first = await open({ userId: 1200 })
    await open({ userId: 1200 })
    await first.close()
    await bus.publish({ userIds: [1300] }, balance('marker'))
    await watcher.next(ofType('balance_updated'))
    expect(watcher.events.filter(ofType('user_offline'))).toEqual([])
  })

  it('delivers an event to every socket of the user and to no one else', async () => {
    const tab1 = await open({ userId: 1200 })
    const tab2 = await open({ userId: 1200 })
    const other = await open({ userId: 1300 })
    await bus.publish({ userIds: [1200] }, balance('9.99'))
    await bus.publish({ userIds: [1300] }, balance('marker'))
    expect(await tab1.next(ofType('balance_updated'))).toEqual(balance('9.99'))
    expect(await tab2.next(ofType('balance_updated'))).toEqual(balance('9.99'))
    // delivery is in order, so had the first event reached `other` it would come before the marker
    expect(await other.next(ofType('balance_updated'))).toEqual(balance('marker'))
  })

  it('delivers audience all only to authenticated sockets', async () => {
    const anonymous = await connect(server.url, { userId: 1300 })
    clients.push(anonymous)
    const user = await open({ userId: 1200 })
    await bus.publish({ all: true }, { type: 'listing_created', accountId: 4 })
    await user.next(ofType('listing_created'))
    anonymous.send({ type: 'ping' })
    await anonymous.next(ofType('pong'))
    expect(anonymous.events).toEqual([{ type: 'pong' }])
  })
})

describe('lifecycle', () => {
  it('drops a socket that stops answering ws pings', async () => {
    const silent = await connect(server.url, { userId: 1200, autoPong: false })
    expect((await silent.closed).code).toBe(1006)
    await eventually(() => expect(server.gateway.localSocketCount()).toBe(0))
  })

  it('disconnectUser closes all of that user’s sockets only', async () => {
    const tab1 = await open({ userId: 1200 })
    const tab2 = await open({ userId: 1200 })
    const other = await open({ userId: 1300 })
    server.gateway.disconnectUser(1200, 4001, 'logged out')
    expect(await tab1.closed).toEqual({ code: 4001, reason: 'logged out' })
    expect((await tab2.closed).code).toBe(4001)
    expect(other.socket.readyState).toBe(WebSocket.OPEN)
    await eventually(() => expect(server.gateway.localSocketCount()).toBe(1))
  })

  it('asks again at once about a socket whose session was read before its user’s sessions ended (a ban landing mid-handshake)', async () => {
    let lookups = 0
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const ended = new Set<number>()
    const slow = await startGateway({
      bus,
      presence: createLocalPresence(),
      // the session as it was read, before the ban: the lookup answers only once released
      resolveSession: async (req) => {
        lookups++
        await held
        return { userId: Number(req.headers['x-test-user']), isAdmin: false }
      },
      sessionsStillValid: async (sessions) => sessions.map((session) => !ended.has(session.userId)),
    })
    try {
      const bannedTab = connect(slow.url, { userId: 1200 })
      const otherTab = connect(slow.url, { userId: 1300 })
      await eventually(() => expect(lookups).toBe(2))
      // the ban: the session row is gone and every instance closes the user's sockets, none of them open yet here
      ended.add(1200)
      slow.gateway.disconnectUser(1200, 4001, 'session ended: banned')
      release()
      const banned = await bannedTab
      const other = await otherTab
      clients.push(other)
      expect((await banned.closed).code).toBe(4001)
      expect(other.socket.readyState).toBe(WebSocket.OPEN)
      await eventually(() => expect(slow.gateway.localSocketCount()).toBe(1))
    } finally {
      await slow.close()
    }
  })

  it('close() closes every socket with 1012 (the clients reconnect) and announces the users offline before resolving', async () => {
    const published: ServerEvent[] = []
    bus.subscribe((_audience, event) => published.push(event))
    const client = await open({ userId: 1200 })
    await server.gateway.close()
    expect(published).toContainEqual({ type: 'user_offline', userId: 1200 })
    expect((await client.closed).code).toBe(1012)
    expect(server.gateway.localSocketCount()).toBe(0)
  })
})
