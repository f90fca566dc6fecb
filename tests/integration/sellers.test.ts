import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { sellerProfileSchema, statsSchema, topSellersSchema, UPLOADED_IMAGE_PATTERN, type TopSeller } from '../../src/shared/api/listings'
import { LIVE_PLATFORMS } from '../../src/shared/constants'
import { DEMO_SELLERS, DEMO_USERS } from '../../server/db/seed'
import { allDesigns, bannerKey } from '../../server/modules/listings/demo-banners'
import { DEMO_LISTING_COUNT, DEMO_SALES_DAYS } from '../../server/modules/listings/demo-listings'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'
import type { RunningServer } from '../../server/server'

const DAY_MS = 24 * 60 * 60 * 1000

interface ListingSeed {
  status?: string
  platform?: string
  priceCents?: number
  followers?: number
  createdAt?: Date
  soldAt?: Date | null
  title?: string
}

/** Direct SQL for the fixtures: each test builds exactly the sellers it ranks. */
function fixtures(sql: pg.Client) {
  let serial = 0
  return {
    async user(username: string, options: { banned?: boolean } = {}): Promise<number> {
      const { rows } = await sql.query(
        `insert into users (username, username_key, email, password_hash, banned_at)
         values ($1::text, lower($1::text), lower($1::text) || '@example.test', 'x', $2) returning id`,
        [username, options.banned ? new Date() : null],
      )
      return rows[0].id as number
    },
    async listing(sellerId: number, l: ListingSeed = {}): Promise<number> {
      const handle = `fixture_${++serial}`
      const { rows } = await sql.query(
        `insert into listings (seller_id, platform, username, display_name, niche, description, account_title, price_cents, followers, status, sold_at, created_at, updated_at, search_text, niche_key)
         values ($1, $2, $3::text, 'Fixture', 'Gaming', 'A fixture listing.', $4, $5, $6, $7, $8, $9, $9, $3::text, 'gaming') returning id`,
        [
          sellerId,
          l.platform ?? 'youtube',
          handle,
          l.title ?? `Listing ${serial}`,
          l.priceCents ?? 10_000,
          l.followers ?? 1_000,
          l.status ?? 'active',
          l.soldAt ?? null,
          l.createdAt ?? new Date(),
        ],
      )
      return rows[0].id as number
    },
    async sales(sellerId: number, pricesCents: number[], platform = 'youtube') {
      for (const priceCents of pricesCents) await this.listing(sellerId, { status: 'sold', priceCents, platform, soldAt: new Date() })
    },
  }
}

