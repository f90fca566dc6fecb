import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import {
  listingDtoSchema,
  listingListSchema,
  overallStatsSchema,
  platformStatsSchema,
  statsSchema,
  type ListingDto,
} from '../../src/shared/api/listings'
import { LIVE_PLATFORMS, PAGE_SIZE, SORT_OPTIONS } from '../../src/shared/constants'
import { compareBy, listingQuerySchema, matchesFilters } from '../../src/shared/listings/filter'
import { DEMO_LISTING_COUNT } from '../../server/modules/listings/demo-listings'
import { catalogueFilter } from '../../server/modules/listings/listings.query'
import { DEMO_SELLERS, DEMO_USERS } from '../../server/db/seed'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import { ApiClient } from '../support/http-client'
import { signInDemoAdmin } from '../support/two-factor'
import { startTestServer } from '../support/server'
import type { RunningServer } from '../../server/server'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let anon: ApiClient
let all: ListingDto[]

async function fetchAll(query: string): Promise<ListingDto[]> {
  const found: ListingDto[] = []
  for (let page = 1; ; page++) {
    const res = await anon.get(`/api/accounts?${query}&pageSize=100&page=${page}`)
    expect(res.status, res.text).toBe(200)
    found.push(...listingListSchema.parse(res.json))
    if (found.length >= Number(res.headers.get('x-total-count'))) return found
  }
}

/** The reference answer: the shared in-memory filter over the whole catalogue. */
function expected(query: string): number[] {
  const filters = listingQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))
  return all
    .filter((l) => matchesFilters(l, filters))
    .sort(compareBy(filters.sort))
    .map((l) => l.id)
}

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

async function insertListing(sellerUsername: string, status: string, username: string) {
  const { rows } = await sql.query(
    `insert into listings (seller_id, platform, username, display_name, niche, description, account_title, price_cents, followers, status, search_text, niche_key)
     select id, 'youtube', $2::text, 'Hidden', 'Gaming', 'd', 'Hidden listing', 1000, 10, $3::text, lower($2::text), 'gaming' from users where username = $1 returning id`,
    [sellerUsername, username, status],
  )
  return rows[0].id as number
}

