import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { listingListSchema, type ListingDto, type ListingInput } from '../../src/shared/api/listings'
import { compareBy, listingQuerySchema, matchesFilters } from '../../src/shared/listings/filter'
import { Listing } from '../../server/modules/listings/listing.entity'
import { toListingDto } from '../../server/modules/listings/listing.mapper'
import type { RunningServer } from '../../server/server'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import { ApiClient } from '../support/http-client'
import { signInDemoAdmin } from '../support/two-factor'
import { startTestServer } from '../support/server'

/**
 * The catalogue's totals and pages are remembered under a version the database moves on every change
 * (listing_counts, kept by triggers). These tests change the catalogue every way there is, through the
 * app and behind its back, and check each answer against the shared in-memory filter over every listing.
 */

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let anon: ApiClient
let alice: ApiClient
let admin: ApiClient

async function signIn(username: string, password = 'handover-demo') {
  const client = new ApiClient(server.url)
  // the demo admin signs in with two-factor (turned on the first time)
  if (username === 'admin') {
    await signInDemoAdmin(client, password)
    return client
  }
  const res = await client.post('/api/auth/login', { username, password })
  expect(res.status, res.text).toBe(200)
  return client
}

/** Every listing as the API shows it, read through the ORM: the reference the catalogue must agree with. */
async function everyListing(): Promise<ListingDto[]> {
  const listings = await server.orm.em.fork().find(Listing, {}, { populate: ['seller'] })
  return listings.map((l) => toListingDto(l))
}

async function expected(query: string): Promise<{ total: number; ids: number[]; sellers: string[] }> {
  const f = listingQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))
  const matching = (await everyListing()).filter((l) => matchesFilters(l, f)).sort(compareBy(f.sort))
  const shown = matching.slice((f.page - 1) * f.pageSize, f.page * f.pageSize)
  return { total: matching.length, ids: shown.map((l) => l.id), sellers: shown.map((l) => l.seller.username) }
}

async function served(query: string): Promise<{ total: number; ids: number[]; sellers: string[] }> {
  const res = await anon.get(`/api/accounts?${query}`)
  expect(res.status, res.text).toBe(200)
  const items = listingListSchema.parse(res.json)
  return { total: Number(res.headers.get('x-total-count')), ids: items.map((l) => l.id), sellers: items.map((l) => l.seller.username) }
}

const QUERIES = [
  '',
  'platform=youtube',
  'platform=tiktok',
  'q=cooking',
  'q=cooking&minPrice=1000',
  'verified=true&sort=price-high',
  'niche=gam&page=2&pageSize=5',
]

/** Asks every query (so each answer is remembered), changes the catalogue, then asks again. */
async function expectExactAround(change: () => Promise<void>) {
  for (const query of QUERIES) expect(await served(query), `before: ${query}`).toEqual(await expected(query))
  await change()
  for (const query of QUERIES) expect(await served(query), `after: ${query}`).toEqual(await expected(query))
}

function input(overrides: Partial<ListingInput> = {}): ListingInput {
  return {
    platform: 'youtube',
    username: `totals_${randomBytes(4).toString('hex')}`,
    displayName: 'Cooking Totals',
    niche: 'Cooking',
    accountTitle: 'Cooking channel',
    description: 'Recipes every week, filmed in a home kitchen.',
    price: '2500',
    followers: 12_000,
    monthlyIncome: 0,
    isVerified: true,
    isMonetized: false,
    images: [],
    ...overrides,
  }
}

/** A listing written behind the app's back, with the search columns filled as the app would. */
async function insertActive(seller: string, handle: string, niche = 'Cooking', createdAt = new Date()) {
  const { rows } = await sql.query<{ id: number }>(
    `insert into listings (seller_id, platform, username, display_name, niche, description, account_title, price_cents, followers,
       is_verified, status, search_text, niche_key, created_at)
     select id, 'youtube', $2::text, 'Raw', $3::text, 'd', 'Raw listing', 150000, 10, true, 'active',
       lower($2::text) || chr(1) || 'raw' || chr(1) || lower($3::text) || chr(1) || 'd', lower($3::text), $4
     from users where username = $1 returning id`,
    [seller, handle, niche, createdAt],
  )
  return rows[0]!.id
}

async function catalogueVersion(): Promise<number> {
  const { rows } = await sql.query<{ version: string }>('select coalesce(sum(changes), 0) as version from listing_counts')
  return Number(rows[0]!.version)
}

