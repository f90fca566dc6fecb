/**
 * Faults under a light steady load, on a PostgreSQL cluster and a Redis server of this test's own, with two instances
 * in front of them: PostgreSQL stopped as a crash would and started again, then Redis killed and started empty.
 * Requests get a clear 503 with a message while the database is away, nothing needs Redis to answer, both instances
 * recover by themselves, live delivery and presence come back, the ledger holds and no answered operation is lost.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { openDatabase, type Orm } from '../../server/db/orm'
import { verifyLedger } from '../../server/modules/ledger/ledger-verify'
import type { RunningServer } from '../../server/server'
import { insertUsers, pairUp, signIn, type BenchConversation, type BenchUser } from '../bench/chat-users'
import { fundWallets, insertListings } from '../support/market-data'
import { startTestServer } from '../support/server'
import { startThrowawayPostgres, startThrowawayRedis, type ThrowawayPostgres, type ThrowawayRedis } from '../support/throwaway-services'
import { openSocket } from '../support/ws-client'

const WORKERS = 6
const REQUEST_TIMEOUT_MS = 20_000

interface Outcome {
  phase: string
  method: string
  path: string
  request: unknown
  status: number
  body: unknown
  headers: Headers
}

let postgres: ThrowawayPostgres
let redis: ThrowawayRedis
let databaseUrl: string
let a: RunningServer
let b: RunningServer
let orm: Orm
let buyers: BenchUser[]
let conversations: BenchConversation[]
let listings: number[]

beforeAll(async () => {
  ;[postgres, redis] = await Promise.all([startThrowawayPostgres(), startThrowawayRedis()])
  databaseUrl = await postgres.createDatabase('handover_faults')
  // two instances of one deployment on this test's own PostgreSQL and Redis
  const shared = {
    databaseUrl,
    redisUrl: redis.url,
    keyPrefix: 'faults',
    env: { SESSION_SECRET: randomBytes(32).toString('hex') },
    wsHeartbeatMs: 500,
  }
  a = await startTestServer(shared)
  b = await startTestServer(shared)
  const people = await signIn(a.url, await insertUsers(databaseUrl, 'fault_', 12))
  buyers = people.filter((_, i) => i % 2 === 0)
  const sellers = people.filter((_, i) => i % 2 === 1)
  conversations = await pairUp(databaseUrl, people)
  listings = await insertListings(
    databaseUrl,
    sellers.map((s) => s.id),
    300,
    1_000,
    'fault',
  )
  await fundWallets(
    databaseUrl,
    buyers.map((u) => u.id),
    200_000,
  )
  orm = await openDatabase(databaseUrl, 2)
}, 120_000)

afterAll(async () => {
  await orm?.close().catch(() => {})
  await a?.close().catch(() => {})
  await b?.close().catch(() => {})
  await postgres?.destroy()
  await redis?.destroy()
})

/** Reads, purchases paid from the balance, sandbox deposits and chat messages, each answer recorded with its phase. */
function startLoad() {
  const outcomes: Outcome[] = []
  const unanswered: string[] = []
  let phase = 'steady'
  let running = true
  let turn = 0

  async function call(user: BenchUser, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Outcome | null> {
    // round robin over the two instances, as a load balancer would
    const base = turn++ % 2 === 0 ? a.url : b.url
    try {
      const res = await fetch(new URL(path, base), {
        method,
        headers: { cookie: user.cookie, origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
      const text = await res.text()
      let parsed: unknown = text
      try {
        parsed = text ? JSON.parse(text) : null
      } catch {
        // an HTML page (the sandbox checkout)
      }
      const outcome = { phase, method, path, request: body, status: res.status, body: parsed, headers: res.headers }
      outcomes.push(outcome)
      return outcome
    } catch (err) {
      unanswered.push(`${phase} ${method} ${path}: ${String(err)}`)
      return null
    }
  }

  const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!

  async function purchase(buyer: BenchUser) {
    const listingId = listings.pop()
    if (listingId === undefined) return
    const opened = await call(buyer, 'POST', '/api/transactions', { listingId }, { 'idempotency-key': randomUUID() })
    if (opened?.status !== 201) return
    await call(buyer, 'POST', `/api/transactions/${(opened.body as { id: number }).id}/pay`, {}, { 'idempotency-key': randomUUID() })
  }

  async function deposit(buyer: BenchUser) {
    const created = await call(buyer, 'POST', '/api/payments/deposits', { amount: 20, method: 'card' })
    if (created?.status !== 201) return
    const { checkoutUrl, orderId } = created.body as { checkoutUrl: string; orderId: string }
    const page = await call(buyer, 'GET', new URL(checkoutUrl).pathname)
    const token = /name="token" value="([^"]+)"/.exec(typeof page?.body === 'string' ? page.body : '')?.[1]
    if (!token) return
    const form = new URLSearchParams({ token, outcome: 'paid' }).toString()
    const paid = await call(buyer, 'POST', new URL(checkoutUrl).pathname, form, { 'content-type': 'application/x-www-form-urlencoded' })
    if (!paid || paid.status >= 400) return
    await call(buyer, 'POST', '/api/trustap/verify-payment', { order_id: orderId, type: 'deposit' })
  }

  async function chat() {
    const conversation = pick(conversations)
    await call(conversation.buyer, 'POST', `/api/conversations/${conversation.id}/messages`, {
      content: `load ${randomUUID()}`,
      clientId: randomUUID(),
    })
  }

  async function read(user: BenchUser) {
    await call(user, 'GET', pick(['/api/auth/me', '/api/accounts?limit=5', '/api/conversations', '/api/notifications', '/api/transactions']))
  }

  const worker = async () => {
    while (running) {
      const buyer = pick(buyers)
      const roll = Math.random()
      if (roll < 0.4) await read(buyer)
      else if (roll < 0.65) await chat()
      else if (roll < 0.9) await purchase(buyer)
      else await deposit(buyer)
      // a light load: a few requests a second per worker, leaving the machine to the servers
      await new Promise((ok) => setTimeout(ok, 50))
    }
  }
  const workers = Array.from({ length: WORKERS }, worker)
  return {
    outcomes,
    unanswered,
    setPhase: (next: string) => (phase = next),
    async stop() {
      running = false
      await Promise.all(workers)
    },
  }
}

/** One query on a connection of its own: a long-lived one would not outlive the restart. */
async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query<T>(text, values)).rows
  } finally {
    await client.end()
  }
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms))