beforeAll(async () => {
  db = await createDemoDatabase()
  server = await startTestServer({ databaseUrl: db.url, env: { ...demoEnv() } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  anon = new ApiClient(server.url)
  all = await fetchAll('')
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('GET /api/accounts', () => {
  it('serves the seeded catalogue: active listings on all six platforms from the demo sellers', () => {
    expect(all).toHaveLength(DEMO_LISTING_COUNT)
    expect(new Set(all.map((l) => l.platform))).toEqual(new Set(LIVE_PLATFORMS))
    const sellers = new Set<string>([...DEMO_USERS.filter((u) => !u.isAdmin).map((u) => u.username), ...DEMO_SELLERS])
    expect(all.every((l) => sellers.has(l.seller.username))).toBe(true)
    expect(new Set(all.map((l) => l.seller.username)).size).toBeGreaterThan(10)
    expect(all.every((l) => l.isActive && l.sellerId === l.seller.id && Number.isInteger(Math.round(l.price * 100)))).toBe(true)
  })

  it('pages by 28 by default, newest first, with the total in X-Total-Count', async () => {
    const first = await anon.get('/api/accounts')
    expect(first.headers.get('x-total-count')).toBe(String(DEMO_LISTING_COUNT))
    expect((first.json as unknown as ListingDto[]).map((l) => l.id)).toEqual(expected('').slice(0, PAGE_SIZE))
    const lastPage = Math.ceil(DEMO_LISTING_COUNT / PAGE_SIZE)
    const last = await anon.get(`/api/accounts?page=${lastPage}`)
    expect(last.json).toHaveLength(DEMO_LISTING_COUNT - (lastPage - 1) * PAGE_SIZE)
    const beyond = await anon.get(`/api/accounts?page=${lastPage + 1}`)
    expect(beyond.json).toEqual([])
    expect(beyond.headers.get('x-total-count')).toBe(String(DEMO_LISTING_COUNT))
  })

  it('caps pageSize at 100: 100 is served, 101 is a 400 (not silently clamped)', async () => {
    expect((await anon.get('/api/accounts?pageSize=100')).json).toHaveLength(100)
    const res = await anon.get('/api/accounts?pageSize=101')
    expect(res.status).toBe(400)
    expect(res.json.message).toBe('pageSize must be a whole number from 1 to 100')
  })

  const FILTERS = [
    'q=gaming',
    'q=%20 GAMING %20',
    'q=daily',
    'q=escrow',
    'q=zzz-nothing',
    'q=100%25',
    'q=a_b',
    'platform=tiktok',
    'platform=gaming',
    'platform=all',
    'niche=fit',
    'niche=Tech',
    'minPrice=1000',
    'maxPrice=$1,500.50',
    'minPrice=500&maxPrice=5000',
    'minPrice=0&maxPrice=0',
    'minFollowers=100000',
    'maxFollowers=50,000',
    'minIncome=100',
    'maxIncome=50.5',
    'minIncome=10&maxIncome=500',
    'verified=true',
    'monetized=true',
    'verified=true&monetized=1&platform=youtube&sort=price-high',
  ]
  it.each(FILTERS)('filters %s exactly like the shared matcher', async (query) => {
    const ids = (await fetchAll(query)).map((l) => l.id)
    expect(ids).toEqual(expected(query))
  })

  it('filters mean what they say (not just "the same as the matcher")', async () => {
    expect((await fetchAll('platform=tiktok')).every((l) => l.platform === 'tiktok')).toBe(true)
    expect(await fetchAll('platform=gaming')).toEqual([])
    const priced = await fetchAll('minPrice=500&maxPrice=5000')
    expect(priced.length).toBeGreaterThan(0)
    expect(priced.every((l) => l.price >= 500 && l.price <= 5000)).toBe(true)
    expect((await fetchAll('verified=true')).every((l) => l.isVerified)).toBe(true)
    expect((await fetchAll('monetized=true')).every((l) => l.isMonetized && l.monthlyIncome > 0)).toBe(true)
    expect((await fetchAll('maxFollowers=50,000')).every((l) => l.followers <= 50_000)).toBe(true)
    const gaming = await fetchAll('q=GaMiNg')
    expect(gaming.length).toBeGreaterThan(0)
    expect(gaming.every((l) => [l.username, l.displayName, l.niche, l.description].some((t) => t.toLowerCase().includes('gaming')))).toBe(true)
    // a bound of 0 is ignored (SPEC §5)
    expect(await fetchAll('minPrice=0&maxPrice=0')).toHaveLength(DEMO_LISTING_COUNT)
    // only digits and dots are read (SPEC §5): a minus sign is dropped, and text without a digit bounds nothing
    const overThousand = await fetchAll('minPrice=1000')
    expect(overThousand.length).toBeLessThan(DEMO_LISTING_COUNT)
    expect(await fetchAll('minPrice=-1000')).toEqual(overThousand)
    expect(await fetchAll('maxIncome=abc&minFollowers=none')).toHaveLength(DEMO_LISTING_COUNT)
  })

  it.each(SORT_OPTIONS)('sorts by %s with id as the tie-breaker', async (sort) => {
    const listings = await fetchAll(`sort=${sort}`)
    expect(listings.map((l) => l.id)).toEqual(expected(`sort=${sort}`))
    const key = (l: ListingDto) =>
      sort === 'newest' ? Date.parse(l.createdAt) : sort.startsWith('price') ? l.price : sort.startsWith('followers') ? l.followers : l.monthlyIncome
    const ascending = sort.endsWith('-low')
    for (let i = 1; i < listings.length; i++) {
      const [a, b] = [key(listings[i - 1]!), key(listings[i]!)]
      expect(ascending ? a <= b : a >= b).toBe(true)
    }
  })

  it.each([
    ['sort=bogus', 'sort must be one of'],
    ['page=0', 'page must be a whole number'],
    ['page=abc', 'page must be a whole number'],
    ['pageSize=-5', 'pageSize must be a whole number'],
    ['platform=myspace', 'platform must be one of'],
    ['verified=maybe', 'verified must be true or false'],
    ['minPrice=1.2.3', 'minPrice must be a number'],
    ['maxFollowers=99999999999999999', 'maxFollowers is too large'],
    ['q=a&q=b', 'q must be given once'],
    [`q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
  ])('answers a bad query %s with 400 and a clear message', async (query, message) => {
    const res = await anon.get(`/api/accounts?${query}`)
    expect(res.status, res.text).toBe(400)
    expect(res.json.error).toMatchObject({ code: 'validation_error' })
    expect(res.json.message).toContain(message)
  })
})

describe('GET /api/accounts/search, /featured', () => {
  it('searches like the q filter and always answers the first page', async () => {
    const res = await anon.get('/api/accounts/search?q=Gaming&page=3')
    expect(res.status).toBe(200)
    expect((res.json as unknown as ListingDto[]).map((l) => l.id)).toEqual(expected('q=gaming').slice(0, PAGE_SIZE))
    expect(res.headers.get('x-total-count')).toBe(String(expected('q=gaming').length))
    expect((await anon.get('/api/accounts/search')).json).toHaveLength(PAGE_SIZE)
  })

  it('finds text through trigram indexes that hold active listings only', async () => {
    const { rows: indexes } = await sql.query(
      `select indexname, indexdef from pg_indexes where tablename = 'listings' and indexdef like '%gin_trgm_ops%' order by indexname`,
    )
    expect(indexes.map((i) => i.indexname)).toEqual(['listings_niche_key_trgm', 'listings_search_text_trgm'])
    // a listing that leaves the catalogue (reserved, sold) leaves these indexes: buying one writes no GIN entry
    for (const index of indexes) expect(index.indexdef).toMatch(/WHERE \(\(?status\)?::text = 'active'::text\)$/)
    // and the catalogue's own filter is one the planner answers from them
    for (const [query, index] of [
      [{ q: 'gaming' }, 'listings_search_text_trgm'],
      [{ niche: 'gaming' }, 'listings_niche_key_trgm'],
    ] as const) {
      const filter = catalogueFilter(listingQuerySchema.parse(query))
      let n = 0
      const text = filter.sql.replace(/\?/g, () => `$${++n}`)
      await sql.query('begin')
      try {
        // with only these indexes left (in this transaction) and scans of the whole table ruled out, the plan reads
        // the trigram index if, and only if, the filter lets the planner use it
        await sql.query(`do $$ declare i record; begin
          for i in select indexname from pg_indexes where tablename = 'listings' and indexdef not like '%gin_trgm_ops%'
            and indexname not in (select conname from pg_constraint) loop
            execute format('drop index %I', i.indexname);
          end loop; end $$`)
        await sql.query('set local enable_seqscan = off')
        const { rows } = await sql.query(`explain (format json) select id from listings where ${text}`, filter.params)
        expect(JSON.stringify(rows[0]['QUERY PLAN'])).toContain(`"Index Name":"${index}"`)
      } finally {
        await sql.query('rollback')
      }
    }
  })

  it('features at most 12 active listings: pinned first, then premium, then newest', async () => {
    const featured = listingListSchema.parse((await anon.get('/api/accounts/featured')).json)
    const rank = (l: ListingDto) => (l.isPinned ? 2 : 0) + (l.isPremium ? 1 : 0)
    const reference = [...all].sort((a, b) => rank(b) - rank(a) || compareBy('newest')(a, b)).slice(0, 12)
    expect(featured.map((l) => l.id)).toEqual(reference.map((l) => l.id))
    expect(featured.some((l) => l.isPinned)).toBe(true)
  })
})

describe('GET /api/accounts/user and /:id', () => {
  it("requires sign-in for /user and lists the seller's listings in every status", async () => {
    expect((await anon.get('/api/accounts/user')).status).toBe(401)
    // one of the marketplace's sellers, who has a year of sales behind them
    const seller = 'nova.media'
    const pendingId = await insertListing(seller, 'pending_review', 'nova_pending')
    const nova = await signIn(seller)
    const mine = listingListSchema.parse((await nova.get('/api/accounts/user')).json)
    expect(mine.every((l) => l.seller.username === seller)).toBe(true)
    const {
      rows: [history],
    } = await sql.query(
      `select count(*)::int as sold from listings l join users u on u.id = l.seller_id where u.username = $1 and l.status = 'sold'`,
      [seller],
    )
    expect(history.sold).toBeGreaterThan(0)
    // their active listings, their sales history and the pending one
    expect(mine.length).toBe(all.filter((l) => l.seller.username === seller).length + history.sold + 1)
    expect(mine.filter((l) => l.status === 'sold')).toHaveLength(history.sold)
    expect(mine.find((l) => l.id === pendingId)).toMatchObject({ isActive: false, status: 'pending_review' })
  })

  it('answers 404 "Listing not found" for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc', '1.5', '-1', '0', '99999999999']) {
      const res = await anon.get(`/api/accounts/${id}`)
      expect(res.status, id).toBe(404)
      expect(res.json.message).toBe('Listing not found')
    }
    const one = await anon.get(`/api/accounts/${all[0]!.id}`)
    expect(listingDtoSchema.parse(one.json)).toEqual(all[0])
  })

  it('shows a listing waiting for review, suspended or removed only to its seller and admins', async () => {
    const bob = await signIn('bob')
    for (const status of ['pending_review', 'removed']) {
      const hidden = await insertListing('alice', status, `alice_${status}`)
      expect((await anon.get(`/api/accounts/${hidden}`)).status, status).toBe(404)
      expect((await bob.get(`/api/accounts/${hidden}`)).status, status).toBe(404)
    }
    const id = await insertListing('alice', 'suspended', 'alice_suspended')
    expect((await anon.get(`/api/accounts/${id}`)).status).toBe(404)
    expect((await bob.get(`/api/accounts/${id}`)).status).toBe(404)
    expect((await (await signIn('alice')).get(`/api/accounts/${id}`)).json).toMatchObject({ id, isActive: false, status: 'suspended' })
    expect((await (await signIn('admin', 'handover-admin')).get(`/api/accounts/${id}`)).status).toBe(200)
    expect(await fetchAll('q=alice_suspended')).toEqual([])
  })

  it('refuses a second open listing of the same handle on the same platform, whatever its case', async () => {
    await insertListing('bob', 'active', 'OneHandle')
    await expect(insertListing('carol', 'pending_review', 'onehandle')).rejects.toThrow(/listings_open_handle_unique/)
    await insertListing('carol', 'sold', 'onehandle')
  })
})

describe('GET /api/stats', () => {
  it('counts active listings, users and followers, per platform too', async () => {
    const active = await fetchAll('')
    const {
      rows: [counts],
    } = await sql.query(`select (select count(*)::int from users) as users, (select count(*)::int from listings where status = 'sold') as sold`)
    expect(counts.sold).toBeGreaterThan(0)
    const stats = statsSchema.parse((await anon.get('/api/stats')).json)
    expect(stats).toEqual({
      activeListings: active.length,
      verifiedListings: active.filter((l) => l.isVerified).length,
      totalUsers: counts.users,
      totalFollowers: active.reduce((sum, l) => sum + l.followers, 0),
      // every sold listing is a completed sale
      completedSales: counts.sold,
    })
    const platforms = platformStatsSchema.parse((await anon.get('/api/stats/platforms')).json)
    expect(platforms.map((p) => p.platform)).toEqual([...LIVE_PLATFORMS])
    for (const p of platforms) {
      const mine = active.filter((l) => l.platform === p.platform)
      expect(p.count).toBe(mine.length)
      const avgCents = mine.reduce((s, l) => s + Math.round(l.price * 100), 0) / mine.length
      expect(Math.abs(p.avgPrice * 100 - avgCents)).toBeLessThanOrEqual(0.5)
    }
    const overall = overallStatsSchema.parse((await anon.get('/api/stats/overall')).json)
    expect(overall).toEqual({ ...stats, platforms })
  })

  it("follows a change made after the figures were served, also one behind the server's back", async () => {
    const before = statsSchema.parse((await anon.get('/api/stats')).json)
    const platformsBefore = platformStatsSchema.parse((await anon.get('/api/stats/platforms')).json)
    const id = await insertListing('alice', 'active', 'stats_probe')
    await sql.query('update listings set is_verified = true, followers = 1234 where id = $1', [id])
    const after = statsSchema.parse((await anon.get('/api/stats')).json)
    expect(after).toEqual({
      ...before,
      activeListings: before.activeListings + 1,
      verifiedListings: before.verifiedListings + 1,
      totalFollowers: before.totalFollowers + 1234,
    })
    const youtube = (list: typeof platformsBefore) => list.find((p) => p.platform === 'youtube')!.count
    expect(youtube(platformStatsSchema.parse((await anon.get('/api/stats/platforms')).json))).toBe(youtube(platformsBefore) + 1)
    await sql.query(`update listings set status = 'sold' where id = $1`, [id])
    const sold = statsSchema.parse((await anon.get('/api/stats')).json)
    expect(sold).toMatchObject({ activeListings: before.activeListings, completedSales: before.completedSales + 1 })
    await sql.query('delete from listings where id = $1', [id])
  })
})
