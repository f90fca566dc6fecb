import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { SESSION_MESSAGES, signedInSessionListSchema, type SignedInSession } from '../../src/shared/api/sessions'
import type { RunningServer } from '../../server/server'
import { WS_HEARTBEAT_MS } from '../../server/realtime/gateway'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { addUser, PASSWORD, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { openSocket } from '../support/ws-client'

const UA = {
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
}
/** A socket of an ended session must close at once, not at the heartbeat that would find it anyway. */
const PROMPTLY_MS = 2_000

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
const sockets: Awaited<ReturnType<typeof openSocket>>[] = []

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
})

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()))
  await sql?.end()
  await server?.close()
  await db?.drop()
})

const someone = (prefix: string) => addUser(server, `${prefix}_${randomBytes(3).toString('hex')}`)

/** Another browser of the user, signed in with its own user agent. */
async function signIn(user: TestUser, userAgent: string, on: RunningServer = server): Promise<ApiClient> {
  const client = new ApiClient(on.url, { origin: on.url, 'user-agent': userAgent })
  const res = await client.post('/api/auth/login', { username: user.username, password: PASSWORD })
  expect(res.status, res.text).toBe(200)
  return client
}

async function sessionsOf(client: ApiClient): Promise<SignedInSession[]> {
  const res = await client.get('/api/auth/sessions')
  expect(res.status, res.text).toBe(200)
  return signedInSessionListSchema.parse(res.json)
}

const current = async (client: ApiClient) => (await sessionsOf(client)).find((s) => s.current)!

async function liveSocket(client: ApiClient, userId: number, on: RunningServer = server) {
  const socket = await openSocket(on.url, client.cookieHeader)
  sockets.push(socket)
  socket.send({ type: 'authenticate', userId })
  await socket.next('authenticated')
  return socket
}

/** The close code and how long after `from` it came; no close within a few seconds is a failure, not a wait for the heartbeat. */
const closing = (socket: Awaited<ReturnType<typeof openSocket>>, from: () => number) =>
  new Promise<{ code: number | null; afterMs: number }>((resolve) => {
    const timer = setTimeout(() => resolve({ code: null, afterMs: Infinity }), 3 * PROMPTLY_MS)
    socket.socket.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, afterMs: performance.now() - from() })
    })
  })

const del = (client: ApiClient, id: string) => client.request('DELETE', `/api/auth/sessions/${id}`)
const rowCount = async () => Number((await sql.query('select count(*)::int as n from sessions')).rows[0].n)
const row = async (publicId: string) =>
  (await sql.query('select * from sessions where public_id = $1', [publicId])).rows[0] as Record<string, unknown> | undefined

describe('GET /api/auth/sessions', () => {
  it("lists each of the user's sign-ins with its browser, address and times, this one marked, the most recent first; no one else's", async () => {
    const ann = await someone('ann')
    const laptop = await signIn(ann, UA.windows)
    const phone = await signIn(ann, UA.iphone)
    const stranger = await someone('stranger')
    const phoneId = (await current(phone)).id
    const firstId = (await current(ann.client)).id
    // the phone was last used two hours ago, the first browser one hour ago; the laptop asks now
    await sql.query(`update sessions set last_seen_at = now() - interval '2 hours' where public_id = $1`, [phoneId])
    await sql.query(`update sessions set last_seen_at = now() - interval '1 hour' where public_id = $1`, [firstId])

    const list = await sessionsOf(laptop)
    expect(list.map((s) => s.device)).toEqual(['Chrome on Windows', 'Unknown device', 'Safari on iPhone'])
    expect(list.map((s) => s.id)).toEqual([expect.any(String), firstId, phoneId])
    expect(list.map((s) => s.current)).toEqual([true, false, false])
    expect(list[0]).toMatchObject({ userAgent: UA.windows, ip: expect.stringMatching(/127\.0\.0\.1$/) })
    expect(list[2]).toMatchObject({ userAgent: UA.iphone, current: false })
    for (const session of list) {
      expect(Date.parse(session.createdAt)).toBeLessThanOrEqual(Date.now())
      expect(session.lastSeenAt).not.toBeNull()
    }
    // each browser is "current" on its own list, and the stranger's sessions are on neither
    expect((await current(phone)).id).toBe(phoneId)
    const theirs = (await sessionsOf(stranger.client)).map((s) => s.id)
    expect(theirs).toHaveLength(1)
    expect(list.map((s) => s.id)).not.toContain(theirs[0])
    // the stored id (a hash of the cookie's key) never leaves the server
    const stored = (await sql.query('select id from sessions where user_id = $1', [ann.id])).rows.map((r) => String(r.id))
    expect(JSON.stringify(list)).not.toContain(stored[0])
  })

  it('leaves out expired sessions, and keeps 512 characters of a longer user agent', async () => {
    const ben = await someone('ben')
    const long = `${UA.linux} ${'x'.repeat(2_000)}`
    const tab = await signIn(ben, long)
    const old = await signIn(ben, UA.iphone)
    await sql.query(`update sessions set expires_at = now() - interval '1 second' where public_id = $1`, [(await current(old)).id])
    const list = await sessionsOf(tab)
    expect(list).toHaveLength(2)
    const mine = list.find((s) => s.current)!
    expect(mine.userAgent).toBe(long.slice(0, 512))
    expect(mine.device).toBe('Firefox on Linux')
  })
})

