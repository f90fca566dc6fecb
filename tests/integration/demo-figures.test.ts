/**
 * The demo's figures agree wherever they are shown: its sales history is made of real completed deals, so home, the
 * admin dashboard, top sellers, each seller's page, the seller's own profile and deal list and their balance count the
 * same sales, and the ledger holds every one of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { adminStatsSchema } from '../../src/shared/api/admin-dashboard'
import { listingListSchema, sellerProfileSchema, statsSchema, topSellersSchema } from '../../src/shared/api/listings'
import { balanceSchema } from '../../src/shared/api/payments'
import { transactionListSchema } from '../../src/shared/api/transactions'
import { DEMO_SELLERS, DEMO_USERS } from '../../server/db/seed'
import { openDatabase } from '../../server/db/orm'
import { verifyLedger } from '../../server/modules/ledger/ledger-verify'
import type { RunningServer } from '../../server/server'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'
import { signInDemoAdmin } from '../support/two-factor'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client

const ok = <T>(res: { status: number; text: string; json: unknown }, schema: { parse: (v: unknown) => T }): T => {
  expect(res.status, res.text).toBe(200)
  return schema.parse(res.json)
}

async function signedIn(username: string): Promise<ApiClient> {
  const client = new ApiClient(server.url)
  expect((await client.post('/api/auth/login', { username, password: 'handover-demo' })).status).toBe(200)
  return client
}

beforeAll(async () => {
  db = await createDemoDatabase()
  server = await startTestServer({ databaseUrl: db.url, env: { ...demoEnv() } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('the demo’s figures', () => {
  it('count the same sales on home, the admin dashboard and top sellers, and each sale is a completed deal', async () => {
    const anon = new ApiClient(server.url)
    const home = ok(await anon.get('/api/stats'), statsSchema)
    const admin = new ApiClient(server.url)
    await signInDemoAdmin(admin)
    const dashboard = ok(await admin.get('/api/admin/stats'), adminStatsSchema)
    const top = ok(await anon.get('/api/sellers/top?limit=100'), topSellersSchema)

    const { rows } = await sql.query<{ sold: number; completed: number; without_deal: number }>(
      `select (select count(*) from listings where status = 'sold')::int as sold,
              (select count(*) from escrow_transactions where status = 'completed')::int as completed,
              (select count(*) from listings l where status = 'sold'
                 and not exists (select 1 from escrow_transactions t where t.listing_id = l.id and t.status = 'completed'))::int as without_deal`,
    )
    const db = rows[0]!
    expect(db.sold).toBeGreaterThan(100)
    expect(db.without_deal).toBe(0)
    expect(home.completedSales).toBe(db.sold)
    expect(dashboard.figures.completedDeals).toBe(db.completed)
    expect(dashboard.figures.completedDeals).toBe(home.completedSales)
    // every demo member who sold is ranked, and the ranking adds up to the same total
    expect(top.length).toBeLessThanOrEqual(DEMO_USERS.length + DEMO_SELLERS.length)
    expect(top.reduce((sum, seller) => sum + seller.completedSales, 0)).toBe(home.completedSales)
    const volume = top.reduce((sum, seller) => sum + Math.round(seller.salesVolume * 100), 0)
    expect(volume).toBe(Math.round(dashboard.figures.salesVolume * 100))
  })

  it.each([DEMO_SELLERS[0], 'bob'])('agree for %s: seller page, top sellers, own profile, deal list and balance', async (name) => {
    const anon = new ApiClient(server.url)
    const bob = await signedIn(name)
    const { rows } = await sql.query<{ id: number }>(`select id from users where username = $1`, [name])
    const bobId = rows[0]!.id
    const page = ok(await anon.get(`/api/sellers/${bobId}`), sellerProfileSchema)
    const ranked = ok(await anon.get('/api/sellers/top?limit=100'), topSellersSchema).find((seller) => seller.id === bobId) ?? {
      completedSales: 0,
      salesVolume: 0,
    }
    const own = ok(await bob.get('/api/accounts/user'), listingListSchema)
    const deals = await bob.get('/api/transactions?role=seller&status=completed&limit=100')
    const dealList = ok(deals, transactionListSchema)

    // the marketplace's sellers have a year of sales; alice, bob and carol start out as new members do
    if (name === 'bob') expect(page.completedSales).toBe(0)
    else expect(page.completedSales).toBeGreaterThan(0)
    expect(ranked.completedSales).toBe(page.completedSales)
    expect(ranked.salesVolume).toBe(page.salesVolume)
    expect(own.filter((listing) => listing.status === 'sold')).toHaveLength(page.completedSales)
    expect(Number(deals.headers.get('x-total-count'))).toBe(page.completedSales)
    const priced = dealList.reduce((sum, deal) => sum + Math.round(Number(deal.price) * 100), 0)
    expect(priced).toBe(Math.round(page.salesVolume * 100))

    // the proceeds are in the balance, one release per sale, as a live deal's would be
    const { rows: moved } = await sql.query<{ releases: number; proceeds: string; bonus: string }>(
      `select count(*) filter (where x.kind = 'escrow_release')::int as releases,
              coalesce(sum(e.amount_cents) filter (where x.kind = 'escrow_release'), 0)::text as proceeds,
              coalesce(sum(e.amount_cents) filter (where x.kind <> 'escrow_release'), 0)::text as bonus
         from ledger_entries e join ledger_accounts a on a.id = e.account_id and a.code = 'wallet:' || $1
         join ledger_transfers x on x.id = e.transfer_id`,
      [bobId],
    )
    expect(moved[0]!.releases).toBe(page.completedSales)
    expect(Number(moved[0]!.proceeds)).toBe(Math.round(page.salesVolume * 100))
    const balance = ok(await bob.get('/api/balance'), balanceSchema)
    expect(Math.round(Number(balance.available) * 100)).toBe(Number(moved[0]!.proceeds) + Number(moved[0]!.bonus))
  })

  it('leave a ledger with nothing to report, each sale paid by card through its credited order', async () => {
    const orm = await openDatabase(db.url)
    try {
      const failing = (await verifyLedger(orm.em.fork())).filter((check) => check.problems.length > 0)
      expect(failing).toEqual([])
    } finally {
      await orm.close()
    }
    const { rows } = await sql.query<{ deals: number; orders: number; dated: number }>(
      `select count(*)::int as deals,
              count(o.id)::int as orders,
              count(*) filter (where x.created_at = t.closed_at)::int as dated
         from escrow_transactions t
         left join payment_orders o on o.transaction_id = t.id and o.kind = 'purchase' and o.status = 'credited' and o.method = 'card'
         left join ledger_transfers x on x.idempotency_key = 'deal:' || t.id || ':release'
        where t.status = 'completed'`,
    )
    // the money moved when the sale happened, not when the demo was loaded
    expect(rows[0]!.orders).toBe(rows[0]!.deals)
    expect(rows[0]!.dated).toBe(rows[0]!.deals)
  })
})
