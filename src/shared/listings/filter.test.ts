import { describe, expect, it } from 'vitest'
import {
  compareBy,
  dollarsToCents,
  listingQuerySchema,
  matchesFilters,
  searchKey,
  SORT_DIRECTION,
  type FilterableListing,
  type ListingQuery,
} from './filter'

/**
 * Every expectation here is worked out by hand from this fixture, never by the parser under test: a bug that the
 * server and the browser would share (both use this module) still fails here.
 */
const base = { description: '', isVerified: false, isMonetized: false, isActive: true }
const FIXTURE: FilterableListing[] = [
  {
    ...base,
    id: 1,
    platform: 'youtube',
    username: 'chefmaria',
    displayName: 'Maria Cooks',
    niche: 'Cooking',
    description: 'Daily recipes',
    price: 1000,
    followers: 50_000,
    monthlyIncome: 250,
    isVerified: true,
    isMonetized: true,
    createdAt: '2026-01-01T00:00:00Z',
  },
  {
    ...base,
    id: 2,
    platform: 'tiktok',
    username: 'dance.kid',
    displayName: 'Dance Kid',
    niche: 'Dance',
    description: 'Viral GAMING clips',
    price: 500.5,
    followers: 120_000,
    monthlyIncome: 0,
    createdAt: '2026-01-03T00:00:00Z',
  },
  {
    ...base,
    id: 3,
    platform: 'instagram',
    username: 'fitwithjo',
    displayName: 'Jo Fitness',
    niche: 'Fitness',
    description: 'Workouts',
    price: 2500,
    followers: 9_999,
    monthlyIncome: 1200.99,
    isVerified: true,
    isMonetized: true,
    createdAt: '2026-01-02T00:00:00Z',
  },
  {
    ...base,
    id: 4,
    platform: 'youtube',
    username: 'retroplays',
    displayName: 'Retro Plays',
    niche: 'Gaming',
    description: 'Speedruns',
    price: 0.99,
    followers: 0,
    monthlyIncome: 0.01,
    isMonetized: true,
    createdAt: '2026-01-05T00:00:00Z',
  },
  {
    ...base,
    id: 5,
    platform: 'telegram',
    username: 'cryptonews',
    displayName: 'Crypto News',
    niche: 'Finance',
    description: 'Market notes',
    price: 15_000,
    followers: 1_000_000,
    monthlyIncome: 5000,
    isVerified: true,
    isMonetized: true,
    createdAt: '2026-01-04T00:00:00Z',
  },
  {
    ...base,
    id: 6,
    platform: 'twitter',
    username: 'quiet',
    displayName: 'Quiet',
    niche: 'Tech',
    description: 'Tech takes',
    price: 750,
    followers: 50_000,
    monthlyIncome: 99.5,
    isVerified: true,
    createdAt: '2026-01-05T00:00:00Z',
  },
  // never shown, whatever the filter: inactive, without a platform, without a username
  {
    ...base,
    id: 7,
    platform: 'youtube',
    username: 'gone',
    displayName: 'Gone',
    niche: 'Cooking',
    price: 1000,
    followers: 50_000,
    monthlyIncome: 250,
    isActive: false,
    createdAt: '2026-01-06T00:00:00Z',
  },
  {
    ...base,
    id: 8,
    platform: '',
    username: 'noplatform',
    displayName: 'No Platform',
    niche: 'Cooking',
    price: 1000,
    followers: 50_000,
    monthlyIncome: 250,
    createdAt: '2026-01-06T00:00:00Z',
  },
  {
    ...base,
    id: 9,
    platform: 'youtube',
    username: '',
    displayName: 'No Name',
    niche: 'Cooking',
    price: 1000,
    followers: 50_000,
    monthlyIncome: 250,
    createdAt: '2026-01-06T00:00:00Z',
  },
]
const ALL = [1, 2, 3, 4, 5, 6]

/** The ids the query string selects from the fixture, in fixture order. */
function ids(query: string): number[] {
  const filters = listingQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)) as ListingQuery)
  return FIXTURE.filter((l) => matchesFilters(l, filters)).map((l) => l.id)
}

/** The 400 message a query string gets (the first problem), or null when it parses. */
function problem(query: ListingQuery): string | null {
  const result = listingQuerySchema.safeParse(query)
  if (result.success) return null
  const [issue] = result.error.issues
  // every message is the schema's own, none zod's default
  expect(issue?.code).toBe(Object.keys(query).some((name) => typeof query[name as keyof ListingQuery] !== 'string') ? 'invalid_type' : 'custom')
  return issue?.message ?? ''
}