describe('sellers API on hand-made data', () => {
  let db: TestDatabase
  let server: RunningServer
  let sql: pg.Client
  let anon: ApiClient
  let make: ReturnType<typeof fixtures>
  const ids: Record<string, number> = {}

  const top = async (query = '') => {
    const res = await anon.get(`/api/sellers/top${query}`)
    expect(res.status, res.text).toBe(200)
    return topSellersSchema.parse(res.json)
  }
  const ranked = (rows: TopSeller[]) => rows.map((r) => r.username)

  beforeAll(async () => {
    db = await createTestDatabase()
    server = await startTestServer({ databaseUrl: db.url })
    sql = new pg.Client({ connectionString: db.url })
    await sql.connect()
    anon = new ApiClient(server.url)
    make = fixtures(sql)
    for (const name of ['ranked_a', 'ranked_b', 'ranked_c', 'ranked_d', 'quiet', 'pending_only', 'banned_star']) {
      ids[name] = await make.user(name, { banned: name === 'banned_star' })
    }
    // a: 3 sales worth $6; b and c: 3 sales worth $9 each (a full tie, broken by id); d: no sales
    await make.sales(ids.ranked_a!, [100, 200, 300], 'tiktok')
    await make.listing(ids.ranked_a!, { platform: 'telegram', followers: 700 })
    await make.listing(ids.ranked_a!, { platform: 'instagram', followers: 300 })
    await make.listing(ids.ranked_a!, { status: 'pending_review', platform: 'facebook', followers: 50_000 })
    await make.sales(ids.ranked_b!, [300, 300, 300])
    await make.sales(ids.ranked_c!, [500, 200, 200])
    await make.listing(ids.ranked_d!, { followers: 10 })
    for (const status of ['pending_review', 'suspended', 'removed']) await make.listing(ids.pending_only!, { status })
    await make.sales(ids.banned_star!, [1_000_000, 1_000_000, 1_000_000, 1_000_000])
  })

  afterAll(async () => {
    await sql?.end()
    await server?.close()
    await db?.drop()
  })

  it('ranks by completed sales, then sales volume, then id, leaving out sellers with nothing active or sold', async () => {
    const rows = await top()
    expect(ranked(rows)).toEqual(['ranked_b', 'ranked_c', 'ranked_a', 'ranked_d'])
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4])
    expect(ids.ranked_b!).toBeLessThan(ids.ranked_c!)
  })

  it('sums what each seller has sold and has for sale', async () => {
    const a = (await top()).find((r) => r.username === 'ranked_a')
    expect(a).toMatchObject({
      id: ids.ranked_a,
      avatar: null,
      completedSales: 3,
      salesVolume: 6,
      activeListings: 2,
      // followers of active listings only: the pending one does not count
      totalFollowers: 1_000,
      // where the seller sells or has sold, in the site's platform order
      platforms: ['instagram', 'tiktok', 'telegram'],
    })
    expect(Date.parse(a!.memberSince)).not.toBeNaN()
  })

  it('never shows a banned seller, whatever their sales', async () => {
    expect(ranked(await top())).not.toContain('banned_star')
    const profile = await anon.get(`/api/sellers/${ids.banned_star}`)
    expect(profile.status).toBe(404)
    expect(profile.json.message).toBe('Seller not found')

    await sql.query('update users set banned_at = null where id = $1', [ids.banned_star])
    try {
      expect(ranked(await top())[0]).toBe('banned_star')
      expect((await anon.get(`/api/sellers/${ids.banned_star}`)).status).toBe(200)
    } finally {
      await sql.query('update users set banned_at = now() where id = $1', [ids.banned_star])
    }
  })

  it('answers limit: 20 by default, any of 1–100, and a clear 400 for anything else', async () => {
    for (let i = 0; i < 20; i++) await make.listing(await make.user(`extra_${i}`))
    expect(await top()).toHaveLength(20)
    expect(ranked(await top('?limit=2'))).toEqual(['ranked_b', 'ranked_c'])
    expect(await top('?limit=100')).toHaveLength(24)
    for (const bad of ['0', '101', '-1', 'abc', '1.5', '', '1e2']) {
      const res = await anon.get(`/api/sellers/top?limit=${bad}`)
      expect(res.status, bad).toBe(400)
      expect(res.json.message).toBe('limit must be a whole number from 1 to 100')
    }
    expect((await anon.get('/api/sellers/top?limit=1&limit=2')).status).toBe(400)
  })

  it('answers 404 "Seller not found" for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc', '1.5', '-1', '0', '99999999999', `${ids.ranked_a}x`]) {
      const res = await anon.get(`/api/sellers/${id}`)
      expect(res.status, id).toBe(404)
      expect(res.json.message).toBe('Seller not found')
    }
  })

  it('profiles a seller: figures, active listings newest first (at most 100) and the 10 latest sales', async () => {
    const seller = await make.user('busy_seller')
    const now = Date.now()
    const active: number[] = []
    for (let i = 0; i < 101; i++) active.push(await make.listing(seller, { createdAt: new Date(now - i * 60_000) }))
    await make.listing(seller, { status: 'suspended', createdAt: new Date(now + 60_000) })
    const sold: number[] = []
    for (let i = 0; i < 12; i++) {
      sold.push(
        await make.listing(seller, {
          status: 'sold',
          platform: 'twitter',
          priceCents: 12_345,
          title: `Sale ${i}`,
          soldAt: new Date(now - i * DAY_MS),
        }),
      )
    }

    const res = await anon.get(`/api/sellers/${seller}`)
    expect(res.status, res.text).toBe(200)
    const profile = sellerProfileSchema.parse(res.json)
    expect(profile).toMatchObject({
      id: seller,
      username: 'busy_seller',
      activeListings: 101,
      completedSales: 12,
      salesVolume: 1481.4,
      platforms: ['youtube', 'twitter'],
    })
    expect(profile.listings.map((l) => l.id)).toEqual(active.slice(0, 100))
    expect(profile.listings.every((l) => l.isActive && l.seller.id === seller)).toBe(true)
    expect(profile.recentSales.map((s) => s.id)).toEqual(sold.slice(0, 10))
    expect(profile.recentSales[0]).toEqual({
      id: sold[0],
      platform: 'twitter',
      accountTitle: 'Sale 0',
      price: 123.45,
      soldAt: new Date(now).toISOString(),
    })
  })

  it('dates a sale without sold_at by its last change', async () => {
    const seller = await make.user('legacy_seller')
    const updated = new Date(Date.now() - 3 * DAY_MS)
    const id = await make.listing(seller, { status: 'sold', soldAt: null, createdAt: updated })
    const profile = sellerProfileSchema.parse((await anon.get(`/api/sellers/${seller}`)).json)
    expect(profile.recentSales).toEqual([expect.objectContaining({ id, soldAt: updated.toISOString() })])
  })

  it('gives a user without listings a profile with zeros, but no place in the ranking', async () => {
    const profile = sellerProfileSchema.parse((await anon.get(`/api/sellers/${ids.quiet}`)).json)
    expect(profile).toMatchObject({
      username: 'quiet',
      activeListings: 0,
      completedSales: 0,
      salesVolume: 0,
      totalFollowers: 0,
      platforms: [],
      listings: [],
      recentSales: [],
    })
    const everyone = ranked(await top('?limit=100'))
    expect(everyone).not.toContain('quiet')
    expect(everyone).not.toContain('pending_only')
  })

  it('counts sold listings as completed sales in /api/stats', async () => {
    const { rows } = await sql.query(`select count(*)::int as sold from listings where status = 'sold'`)
    expect(rows[0].sold).toBeGreaterThan(0)
    const stats = statsSchema.parse((await anon.get('/api/stats')).json)
    expect(stats.completedSales).toBe(rows[0].sold)
  })
})