/** Until `ready` answers true (a recovery), at most a minute. */
async function eventually(what: string, ready: () => Promise<boolean>) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (await ready().catch(() => false)) return
    await sleep(200)
  }
  throw new Error(`${what} did not happen within a minute`)
}

const serverErrors = (outcomes: Outcome[]) => outcomes.filter((o) => o.status >= 500)

/** Every 2xx the load was given left its mark in the database. */
async function expectAnsweredStored(outcomes: Outcome[]) {
  const ok = outcomes.filter((o) => o.status >= 200 && o.status < 300)
  const ids = (path: RegExp) => ok.filter((o) => o.method === 'POST' && path.test(o.path)).map((o) => (o.body as { id: number }).id)

  const opened = ids(/^\/api\/transactions$/)
  const paid = ok.filter((o) => /^\/api\/transactions\/\d+\/pay$/.test(o.path)).map((o) => Number(/\d+/.exec(o.path)![0]))
  const deals = new Map((await query<{ id: number; status: string }>('select id, status from escrow_transactions')).map((r) => [r.id, r.status]))
  expect(opened.filter((id) => !deals.has(id))).toEqual([])
  expect(paid.filter((id) => deals.get(id) !== 'fee_paid')).toEqual([])

  const messages = ids(/^\/api\/conversations\/\d+\/messages$/)
  const stored = new Set((await query<{ id: number }>('select id from messages where id = any($1::int[])', [messages])).map((r) => r.id))
  expect(messages.filter((id) => !stored.has(id))).toEqual([])

  const verified = ok.filter((o) => o.path === '/api/trustap/verify-payment' && (o.body as { success?: boolean }).success)
  const credited = new Set(
    (await query<{ order_id: string }>(`select order_id from payment_orders where status = 'credited'`)).map((r) => r.order_id),
  )
  const orderOf = (o: Outcome) => (o.request as { order_id: string }).order_id
  expect(verified.filter((o) => !credited.has(orderOf(o)))).toEqual([])
  return { opened: opened.length, paid: paid.length, messages: messages.length, deposits: verified.length }
}

async function expectLedgerWhole() {
  const failing = (await verifyLedger(orm.em.fork())).filter((check) => check.problems.length > 0)
  expect(failing).toEqual([])
}

