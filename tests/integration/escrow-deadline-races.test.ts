import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import pg from 'pg'
import { TRANSACTION_MESSAGES, transactionListSchema } from '../../src/shared/api/transactions'
import type { RunningServer } from '../../server/server'
import { SystemMoves } from '../../server/modules/transactions/system-moves'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import type { ApiClient } from '../support/http-client'
import { freePort } from '../support/payments'
import { startTestServer } from '../support/server'
import { escrowHelpers } from './escrow-support'

/**
 * Deadlines meeting other writes: a reservation that ran out while a checkout is started, or while an admin bans its
 * seller. The server's own 15 s sweep is held off while a test arranges a race, and the sweep is then run by hand, as
 * an instance would.
 */

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
const { signIn, detail, expectSoundLedger } = escrowHelpers(
  () => server,
  () => sql,
)
let carol: { client: ApiClient; id: number }
let admin: { client: ApiClient; id: number }

/** the real sweep, whatever the timer's copy is spied to do */
const sweep = (now?: Date) => SystemMoves.prototype.runDue.call(server.created.services.transactions.system, server.orm.em.fork(), now)

beforeAll(async () => {
  db = await createDemoDatabase()
  const port = await freePort()
  server = await startTestServer({ databaseUrl: db.url, env: { ...demoEnv(), PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  carol = await signIn('carol')
  admin = await signIn('admin')
  // the timer's sweep does nothing in this file: each test runs it itself when its race is set up
  vi.spyOn(server.created.services.transactions.system, 'runDue').mockResolvedValue(0)
})

afterAll(async () => {
  vi.restoreAllMocks()
  await sql?.end()
  await server?.close()
  await db?.drop()
})

/** Sellers with at least `n` active listings, not carol and not admin, one per call. */
const usedSellers = new Set<number>()
async function sellerWith(n: number): Promise<{ sellerId: number; seller: string; listingIds: number[] }> {
  const { rows } = await sql.query(
    `select u.id, u.username, array_agg(l.id order by l.id) as ids from listings l join users u on u.id = l.seller_id
     where l.status = 'active' and u.banned_at is null and not u.is_admin and u.id <> $1 and not (u.id = any($2::int[]))
     group by u.id, u.username having count(*) >= $3 order by u.id limit 1`,
    [carol.id, [...usedSellers], n],
  )
  const row = rows[0]
  usedSellers.add(row.id)
  return { sellerId: row.id, seller: row.username, listingIds: (row.ids as number[]).slice(0, n) }
}

/** Waits until `count` statements on the test database are waiting for a lock. */
async function someoneWaitsForALock(count = 1) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql.query(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )
    if (rows[0].n >= count) return
    await new Promise((ok) => setTimeout(ok, 25))
  }
  throw new Error('nothing ever waited for the lock')
}

describe('escrow deadlines meeting other writes', () => {
  it('refuses a checkout at the provider once the reservation has run out, as paying from the balance is, before the sweep cancels it', async () => {
    const { listingIds } = await sellerWith(1)
    const created = await carol.client.post('/api/transactions', { listingId: listingIds[0] })
    expect(created.status, created.text).toBe(201)
    const deal = detail(created.json)
    const orders = async () =>
      (await sql.query('select count(*)::int as n from payment_orders where transaction_id = $1', [deal.id])).rows[0].n as number
    // the reservation runs out; no sweep has reached the deal yet (they run every 15 s)
    expect(deal.actions).toEqual(['pay', 'cancel'])
    await sql.query(`update escrow_transactions set reserved_until = now() - interval '1 second' where id = $1`, [deal.id])
    // the deal still reads as pending, and no longer offers what the server would refuse
    const lapsed = detail((await carol.client.get(`/api/transactions/${deal.id}`)).json)
    expect(lapsed).toMatchObject({ status: 'pending', actions: ['cancel'] })
    const listed = transactionListSchema.parse((await carol.client.get('/api/transactions')).json)
    expect(listed.find((item) => item.id === deal.id)?.actions).toEqual(['cancel'])
    const late = await carol.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'card' })
    expect(late.status).toBe(409)
    expect(late.json).toMatchObject({ error: { code: 'reservation_lapsed' }, message: TRANSACTION_MESSAGES.reservationLapsed })
    expect((await carol.client.post(`/api/transactions/${deal.id}/pay`)).status).toBe(409)
    expect(await orders()).toBe(0)
    await sweep()
    expect(detail((await carol.client.get(`/api/transactions/${deal.id}`)).json).status).toBe('cancelled')
    await expectSoundLedger()
  })

  it('a reservation lapsing while its seller is being banned never puts the banned seller’s listing back on sale', async () => {
    const { sellerId, listingIds } = await sellerWith(1)
    const [listingId] = listingIds as [number]
    const created = await carol.client.post('/api/transactions', { listingId })
    expect(created.status, created.text).toBe(201)
    const deal = detail(created.json)
    await sql.query(`update escrow_transactions set reserved_until = now() - interval '1 second' where id = $1`, [deal.id])
    // hold the sweep between reading the deal (seller not banned yet) and writing it: the listing's row is busy
    const blocker = new pg.Client({ connectionString: db.url })
    await blocker.connect()
    try {
      await blocker.query('begin')
      await blocker.query('select id from listings where id = $1 for update', [listingId])
      const sweeping = sweep()
      await someoneWaitsForALock()
      // the admin bans the seller meanwhile: the ban suspends the seller's active listings and leaves a reserved one to
      // its deal, so it waits for the step that is giving this one back
      const banning = admin.client.post(`/api/admin/users/${sellerId}/ban`, { reason: 'Selling stolen accounts' })
      await Promise.race([someoneWaitsForALock(2), banning])
      await blocker.query('commit')
      await sweeping
      const ban = await banning
      expect(ban.status, ban.text).toBe(200)
    } finally {
      await blocker.end()
    }
    expect(detail((await carol.client.get(`/api/transactions/${deal.id}`)).json).status).toBe('cancelled')
    const { rows } = await sql.query('select status from listings where id = $1', [listingId])
    // not back on sale (with LISTING_REACTIVATED sent to everyone) for a seller banned as the deal ended
    expect(rows[0].status).toBe('suspended')
  })
})
