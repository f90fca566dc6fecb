import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'
import { openSocket } from '../support/ws-client'
import type { RunningServer } from '../../server/server'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
let db: TestDatabase
let a: RunningServer
let b: RunningServer

beforeAll(async () => {
  db = await createDemoDatabase()
  // two instances of one deployment: same database, Redis, secret and key prefix
  const shared = {
    databaseUrl: db.url,
    redisUrl: REDIS_URL,
    keyPrefix: `two-${randomBytes(4).toString('hex')}`,
    env: { SESSION_SECRET: randomBytes(32).toString('hex'), ...demoEnv() },
    wsHeartbeatMs: 300,
  }
  a = await startTestServer(shared)
  b = await startTestServer(shared)
})

afterAll(async () => {
  await a?.close()
  await b?.close()
  await db?.drop()
})

describe('two instances on one PostgreSQL and Redis', () => {
  it('shares sessions: signed in on A, recognised on B', async () => {
    const onA = new ApiClient(a.url)
    expect((await onA.post('/api/auth/login', { username: 'alice', password: 'handover-demo' })).status).toBe(200)
    const onB = new ApiClient(b.url)
    const me = await onB.get('/api/auth/me', { cookie: onA.cookieHeader })
    expect(me.status).toBe(200)
    expect(me.json.username).toBe('alice')
  })

  it('delivers an event published on A to the user’s socket on B, and presence crosses instances', async () => {
    const alice = new ApiClient(a.url)
    await alice.post('/api/auth/login', { username: 'alice', password: 'handover-demo' })
    const aliceId = Number((await alice.get('/api/auth/me')).json.id)
    const bob = new ApiClient(a.url)
    await bob.post('/api/auth/login', { username: 'bob', password: 'handover-demo' })
    const bobId = Number((await bob.get('/api/auth/me')).json.id)

    const bobOnA = await openSocket(a.url, bob.cookieHeader)
    bobOnA.send({ type: 'authenticate', userId: bobId })
    await bobOnA.next('authenticated')

    const aliceOnB = await openSocket(b.url, alice.cookieHeader)
    aliceOnB.send({ type: 'authenticate', userId: aliceId })
    await aliceOnB.next('authenticated')
    const list = await aliceOnB.next('online_users_list')
    expect(list.userIds).toEqual(expect.arrayContaining([aliceId, bobId]))
    await bobOnA.next('user_online', (e) => e.userId === aliceId)

    await a.bus.publish({ userIds: [aliceId] }, { type: 'balance_updated', balance: '15.00' })
    expect(await aliceOnB.next('balance_updated')).toEqual({ type: 'balance_updated', balance: '15.00' })
    expect(bobOnA.events.some((e) => e.type === 'balance_updated')).toBe(false)

    await aliceOnB.close()
    await bobOnA.next('user_offline', (e) => e.userId === aliceId)
    await bobOnA.close()
  })

  it('refuses an upgrade from a foreign origin and one without a session', async () => {
    const alice = new ApiClient(b.url)
    await alice.post('/api/auth/login', { username: 'alice', password: 'handover-demo' })
    await expect(openSocket(b.url, alice.cookieHeader, 'https://evil.example')).rejects.toThrow(/403/)
    await expect(openSocket(b.url, '')).rejects.toThrow(/401/)
  })

  it('closes a socket on B when its session is signed out on A, and keeps the other device connected', async () => {
    const phone = new ApiClient(a.url)
    await phone.post('/api/auth/login', { username: 'carol', password: 'handover-demo' })
    const laptop = new ApiClient(a.url)
    await laptop.post('/api/auth/login', { username: 'carol', password: 'handover-demo' })
    const carolId = Number((await phone.get('/api/auth/me')).json.id)

    const phoneSocket = await openSocket(b.url, phone.cookieHeader)
    const laptopSocket = await openSocket(b.url, laptop.cookieHeader)
    for (const s of [phoneSocket, laptopSocket]) {
      s.send({ type: 'authenticate', userId: carolId })
      await s.next('authenticated')
    }
    const closed = new Promise<number>((ok) => phoneSocket.socket.once('close', (code) => ok(code)))
    expect((await phone.post('/api/auth/logout')).status).toBe(200)
    expect(await closed).toBe(4001)
    await new Promise((ok) => setTimeout(ok, 800))
    expect(laptopSocket.socket.readyState).toBe(laptopSocket.socket.OPEN)
    await laptopSocket.close()
  })

  it('carries chat across instances: every socket of each participant hears messages, typing and reads', async () => {
    const signIn = async (server: RunningServer, username: string) => {
      const client = new ApiClient(server.url)
      const res = await client.post('/api/auth/login', { username, password: 'handover-demo' })
      return { client, id: Number((res.json.user as { id: number }).id) }
    }
    const alice = await signIn(a, 'alice')
    const bob = await signIn(b, 'bob')
    const socketOf = async (server: RunningServer, person: { client: ApiClient; id: number }) => {
      const socket = await openSocket(server.url, person.client.cookieHeader)
      socket.send({ type: 'authenticate', userId: person.id })
      await socket.next('authenticated')
      return socket
    }
    // alice has a tab on each instance, bob one on B
    const [aliceOnA, aliceOnB, bobOnB] = await Promise.all([socketOf(a, alice), socketOf(b, alice), socketOf(b, bob)])
    try {
      const opened = await alice.client.post('/api/conversations', { sellerId: bob.id })
      expect(opened.status).toBe(201)
      const conversationId = Number(opened.json.id)

      const sent = await alice.client.post(`/api/conversations/${conversationId}/messages`, { content: 'Across instances', clientId: 'x-1' })
      expect(sent.status).toBe(201)
      const messageId = Number(sent.json.id)
      expect((await bobOnB.next('new_message', (e) => e.message.id === messageId)).message.content).toBe('Across instances')
      for (const tab of [aliceOnA, aliceOnB]) expect((await tab.next('message_sent', (e) => e.message.id === messageId)).clientId).toBe('x-1')

      bobOnB.send({ type: 'typing', conversationId })
      for (const tab of [aliceOnA, aliceOnB]) expect(await tab.next('user_typing')).toEqual({ type: 'user_typing', conversationId, userId: bob.id })

      expect((await bob.client.post(`/api/conversations/${conversationId}/read`)).json).toEqual({ updated: 1 })
      for (const tab of [aliceOnA, aliceOnB]) {
        expect(await tab.next('MESSAGE_READ_UPDATE')).toMatchObject({ messageId, userId: bob.id, userRole: 'seller' })
      }
    } finally {
      await Promise.all([aliceOnA, aliceOnB, bobOnB].map((s) => s.close()))
    }
  })

  it('delivers a message sent over a socket on B to the other party on A', async () => {
    const login = async (server: RunningServer, username: string) => {
      const client = new ApiClient(server.url)
      const res = await client.post('/api/auth/login', { username, password: 'handover-demo' })
      const id = Number((res.json.user as { id: number }).id)
      const socket = await openSocket(server.url, client.cookieHeader)
      socket.send({ type: 'authenticate', userId: id })
      await socket.next('authenticated')
      return { client, id, socket }
    }
    const carol = await login(a, 'carol')
    const bob = await login(b, 'bob')
    try {
      const opened = await carol.client.post('/api/conversations', { sellerId: bob.id })
      const conversationId = Number(opened.json.id)
      bob.socket.send({ type: 'send_message', conversationId, content: 'Sent from B', clientId: 'ws-b-1' })
      const acknowledged = await bob.socket.next('message_sent', (e) => e.clientId === 'ws-b-1')
      expect(acknowledged.message).toMatchObject({ content: 'Sent from B', senderId: bob.id })
      expect(await carol.socket.next('new_message', (e) => e.message.id === acknowledged.message.id)).toEqual({
        type: 'new_message',
        conversationId,
        message: acknowledged.message,
      })
    } finally {
      await Promise.all([carol.socket.close(), bob.socket.close()])
    }
  })
})