describe('demo sellers', () => {
  let db: TestDatabase
  let server: RunningServer
  let sql: pg.Client
  let anon: ApiClient

  beforeAll(async () => {
    db = await createDemoDatabase()
    server = await startTestServer({ databaseUrl: db.url, env: { ...demoEnv() } })
    sql = new pg.Client({ connectionString: db.url })
    await sql.connect()
    anon = new ApiClient(server.url)
  })

  afterAll(async () => {
    await sql?.end()
    await server?.close()
    await db?.drop()
  })

  it('ranks every demo seller by a real sales history from the last 12 months', async () => {
    const rows = topSellersSchema.parse((await anon.get('/api/sellers/top?limit=100')).json)
    const newcomers = DEMO_USERS.filter((u) => !u.isAdmin).map((u) => u.username)
    expect(rows.map((r) => r.username).sort()).toEqual([...newcomers, ...DEMO_SELLERS].sort())
    // the marketplace's sellers have sold; alice, bob and carol start out as new members do, last in the ranking
    expect(
      rows
        .filter((r) => r.completedSales > 0)
        .map((r) => r.username)
        .sort(),
    ).toEqual([...DEMO_SELLERS].sort())
    expect(rows.slice(-newcomers.length).every((r) => r.completedSales === 0)).toBe(true)
    // a ranking, not a tie: the counts differ between sellers
    expect(new Set(rows.map((r) => r.completedSales)).size).toBeGreaterThan(5)
    const { rows: span } = await sql.query(
      `select min(sold_at) as first, max(sold_at) as last, count(*) filter (where sold_at is null)::int as undated from listings where status = 'sold'`,
    )
    expect(span[0].undated).toBe(0)
    expect(Date.now() - span[0].first.getTime()).toBeLessThanOrEqual(DEMO_SALES_DAYS * DAY_MS)
    expect(span[0].last.getTime()).toBeLessThanOrEqual(Date.now())
  })

  it('keeps the active catalogue on all six platforms', async () => {
    const { rows } = await sql.query(`select platform, count(*)::int as n from listings where status = 'active' group by platform`)
    expect(rows.reduce((sum, r) => sum + r.n, 0)).toBe(DEMO_LISTING_COUNT)
    expect(rows.map((r) => r.platform).sort()).toEqual([...LIVE_PLATFORMS].sort())
  })

  it('gives most listings one to three stored banners and leaves some without', async () => {
    const { rows } = await sql.query<{ images: string[] }>(`select images from listings`)
    const withImages = rows.filter((r) => r.images.length > 0)
    expect(withImages.length / rows.length).toBeGreaterThan(0.5)
    expect(withImages.length).toBeLessThan(rows.length)
    expect(withImages.every((r) => r.images.length <= 3 && r.images.every((url) => UPLOADED_IMAGE_PATTERN.test(url)))).toBe(true)

    const used = new Set(withImages.flatMap((r) => r.images))
    const designs = allDesigns()
    expect(used.size).toBeLessThanOrEqual(designs.length)
    for (const design of designs) expect(await server.created.services.media.has(bannerKey(design)), design.id).toBe(true)
    const sample = await anon.get([...used][0]!)
    expect(sample.status).toBe(200)
    expect(sample.headers.get('content-type')).toBe('image/webp')
  })

  it('lets the extra demo sellers sign in with the demo password', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/login', { username: DEMO_SELLERS[0], password: 'handover-demo' })
    expect(res.status, res.text).toBe(200)
  })
})