describe('PostgreSQL restarted under load', () => {
  it('answers 503 with a message while it is away, recovers without a restart, and loses nothing answered', { timeout: 180_000 }, async () => {
    const [alice, bob] = [conversations[0]!.buyer, conversations[0]!.seller]
    const socket = await openSocket(a.url, alice.cookie)
    socket.send({ type: 'authenticate', userId: alice.id })
    await socket.next('authenticated')

    const load = startLoad()
    try {
      await sleep(3_000)
      load.setPhase('down')
      await postgres.stop()
      await sleep(1_500)
      // a message over a socket is refused with the same message, and a new socket is refused with 503
      socket.send({ type: 'send_message', conversationId: conversations[0]!.id, content: 'while the database is away', clientId: 'pg-down' })
      const refused = await socket.next('send_message_error', (e) => e.clientId === 'pg-down', 15_000)
      expect(refused.code).toBe('unavailable')
      expect(refused.message).toMatch(/temporarily unavailable/)
      await expect(openSocket(b.url, bob.cookie)).rejects.toThrow(/503/)
      await sleep(1_500)

      load.setPhase('back')
      await postgres.start()
      await eventually('both instances answering again', async () => {
        const answers = await Promise.all([a, b].map((s) => fetch(`${s.url}/api/auth/me`, { headers: { cookie: alice.cookie } })))
        return answers.every((res) => res.status === 200)
      })
      load.setPhase('after')
      await sleep(3_000)
    } finally {
      await load.stop()
      await socket.close()
    }

    expect(load.unanswered).toEqual([])
    const down = load.outcomes.filter((o) => o.phase === 'down')
    // the outage did reach requests, and each was told so clearly
    expect(serverErrors(down).length).toBeGreaterThan(0)
    for (const o of serverErrors(load.outcomes)) {
      expect(o.status, `${o.method} ${o.path}`).toBe(503)
      // a refused database connection looks like any refused connection: a payment step may blame its provider
      expect(o.body, `${o.method} ${o.path}`).toMatchObject({
        error: { code: 'unavailable', message: expect.stringMatching(/temporarily unavailable|cannot be reached/) },
      })
    }
    const told = serverErrors(load.outcomes).filter((o) => /temporarily unavailable/.test(JSON.stringify(o.body)))
    expect(told.length).toBeGreaterThan(0)
    for (const o of told) expect(o.headers.get('retry-after'), `${o.method} ${o.path}`).toBe('5')
    // steady before, and whole again after: everything answered, and nothing failed
    for (const phase of ['steady', 'after']) {
      const inPhase = load.outcomes.filter((o) => o.phase === phase)
      expect(inPhase.length, phase).toBeGreaterThan(10)
      expect(serverErrors(inPhase), phase).toEqual([])
    }
    const after = load.outcomes.filter((o) => o.phase === 'after' && o.status < 300)
    expect(after.some((o) => o.path.endsWith('/pay')) || after.some((o) => o.path.endsWith('/messages'))).toBe(true)

    await expectLedgerWhole()
    const done = await expectAnsweredStored(load.outcomes)
    expect(done.paid + done.messages).toBeGreaterThan(5)
  })
})

describe('Redis stopped under load', () => {
  it('keeps answering without it, then resumes live delivery and presence across instances once it is back', { timeout: 180_000 }, async () => {
    const conversation = conversations[1]!
    const [alice, bob] = [conversation.buyer, conversation.seller]
    const connect = async (server: RunningServer, user: BenchUser) => {
      const s = await openSocket(server.url, user.cookie)
      s.send({ type: 'authenticate', userId: user.id })
      await s.next('authenticated')
      return s
    }
    // alice's socket on A, bob's on B: every event between them crosses Redis
    let aliceSocket = await connect(a, alice)
    let bobSocket = await connect(b, bob)
    const say = async (content: string) => {
      const res = await fetch(`${a.url}/api/conversations/${conversation.id}/messages`, {
        method: 'POST',
        headers: { cookie: alice.cookie, origin: a.url, 'content-type': 'application/json' },
        body: JSON.stringify({ content, clientId: randomUUID() }),
      })
      expect(res.status).toBe(201)
      return ((await res.json()) as { id: number }).id
    }
    const before = await say('before the outage')
    await bobSocket.next('new_message', (e) => e.message.id === before)

    const load = startLoad()
    let closedWith: number[] = []
    try {
      await sleep(2_000)
      load.setPhase('down')
      const closes = [aliceSocket, bobSocket].map((s) => new Promise<number>((ok) => s.socket.once('close', (code) => ok(code))))
      await redis.stop()
      await sleep(1_000)
      // sign-in counts its attempts in Redis: without it the limit is kept in memory, and signing in still works
      const fresh = await signIn(b.url, [{ id: alice.id, username: alice.username }])
      expect(fresh[0]!.cookie).toMatch(/handover\.sid=/)
      await say('while Redis is away')
      await sleep(2_000)

      load.setPhase('back')
      await redis.start()
      // back: each instance asks its sockets to reconnect (1012), since whatever was published meanwhile is lost
      closedWith = await Promise.race([Promise.all(closes), sleep(30_000).then(() => [])])
      load.setPhase('after')
      await sleep(2_000)
    } finally {
      await load.stop()
    }
    expect(closedWith).toEqual([1012, 1012])

    // nothing needs Redis to answer: no request failed at any time
    expect(load.unanswered).toEqual([])
    expect(load.outcomes.filter((o) => o.phase === 'down').length).toBeGreaterThan(10)
    expect(serverErrors(load.outcomes)).toEqual([])

    // the clients reconnect as a browser does; presence is rebuilt on the empty Redis and crosses instances again
    aliceSocket = await connect(a, alice)
    bobSocket = await connect(b, bob)
    try {
      await aliceSocket.next('user_online', (e) => e.userId === bob.id, 15_000)
      await eventually('presence of both instances listed', async () => {
        const probe = await connect(a, conversations[2]!.buyer)
        const list = await probe.next('online_users_list')
        await probe.close()
        return list.userIds.includes(alice.id) && list.userIds.includes(bob.id)
      })
      const after = await say('after the outage')
      expect((await bobSocket.next('new_message', (e) => e.message.id === after, 15_000)).message.content).toBe('after the outage')
    } finally {
      await Promise.all([aliceSocket.close(), bobSocket.close()])
    }

    await expectLedgerWhole()
    await expectAnsweredStored(load.outcomes)
  })
})
