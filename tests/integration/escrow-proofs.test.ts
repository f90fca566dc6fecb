/**
 * The escrow issue's proofs against the real PostgreSQL: 20 workers trading at random for 30 s keep the ledger
 * whole, and so does the same workload with the server killed (SIGKILL) halfway and started again, with no
 * answered operation lost.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { openDatabase, type Orm } from '../../server/db/orm'
import { verifyLedger } from '../../server/modules/ledger/ledger-verify'
import { insertUsers, signIn } from '../bench/chat-users'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { fundWallets, insertListings } from '../support/market-data'
import { spawnServer, type ServerProcess } from '../support/server-process'
import { runWorkload, type Answered, type Person, type WorkloadResult } from './escrow-workload'

const WORKERS = 20
const SECONDS = 30

interface Market {
  db: TestDatabase
  orm: Orm
  sql: pg.Client
  buyers: Person[]
  sellers: Person[]
  admin: Person
  listings: number[]
}

const markets: Market[] = []
const servers: ServerProcess[] = []

/** A database with 30 buyers (each with $3,000), 10 sellers ($500 each) with 400 listings of $100, an admin. */
async function market(url: string, db: TestDatabase, prefix: string): Promise<Market> {
  const buyers = await signIn(url, await insertUsers(db.url, `${prefix}buyer_`, 30))
  const sellers = await signIn(url, await insertUsers(db.url, `${prefix}seller_`, 10))
  const [admin] = await signIn(url, await insertUsers(db.url, `${prefix}admin_`, 1, true), true)
  const listings = await insertListings(
    db.url,
    sellers.map((s) => s.id),
    400,
    10_000,
    prefix,
  )
  await fundWallets(
    db.url,
    buyers.map((b) => b.id),
    300_000,
  )
  await fundWallets(
    db.url,
    sellers.map((s) => s.id),
    50_000,
  )
  const sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  const m = { db, orm: await openDatabase(db.url, 2), sql, buyers, sellers, admin: admin!, listings }
  markets.push(m)
  return m
}

afterAll(async () => {
  for (const server of servers) await server.stop()
  for (const m of markets) {
    await m.sql.end()
    await m.orm.close()
    await m.db.drop()
  }
})

/** Every invariant of `npm run ledger:verify`, and every 2xx answer stored with its key in the same commit. */
async function expectWhole(m: Market, result: WorkloadResult) {
  const failing = (await verifyLedger(m.orm.em.fork())).filter((check) => check.problems.length > 0)
  expect(failing).toEqual([])
  expect(result.replayMismatches).toEqual([])
  const succeeded = result.answered.filter((a) => a.status >= 200 && a.status < 300)
  // requests that move money under an Idempotency-Key commit the key with their effects
  const keyed = succeeded.filter((a) => a.path.startsWith('/api/transactions') || a.path === '/api/withdrawals')
  const { rows } = await m.sql.query<{ user_id: number; key: string; status_code: number }>('select user_id, key, status_code from idempotency_keys')
  const stored = new Map(rows.map((r) => [`${r.user_id}:${r.key}`, r.status_code]))
  const missing = keyed.filter((a: Answered) => stored.get(a.key) !== a.status)
  expect(missing.map((a) => `${a.path} ${a.status}`)).toEqual([])
  // a deposit the return screen was told succeeded is credited; an admin's answered decision stands
  const verified = succeeded.filter((a) => a.path === '/api/trustap/verify-payment' && (a.response as { success: boolean }).success)
  const orders = await m.sql.query<{ order_id: string }>(`select order_id from payment_orders where status = 'credited'`)
  const credited = new Set(orders.rows.map((r) => r.order_id))
  expect(verified.filter((a) => !credited.has((a.body as { order_id: string }).order_id)).length).toBe(0)
  const decided = succeeded.filter((a) => a.path.startsWith('/api/admin/withdrawals/'))
  const rowsDecided = await m.sql.query<{ id: number; status: string }>(`select id, status from withdrawals where status <> 'requested'`)
  const decidedIds = new Map(rowsDecided.rows.map((r) => [r.id, r.status]))
  for (const a of decided) {
    const [, id, action] = /\/(\d+)\/(approve|reject)$/.exec(a.path)!
    expect(decidedIds.get(Number(id))).toBe(action === 'approve' ? 'approved' : 'rejected')
  }
  // and the deals they answered exist as answered or further along
  const deals = await m.sql.query<{ n: number }>('select count(*)::int as n from escrow_transactions')
  expect(deals.rows[0]!.n).toBeGreaterThanOrEqual(succeeded.filter((a) => a.path === '/api/transactions').length)
  // each key applied once: every deal, withdrawal and deposit order there is was made by exactly one stored key's
  // request (the workload sends every write with one), so a request applied twice would leave one no key names
  const madeOnce = async (table: string, idOf: string, answeredBy: string) => {
    const { rows: made } = await m.sql.query<{ id: string }>(`select ${idOf}::text as id from ${table} order by 1`)
    const { rows: named } = await m.sql.query<{ id: string }>(
      `select ${answeredBy} as id from idempotency_keys where status_code = 201 and ${answeredBy} is not null order by 1`,
    )
    expect(made.length).toBeGreaterThan(0)
    expect(named.map((r) => r.id)).toEqual(made.map((r) => r.id))
  }
  await madeOnce('escrow_transactions', 'id', `(case when response ? 'displayId' then response->>'id' end)`)
  await madeOnce('withdrawals', 'id', `(case when response ? 'destination' then response->>'id' end)`)
  await madeOnce(`payment_orders where kind = 'deposit'`, 'order_id', `(case when response ? 'checkoutUrl' then response->>'orderId' end)`)
}

