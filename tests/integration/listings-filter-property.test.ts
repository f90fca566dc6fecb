import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LISTING_STATUSES, type ListingDto } from '../../src/shared/api/listings'
import { LIVE_PLATFORMS, PLATFORM_IDS, SORT_OPTIONS } from '../../src/shared/constants'
import { compareBy, listingQuerySchema, matchesFilters, type ListingFilters } from '../../src/shared/listings/filter'
import { openDatabase, type Orm } from '../../server/db/orm'
import { Listing } from '../../server/modules/listings/listing.entity'
import { toListingDto } from '../../server/modules/listings/listing.mapper'
import { ListingsService } from '../../server/modules/listings/listings.service'
import { User } from '../../server/modules/users/user.entity'
import { createTestDatabase, type TestDatabase } from '../support/database'

let db: TestDatabase
let orm: Orm
let seller: User
const service = new ListingsService()

beforeAll(async () => {
  db = await createTestDatabase()
  orm = await openDatabase(db.url)
  const em = orm.em.fork()
  seller = em.create(User, {
    username: 'prop',
    usernameKey: 'prop',
    email: 'prop@example.com',
    passwordHash: 'x',
    isAdmin: false,
    createdAt: new Date(),
  })
  await em.flush()
})

afterAll(async () => {
  await orm?.close()
  await db?.drop()
})

// text that trips naive implementations: LIKE wildcards, backslashes, Unicode case folding
const FRAGMENTS = [
  'a',
  'A',
  'ab',
  'Straße',
  'STRASSE',
  'İstanbul',
  'ıi',
  'ΣΊΣΥΦΟΣ',
  'σίσυφος',
  'Ǆ',
  'ǆ',
  '100%',
  '%',
  '_',
  'a_b',
  '\\',
  'Ä',
  'ä',
  '😀',
  'Fit',
  'fit',
  ' ',
  'x',
]
const fragmentText = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 4 }).map((parts) => parts.join(''))
const anyText = fc.string({ unit: 'binary', maxLength: 6 }).map((s) => s.replaceAll(String.fromCharCode(0), '')) // Postgres text cannot hold NUL
const text = fc.oneof(fragmentText, fragmentText, anyText)
const amount = fc.oneof(fc.constantFrom(0, 1, 99, 100, 150, 1_000, 12_345), fc.integer({ min: 0, max: 5_000_000 }))

const row = fc.record({
  platform: fc.constantFrom(...LIVE_PLATFORMS),
  handle: fc.oneof(fc.constantFrom('Alpha', 'alpha', 'x_%', 'Ünïcode', 'σ'), fc.stringMatching(/^[A-Za-z0-9_.%]{1,6}$/)),
  displayName: text,
  niche: text,
  description: text,
  priceCents: amount,
  followers: amount,
  monthlyIncomeCents: amount,
  isVerified: fc.boolean(),
  isMonetized: fc.boolean(),
  status: fc.constantFrom(...LISTING_STATUSES, 'active', 'active'),
  // whole seconds apart, often equal: ties must fall back to id
  secondsAgo: fc.integer({ min: 0, max: 4 }),
})

// each parameter is usually absent, so combined filters still leave rows to compare
const optional = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb })
// short terms that often occur in the generated text, so searches find something
const SHORT_TERMS = fc.constantFrom('a', 'A', 'i', 'I', 's', 'σ', 'Σ', '%', '_', '\\', 'ä', 'x', '1')
const moneyText = fc.oneof(
  fc.constantFrom('0', '0.00', '1', '1.5', '12.345', '$1,000', '150', '0.001', '.', 'abc'),
  fc.integer({ min: 0, max: 60_000 }).map(String),
)
const query = fc.record(
  {
    q: optional(fc.oneof(SHORT_TERMS, SHORT_TERMS, fc.constantFrom(...FRAGMENTS, ' a ', 'ss', 'ς', '\\%'), text)),
    platform: optional(fc.constantFrom(...PLATFORM_IDS, 'all', '')),
    niche: optional(fc.oneof(SHORT_TERMS, fc.constantFrom(...FRAGMENTS), text)),
    minPrice: optional(moneyText),
    maxPrice: optional(moneyText),
    minFollowers: optional(moneyText),
    maxFollowers: optional(moneyText),
    minIncome: optional(moneyText),
    maxIncome: optional(moneyText),
    verified: optional(fc.constantFrom('true', 'false')),
    monetized: optional(fc.constantFrom('true', '1', 'false')),
    sort: optional(fc.constantFrom(...SORT_OPTIONS)),
    page: optional(fc.constantFrom('1', '2', '3')),
    pageSize: optional(fc.constantFrom('1', '3', '7', '28')),
  },
  { requiredKeys: [] },
)

/** one plain text search per run, so case folding and LIKE escaping are exercised on every data set */
const textOnly = fc.record({ q: fc.oneof(SHORT_TERMS, fc.constantFrom(...FRAGMENTS)), sort: fc.constantFrom(...SORT_OPTIONS) })

type Row = typeof row extends fc.Arbitrary<infer R> ? R : never

async function insertRows(rows: Row[]) {
  const em = orm.em.fork()
  await em.nativeDelete(Listing, {})
  const base = Date.UTC(2026, 0, 1)
  rows.forEach((r, i) =>
    em.create(Listing, {
      ...r,
      seller: em.getReference(User, seller.id),
      // unique per row: the open-handle index allows one active listing per platform + handle
      username: `${r.handle}${i}`,
      accountTitle: 't',
      createdAt: new Date(base - r.secondsAgo * 1000),
    }),
  )
  await em.flush()
  const stored = await orm.em.fork().find(Listing, {}, { populate: ['seller'] })
  return stored.map((l) => toListingDto(l))
}

function inMemory(all: ListingDto[], f: ListingFilters) {
  const matching = all.filter((l) => matchesFilters(l, f)).sort(compareBy(f.sort))
  return { total: matching.length, ids: matching.slice((f.page - 1) * f.pageSize, f.page * f.pageSize).map((l) => l.id) }
}

describe('one filter semantics: SQL and matchesFilters agree', () => {
  it('selects the same listings in the same order for random data and filters', async () => {
    // how often a text search found something: a property that only ever compares empty results proves little
    const seen = { compared: 0, nonEmpty: 0, textHits: 0 }
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { maxLength: 25 }),
        fc.array(query, { minLength: 1, maxLength: 6 }),
        textOnly,
        async (rows, queries, searchOnly) => {
          const all = await insertRows(rows)
          for (const raw of [searchOnly, ...queries]) {
            const parsed = listingQuerySchema.safeParse(raw)
            if (!parsed.success) continue
            const page = await service.search(orm.em.fork(), parsed.data)
            const expected = inMemory(all, parsed.data)
            expect({ total: page.total, ids: page.items.map((l) => l.id) }, JSON.stringify(raw)).toEqual(expected)
            seen.compared++
            if (expected.total > 0) seen.nonEmpty++
            if (expected.total > 0 && (parsed.data.q || parsed.data.niche)) seen.textHits++
          }
        },
      ),
      { numRuns: 80 },
    )
    expect(seen.nonEmpty).toBeGreaterThan(seen.compared / 10)
    expect(seen.textHits).toBeGreaterThan(20)
  }, 120_000)
})