describe('DELETE /api/auth/sessions/:id', () => {
  it('signs out another session of yours at once: its next request is a visitor’s and its socket closes long before the heartbeat', async () => {
    const cat = await someone('cat')
    const laptop = await signIn(cat, UA.windows)
    const phone = await signIn(cat, UA.iphone)
    const phoneId = (await current(phone)).id
    const here = await liveSocket(laptop, cat.id)
    const there = await liveSocket(phone, cat.id)
    let sentAt = 0
    const closed = closing(there, () => sentAt)

    sentAt = performance.now()
    const res = await del(laptop, phoneId)
    expect(res.status, res.text).toBe(204)
    const { code, afterMs } = await closed
    expect(code).toBe(4001)
    expect(afterMs).toBeLessThan(PROMPTLY_MS)
    expect(PROMPTLY_MS).toBeLessThan(WS_HEARTBEAT_MS / 10)
    expect(there.events).toContainEqual({ type: 'session_ended', reason: 'signed_out' })
    expect((await phone.get('/api/auth/me')).status).toBe(401)
    expect(await row(phoneId)).toBeUndefined()
    // the laptop stays signed in, its socket heard nothing and still answers
    expect((await laptop.get('/api/auth/me')).status).toBe(200)
    here.send({ type: 'ping' })
    await here.next('pong')
    expect(here.events.map((e) => e.type)).not.toContain('session_ended')
    expect((await sessionsOf(laptop)).map((s) => s.id)).not.toContain(phoneId)
    // signed out already: the same id again is not found
    expect((await del(laptop, phoneId)).status).toBe(404)
  })

  it('answers "Session not found" for another user’s session, an unknown id and a malformed one, and ends nothing', async () => {
    const dan = await someone('dan')
    const eve = await someone('eve')
    const evePhone = await signIn(eve, UA.iphone)
    const eveId = (await current(evePhone)).id
    const eveSocket = await liveSocket(evePhone, eve.id)
    const expired = await signIn(dan, UA.linux)
    const expiredId = (await current(expired)).id
    await sql.query(`update sessions set expires_at = now() - interval '1 second' where public_id = $1`, [expiredId])
    const before = await rowCount()

    const ids = [
      eveId,
      randomUUID(),
      expiredId,
      'not-a-session',
      '12345',
      `${eveId}x`,
      eveId.replace(/-/g, ''),
      "' or '1'='1",
      '%00',
      eveId.toUpperCase(),
    ]
    for (const id of ids) {
      const res = await del(dan.client, encodeURIComponent(id))
      expect(res.status, id).toBe(404)
      expect(res.json.message, id).toBe(SESSION_MESSAGES.notFound)
    }
    expect(await rowCount()).toBe(before)
    expect((await evePhone.get('/api/auth/me')).status).toBe(200)
    eveSocket.send({ type: 'ping' })
    await eveSocket.next('pong')
    expect((await dan.client.get('/api/auth/me')).status).toBe(200)
  })

  it('signs this browser out when it is the one named: its cookie goes and its socket closes', async () => {
    const fay = await someone('fay')
    const tab = await signIn(fay, UA.windows)
    const socket = await liveSocket(tab, fay.id)
    let sentAt = 0
    const closed = closing(socket, () => sentAt)
    const mine = await current(tab)

    sentAt = performance.now()
    const res = await del(tab, mine.id)
    expect(res.status, res.text).toBe(204)
    expect(res.headers.getSetCookie().some((c) => /expires=Thu, 01 Jan 1970/i.test(c))).toBe(true)
    expect((await closed).afterMs).toBeLessThan(PROMPTLY_MS)
    expect((await tab.get('/api/auth/me')).status).toBe(401)
    expect(await row(mine.id)).toBeUndefined()
    // the user's other browser is untouched
    expect((await fay.client.get('/api/auth/me')).status).toBe(200)
  })
})