beforeAll(async () => {
  db = await createDemoDatabase()
  server = await startTestServer({ databaseUrl: db.url, env: { ...demoEnv() } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  anon = new ApiClient(server.url)
  alice = await signIn('alice')
  admin = await signIn('admin', 'handover-admin')
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('totals and pages stay exact when the catalogue changes', () => {
  it('through the app: a listing created, approved, edited out of a filter and removed', async () => {
    let id = 0
    await expectExactAround(async () => {
      const res = await alice.post('/api/accounts', input())
      expect(res.status, res.text).toBe(201)
      id = Number(res.json.id)
    })
    // still awaiting review: not in the catalogue yet
    expect((await served('')).ids).not.toContain(id)
    await expectExactAround(async () => {
      expect((await admin.post(`/api/admin/listings/${id}/approve`)).status).toBe(200)
    })
    expect((await served('')).ids[0]).toBe(id)
    await expectExactAround(async () => {
      expect((await alice.request('PATCH', `/api/accounts/${id}`, { price: '500', niche: 'Travel' })).status).toBe(200)
    })
    await expectExactAround(async () => {
      expect((await alice.request('DELETE', `/api/accounts/${id}`)).status).toBe(204)
    })
  })

  it('behind its back (raw SQL, as a script or another instance would): insert, status, platform, delete', async () => {
    let id = 0
    await expectExactAround(async () => {
      id = await insertActive('bob', `raw_${randomBytes(4).toString('hex')}`)
    })
    await expectExactAround(async () => {
      await sql.query(`update listings set platform = 'tiktok' where id = $1`, [id])
    })
    await expectExactAround(async () => {
      await sql.query(`update listings set status = 'suspended' where id = $1`, [id])
    })
    await expectExactAround(async () => {
      await sql.query(`update listings set status = 'active' where id = $1`, [id])
    })
    await expectExactAround(async () => {
      await sql.query(`delete from listings where id = $1`, [id])
    })
  })

  it('an edit that leaves every per-platform count alone still retires remembered totals and pages', async () => {
    const [first] = (await served('q=cooking&minPrice=1000')).ids
    expect(first).toBeDefined()
    await expectExactAround(async () => {
      await sql.query(`update listings set price_cents = 100 where id = $1`, [first])
    })
    expect((await served('q=cooking&minPrice=1000')).ids).not.toContain(first)
  })

  it('a renamed seller shows under the new name on a page served before', async () => {
    const before = await served('')
    expect(before.sellers).toContain('carol')
    await expectExactAround(async () => {
      await sql.query(`update users set username = 'caroline', username_key = 'caroline' where username = 'carol'`)
    })
    expect((await served('')).sellers).toContain('caroline')
    await sql.query(`update users set username = 'carol', username_key = 'carol' where username = 'caroline'`)
    expect((await served('')).sellers).not.toContain('caroline')
  })

  it('a page past the end is empty and still carries the exact total', async () => {
    for (const query of ['page=500', 'platform=tiktok&page=500', 'q=cooking&page=500', 'verified=true&page=100000&pageSize=100']) {
      const page = await served(query)
      expect(page, query).toEqual(await expected(query))
      expect(page.ids, query).toEqual([])
      expect(page.total, query).toBeGreaterThan(0)
    }
  })

  it('the counters always equal the listings, and the version only ever grows', async () => {
    const { rows: drift } = await sql.query(`
      select platform, listing_month(created_at) as month, count(*)::int as active from listings where status = 'active' group by 1, 2
      except select platform, created_month, sum(active)::int from listing_counts group by 1, 2 having sum(active) <> 0`)
    expect(drift).toEqual([])
    // one shard alone may be below zero; a bucket never is
    const { rows } = await sql.query<{ n: number }>(
      `select count(*)::int as n from (select sum(active) as active from listing_counts group by platform, created_month) b where active < 0`,
    )
    expect(rows[0]!.n).toBe(0)
    const version = await catalogueVersion()
    await insertActive('alice', `grow_${randomBytes(4).toString('hex')}`)
    expect(await catalogueVersion()).toBeGreaterThan(version)
  })
})

describe('deep pages', () => {
  const BULK = 6_000
  // enough listings for pages past the 5,000th row, spread over years (many month boundaries), in pairs that
  // share a creation instant so the id tie-break is exercised across a month's start
  beforeAll(async () => {
    await sql.query(
      `insert into listings (seller_id, platform, username, display_name, niche, description, account_title, price_cents, followers,
         is_verified, status, search_text, niche_key, created_at)
       select (select id from users where username = 'bob'), 'youtube', 'bulk' || g, 'Bulk ' || g, 'Gaming', 'bulk listing', 'Bulk',
         100000 + (g * 7919) % 500000, 1000 + g, g % 3 <> 0, 'active',
         'bulk' || g || chr(1) || 'bulk ' || g || chr(1) || 'gaming' || chr(1) || 'bulk listing', 'gaming',
         timestamptz '2026-01-01 00:00:00+00' - (g / 2) * interval '7 hours'
       from generate_series(1, ${BULK}) g`,
    )
  })

  it('newest first, across month boundaries, for the whole catalogue and one platform', async () => {
    for (const filter of ['', 'platform=youtube&']) {
      const all = listingQuerySchema.parse(Object.fromEntries(new URLSearchParams(filter)))
      const listings = (await everyListing()).filter((l) => matchesFilters(l, all)).sort(compareBy('newest'))
      // pages of 100 from the 5,000th row on, at least one of which spans the first of a month
      const month = (l: ListingDto) => l.createdAt.slice(0, 7)
      const crossing = listings.findIndex((l, i) => i >= 5_100 && month(l) !== month(listings[i - 1]!))
      expect(crossing).toBeGreaterThan(0)
      for (const page of [51, 52, Math.floor(crossing / 100) + 1, Math.ceil(listings.length / 100)]) {
        const query = `${filter}pageSize=100&page=${page}`
        expect(await served(query), query).toEqual(await expected(query))
      }
    }
  })

  it('other orders and filters deep down, and pages found again after a write', async () => {
    const queries = [
      'sort=price-low&pageSize=100&page=55',
      'verified=true&pageSize=100&page=41',
      'q=bulk&pageSize=100&page=51',
      'sort=followers-high&page=200',
    ]
    for (const query of queries) expect(await served(query), query).toEqual(await expected(query))
    await insertActive('alice', `deep_${randomBytes(4).toString('hex')}`, 'Gaming', new Date('2025-06-15T12:00:00Z'))
    for (const query of [...queries, 'pageSize=100&page=55']) expect(await served(query), query).toEqual(await expected(query))
  })
})

describe('truncate', () => {
  it('empties the counters and still moves the version on', async () => {
    await served('')
    const version = await catalogueVersion()
    await sql.query('truncate listings cascade')
    expect(await catalogueVersion()).toBeGreaterThan(version)
    expect(await served('')).toEqual({ total: 0, ids: [], sellers: [] })
    expect(await served('platform=youtube&q=bulk')).toEqual({ total: 0, ids: [], sellers: [] })
  })
})