describe('escrow under a random workload', () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase()
  })

  it(`keeps the ledger whole with ${WORKERS} workers trading for ${SECONDS} s`, { timeout: 180_000 }, async () => {
    const server = await spawnServer({ databaseUrl: db.url, sessionSecret: randomBytes(32).toString('hex') })
    servers.push(server)
    const m = await market(server.url, db, 'w')
    const result = await runWorkload({ baseUrl: () => server.url, ...m, workers: WORKERS, seconds: SECONDS })
    // it did trade: deals went all the way, and others were cancelled, refunded and disputed
    const statuses = (await m.sql.query<{ status: string; n: number }>('select status, count(*)::int as n from escrow_transactions group by status'))
      .rows
    const count = (status: string) => statuses.find((s) => s.status === status)?.n ?? 0
    expect(count('completed') + count('refunded') + count('cancelled')).toBeGreaterThan(10)
    expect(result.answered.filter((a) => a.path.endsWith('/pay') && a.status === 200).length).toBeGreaterThan(10)
    // and bought from the balance in one request, as Buy Now does
    expect(
      result.answered.filter((a) => a.path === '/api/transactions' && a.status === 201 && (a.body as { pay?: string }).pay === 'balance').length,
    ).toBeGreaterThan(3)
    expect(
      result.answered.filter((a) => a.path === '/api/trustap/verify-payment' && (a.response as { success: boolean }).success).length,
    ).toBeGreaterThan(3)
    expect(result.answered.filter((a) => a.path === '/api/withdrawals' && a.status === 201).length).toBeGreaterThan(3)
    await expectWhole(m, result)
  })

  it('keeps the ledger whole and loses no answered operation when the server is killed halfway', { timeout: 180_000 }, async () => {
    const killDb = await createTestDatabase()
    const secret = randomBytes(32).toString('hex')
    let server = await spawnServer({ databaseUrl: killDb.url, sessionSecret: secret })
    servers.push(server)
    const m = await market(server.url, killDb, 'k')
    const port = Number(new URL(server.url).port)
    const killing = (async () => {
      await new Promise((ok) => setTimeout(ok, (SECONDS / 2) * 1000))
      await server.kill()
      server = await spawnServer({ databaseUrl: killDb.url, sessionSecret: secret, port })
      servers.push(server)
    })()
    const result = await runWorkload({ baseUrl: () => server.url, ...m, workers: WORKERS, seconds: SECONDS })
    await killing
    expect(result.unanswered).toBeGreaterThan(0) // the kill did cut requests off
    await expectWhole(m, result)
  })
})