describe('POST /api/auth/sessions/sign-out-others', () => {
  it('signs out every other session of the user and closes their sockets at once; this one and other users stay', async () => {
    const gil = await someone('gil')
    const hal = await someone('hal')
    const laptop = await signIn(gil, UA.windows)
    const phone = await signIn(gil, UA.iphone)
    const lapsed = await signIn(gil, UA.linux)
    await sql.query(`update sessions set expires_at = now() - interval '1 second' where public_id = $1`, [(await current(lapsed)).id])
    const here = await liveSocket(laptop, gil.id)
    const theirs = await liveSocket(hal.client, hal.id)
    const others = [await liveSocket(phone, gil.id), await liveSocket(gil.client, gil.id)]
    let sentAt = 0
    const closed = others.map((socket) => closing(socket, () => sentAt))

    sentAt = performance.now()
    const res = await laptop.post('/api/auth/sessions/sign-out-others')
    expect(res.status, res.text).toBe(200)
    // the lapsed session goes too, but it was signed out already
    expect(res.json).toEqual({ ended: 2 })
    for (const { code, afterMs } of await Promise.all(closed)) {
      expect(code).toBe(4001)
      expect(afterMs).toBeLessThan(PROMPTLY_MS)
    }
    expect((await phone.get('/api/auth/me')).status).toBe(401)
    expect((await gil.client.get('/api/auth/me')).status).toBe(401)
    expect(Number((await sql.query('select count(*)::int as n from sessions where user_id = $1', [gil.id])).rows[0].n)).toBe(1)
    expect((await sessionsOf(laptop)).map((s) => s.current)).toEqual([true])
    for (const socket of [here, theirs]) {
      socket.send({ type: 'ping' })
      await socket.next('pong')
    }
    expect((await hal.client.get('/api/auth/me')).status).toBe(200)
    expect((await laptop.post('/api/auth/sessions/sign-out-others')).json).toEqual({ ended: 0 })
  })

  it('needs a session, as the list and signing one out do', async () => {
    const visitor = new ApiClient(server.url, { origin: server.url })
    for (const [method, path] of [
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/auth/sessions/sign-out-others'],
      ['DELETE', `/api/auth/sessions/${randomUUID()}`],
    ] as const) {
      const res = await visitor.request(method, path, method === 'POST' ? {} : undefined)
      expect(res.status, path).toBe(401)
    }
  })
})

describe('the last use of a session', () => {
  it('is written at most once a minute, with where it came from; the sign-in time stays', async () => {
    const ida = await someone('ida')
    const tab = await signIn(ida, UA.windows)
    const { id } = await current(tab)
    const seen = async () => (await sql.query('select created_at, last_seen_at, user_agent, ip from sessions where public_id = $1', [id])).rows[0]
    // within the minute a request writes nothing
    await sql.query(`update sessions set created_at = now() - interval '3 days', last_seen_at = now() - interval '30 seconds' where public_id = $1`, [
      id,
    ])
    const fresh = await seen()
    expect((await tab.get('/api/auth/me', { 'user-agent': UA.linux })).status).toBe(200)
    expect(await seen()).toEqual(fresh)

    // past the minute the next request moves it, and notes the browser it now comes from
    await sql.query(`update sessions set last_seen_at = now() - interval '61 seconds' where public_id = $1`, [id])
    const stale = await seen()
    expect((await tab.get('/api/auth/me', { 'user-agent': UA.linux })).status).toBe(200)
    const moved = await seen()
    expect(moved.last_seen_at.getTime()).toBeGreaterThan(stale.last_seen_at.getTime() + 55_000)
    expect(moved.created_at).toEqual(fresh.created_at)
    expect(moved.user_agent).toBe(UA.linux)
    const listed = await current(tab)
    expect(listed.device).toBe('Firefox on Linux')
    expect(Date.parse(listed.createdAt)).toBe(fresh.created_at.getTime())
  })
})

describe('two instances on one database and Redis', () => {
  it('closes the socket on the other instance at once', async () => {
    const shared = {
      databaseUrl: db.url,
      redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      keyPrefix: `sess-${randomBytes(4).toString('hex')}`,
      env: { SESSION_SECRET: randomBytes(32).toString('hex') },
    }
    const a = await startTestServer(shared)
    const b = await startTestServer(shared)
    try {
      const jon = await someone('jon')
      const onA = await signIn(jon, UA.windows, a)
      const onB = await signIn(jon, UA.iphone, b)
      const socket = await liveSocket(onB, jon.id, b)
      let sentAt = 0
      const closed = closing(socket, () => sentAt)
      const target = (await sessionsOf(onB)).find((s) => s.current)!
      sentAt = performance.now()
      expect((await del(onA, target.id)).status).toBe(204)
      const { code, afterMs } = await closed
      expect(code).toBe(4001)
      expect(afterMs).toBeLessThan(PROMPTLY_MS)
      expect((await onB.get('/api/auth/me')).status).toBe(401)
    } finally {
      await a.close()
      await b.close()
    }
  })
})