describe('listing filter, against hand-computed answers', () => {
  it.each([
    // prices in cents: 1 → 100 000, 2 → 50 050, 3 → 250 000, 4 → 99, 5 → 1 500 000, 6 → 75 000
    ['', ALL],
    ['minPrice=1000', [1, 3, 5]],
    ['maxPrice=1000', [1, 2, 4, 6]],
    ['minPrice=500.50&maxPrice=1000', [1, 2, 6]],
    ['minPrice=500.501', [1, 3, 5, 6]],
    ['maxPrice=500.499', [4]],
    ['maxPrice=0.99', [4]],
    ['maxPrice=0.989', []],
    ['maxPrice=$1,000.00', [1, 2, 4, 6]],
    ['minPrice=2500&maxPrice=2500', [3]],
    ['minPrice=2500.01&maxPrice=2500', []],
    // followers: 1 → 50 000, 2 → 120 000, 3 → 9 999, 4 → 0, 5 → 1 000 000, 6 → 50 000
    ['minFollowers=50000', [1, 2, 5, 6]],
    ['maxFollowers=50000', [1, 3, 4, 6]],
    ['minFollowers=50,001', [2, 5]],
    ['minFollowers=9999.5', [1, 2, 5, 6]],
    ['maxFollowers=9999.5', [3, 4]],
    ['minFollowers=9999&maxFollowers=120000', [1, 2, 3, 6]],
    // income in cents: 1 → 25 000, 2 → 0, 3 → 120 099, 4 → 1, 5 → 500 000, 6 → 9 950
    ['minIncome=100', [1, 3, 5]],
    ['maxIncome=100', [2, 4, 6]],
    ['minIncome=99.5&maxIncome=1200.99', [1, 3, 6]],
    ['minIncome=99.501', [1, 3, 5]],
    ['maxIncome=1200.989', [1, 2, 4, 6]],
    ['minIncome=0.01', [1, 3, 4, 5, 6]],
    ['maxIncome=0.01', [2, 4]],
    // niche is a substring of the niche only; q of the name, display name, niche or description
    ['niche=fit', [3]],
    ['niche=TECH', [6]],
    ['niche=ing', [1, 4]],
    ['niche=gaming', [4]],
    ['niche=%20%20', ALL],
    ['q=gaming', [2, 4]],
    ['q=MARIA', [1]],
    ['q=dance.kid', [2]],
    ['q=%20market%20', [5]],
    ['q=zzz', []],
    ['q=%20', ALL],
    ['verified=true', [1, 3, 5, 6]],
    ['verified=false', ALL],
    ['monetized=1', [1, 3, 4, 5]],
    ['monetized=no', ALL],
    ['monetized=off&verified=0', ALL],
    ['verified=yes&monetized=on', [1, 3, 5]],
    ['platform=youtube', [1, 4]],
    ['platform=YouTube', [1, 4]],
    ['platform=all', ALL],
    ['platform=gaming', []],
    ['platform=youtube&minPrice=1&q=o', [1]],
  ])('%s → %j', (query, expected) => {
    expect(ids(query)).toEqual(expected)
  })

  it.each([
    // SPEC §5: a bound of 0 is ignored, and only digits and dots are read (so a minus sign is dropped, as the form drops it)
    ['minPrice=0', ALL],
    ['maxPrice=0', ALL],
    ['maxPrice=0.00', ALL],
    ['maxFollowers=0', ALL],
    ['maxIncome=000', ALL],
    ['minIncome=0&maxIncome=0', ALL],
    ['minPrice=-1000', [1, 3, 5]],
    ['maxIncome=-100', [2, 4, 6]],
    ['maxFollowers=-9999', [3, 4]],
    // text without a digit is no bound; a bound under a cent still bounds
    ['minPrice=abc', ALL],
    ['maxIncome=.', ALL],
    ['maxPrice=0.001', []],
    ['minPrice=0.001', ALL],
    ['maxFollowers=0.9', [4]],
  ])('a zero, negative or wordy bound: %s → %j', (query, expected) => {
    expect(ids(query)).toEqual(expected)
  })

  it('answers malformed values with the message the API sends back as its 400', () => {
    expect(problem({ minPrice: '1.2.3' })).toBe('minPrice must be a number')
    expect(problem({ maxIncome: '1..5' })).toBe('maxIncome must be a number')
    expect(problem({ maxFollowers: '99999999999999' })).toBe('maxFollowers is too large')
    expect(problem({ maxFollowers: '9999999999999' })).toBeNull()
    expect(problem({ minPrice: '00000000000000001' })).toBeNull()
    expect(problem({ verified: 'maybe' })).toBe('verified must be true or false')
    expect(problem({ monetized: '2' })).toBe('monetized must be true or false')
    expect(problem({ platform: 'myspace' })).toBe('platform must be one of youtube, tiktok, instagram, facebook, twitter, telegram, gaming')
    expect(problem({ sort: 'cheapest' })).toBe(
      'sort must be one of newest, price-low, price-high, followers-high, followers-low, income-high, income-low',
    )
    expect(problem({ q: 'x'.repeat(200) })).toBeNull()
    expect(problem({ q: ` ${'x'.repeat(200)} ` })).toBeNull()
    expect(problem({ q: 'x'.repeat(201) })).toBe('q must be at most 200 characters')
    expect(problem({ niche: 'x'.repeat(201) })).toBe('niche must be at most 200 characters')
    // a parameter repeated in the URL arrives as a list
    for (const name of ['q', 'platform', 'sort', 'maxPrice', 'minIncome', 'verified', 'page']) {
      expect(problem({ [name]: ['a', 'b'] } as unknown as ListingQuery)).toBe(`${name} must be given once, as text`)
    }
    expect(problem({ page: '1', pageSize: '1' })).toBeNull()
    expect(problem({ page: '0' })).toBe('page must be a whole number from 1 to 100000')
    expect(problem({ page: '100001' })).toBe('page must be a whole number from 1 to 100000')
    expect(problem({ page: '1e3' })).toBe('page must be a whole number from 1 to 100000')
    expect(problem({ page: '-1' })).toBe('page must be a whole number from 1 to 100000')
    expect(problem({ pageSize: '101' })).toBe('pageSize must be a whole number from 1 to 100')
    expect(problem({ pageSize: '0' })).toBe('pageSize must be a whole number from 1 to 100')
  })

  it('reads every parameter into the filters the SQL and the browser apply', () => {
    expect(listingQuerySchema.parse({})).toEqual({
      q: undefined,
      platform: undefined,
      niche: undefined,
      minPriceCents: undefined,
      maxPriceCents: undefined,
      minFollowers: undefined,
      maxFollowers: undefined,
      minIncomeCents: undefined,
      maxIncomeCents: undefined,
      verified: false,
      monetized: false,
      sort: 'newest',
      page: 1,
      pageSize: 28,
    })
    expect(
      listingQuerySchema.parse({
        q: ' Chef ',
        platform: ' TikTok ',
        niche: 'Tech',
        minPrice: '10.005',
        maxPrice: '20.009',
        minFollowers: '1.5',
        maxFollowers: '2.5',
        minIncome: '$1,000',
        maxIncome: '2000.5',
        verified: ' TRUE ',
        monetized: '0',
        sort: ' price-high ',
        page: ' 100000 ',
        pageSize: '100',
      }),
    ).toEqual({
      q: 'Chef',
      platform: 'tiktok',
      niche: 'Tech',
      minPriceCents: 1001,
      maxPriceCents: 2000,
      minFollowers: 2,
      maxFollowers: 2,
      minIncomeCents: 100_000,
      maxIncomeCents: 200_050,
      verified: true,
      monetized: false,
      sort: 'price-high',
      page: 100_000,
      pageSize: 100,
    })
    expect(listingQuerySchema.parse({ platform: '', sort: '', page: ' ', pageSize: '' })).toMatchObject({
      platform: undefined,
      sort: 'newest',
      page: 1,
      pageSize: 28,
    })
  })

  it.each([
    ['newest', [6, 4, 5, 2, 3, 1], 'desc'],
    ['price-low', [4, 2, 6, 1, 3, 5], 'asc'],
    ['price-high', [5, 3, 1, 6, 2, 4], 'desc'],
    ['followers-high', [5, 2, 6, 1, 3, 4], 'desc'],
    ['followers-low', [4, 3, 1, 6, 2, 5], 'asc'],
    ['income-high', [5, 3, 1, 6, 4, 2], 'desc'],
    ['income-low', [2, 4, 6, 1, 3, 5], 'asc'],
  ] as const)('sorts %s as %j, ties by id the same way, %s in SQL', (sort, expected, direction) => {
    const shown = FIXTURE.filter((l) => ALL.includes(l.id))
    expect([...shown].sort(compareBy(sort)).map((l) => l.id)).toEqual(expected)
    expect(
      [...shown]
        .reverse()
        .sort(compareBy(sort))
        .map((l) => l.id),
    ).toEqual(expected)
    expect(SORT_DIRECTION[sort]).toBe(direction)
  })

  it('folds text for search without control characters, and reads dollars as exact cents', () => {
    expect(searchKey('A\u0000B\u001fC\u007fD É')).toBe('abcd é')
    expect(searchKey('\u0020tab\u0009')).toBe(' tab')
    expect(dollarsToCents(10.01)).toBe(1001)
    expect(dollarsToCents(0.29)).toBe(29)
  })
})
