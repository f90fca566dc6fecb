import { z } from 'zod'
import { PAGE_SIZE, PLATFORM_IDS, SORT_OPTIONS } from '../constants'

/**
 * The one meaning of the catalogue's filters (SPEC §5). The client filters in memory with
 * `matchesFilters` + `compareBy`; the server turns the same parsed object into SQL
 * (server/modules/listings/listings.query.ts); a property test holds the two together.
 */

export const MAX_PAGE_SIZE = 100
/** deep offsets get slow; 100 000 pages of 100 is far past any real catalogue */
export const MAX_PAGE = 100_000
const MAX_QUERY_TEXT = 200

export type SortOption = (typeof SORT_OPTIONS)[number]
export type PlatformId = (typeof PLATFORM_IDS)[number]

export interface ListingFilters {
  q?: string
  platform?: PlatformId
  niche?: string
  minPriceCents?: number
  maxPriceCents?: number
  minFollowers?: number
  maxFollowers?: number
  minIncomeCents?: number
  maxIncomeCents?: number
  verified: boolean
  monetized: boolean
  sort: SortOption
  page: number
  pageSize: number
}

/** What filtering reads from a listing; the API's listing DTO has this shape. */
export interface FilterableListing {
  id: number
  platform: string
  username: string
  displayName: string
  niche: string
  description: string
  /** dollars, derived from integer cents */
  price: number
  followers: number
  monthlyIncome: number
  isVerified: boolean
  isMonetized: boolean
  isActive: boolean
  createdAt: string
}

/**
 * Case-folded text for substring search. The server stores this per listing (computed in JS, not by
 * Postgres' lower(), whose Unicode folding depends on the database locale) so both sides agree exactly.
 * Control characters are dropped: the stored search column joins fields with one.
 */
export function searchKey(text: string): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  return text.replace(/[\u0000-\u001f\u007f]/g, '').toLowerCase()
}

/** Dollars from the API back to exact cents (the DTO price is cents / 100). */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100)

type Rounding = 'ceil' | 'floor'

/**
 * A bound typed by a person: keep digits and dots (SPEC §5), read the decimal exactly and scale it.
 * A lower bound rounds up and an upper bound down, so integer comparison equals comparing the typed value.
 * Returns undefined for an empty or zero bound (ignored), a message for text that is not a number.
 */
function parseBound(raw: string, decimals: 0 | 2, rounding: Rounding): number | undefined | string {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(raw.replace(/[^\d.]/g, ''))
  if (!match) return 'must be a number'
  // text without a digit reads as zero below, and is ignored like one
  const [, whole = '', frac = ''] = match
  const significant = whole.replace(/^0+/, '')
  if (significant.length > 13) return 'is too large'
  const kept = frac.slice(0, decimals).padEnd(decimals, '0')
  const dropped = /[1-9]/.test(frac.slice(decimals))
  const scaled = Number(significant || '0') * 10 ** decimals + Number(kept || '0') + (dropped && rounding === 'ceil' ? 1 : 0)
  if (scaled === 0 && !dropped) return undefined
  return scaled
}

const single = (name: string) => z.string({ error: `${name} must be given once, as text` }).optional()

function bound(name: string, decimals: 0 | 2, rounding: Rounding) {
  return single(name).transform((raw, ctx) => {
    if (raw === undefined) return undefined
    const parsed = parseBound(raw, decimals, rounding)
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: `${name} ${parsed}` })
      return z.NEVER
    }
    return parsed
  })
}

function flag(name: string) {
  return single(name).transform((raw, ctx) => {
    const value = (raw ?? '').trim().toLowerCase()
    if (['true', '1', 'on', 'yes'].includes(value)) return true
    if (['false', '0', 'off', 'no', ''].includes(value)) return false
    ctx.addIssue({ code: 'custom', message: `${name} must be true or false` })
    return z.NEVER
  })
}

function wholeNumber(name: string, min: number, max: number, fallback: number) {
  return single(name).transform((raw, ctx) => {
    const text = (raw ?? '').trim()
    if (text === '') return fallback
    const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN
    if (n >= min && n <= max) return n
    ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max}` })
    return z.NEVER
  })
}

function searchText(name: string) {
  return single(name).transform((raw, ctx) => {
    const text = (raw ?? '').trim()
    if (text.length > MAX_QUERY_TEXT) {
      ctx.addIssue({ code: 'custom', message: `${name} must be at most ${MAX_QUERY_TEXT} characters` })
      return z.NEVER
    }
    return searchKey(text) === '' ? undefined : text
  })
}

const platformParam = single('platform').transform((raw, ctx) => {
  const value = (raw ?? '').trim().toLowerCase()
  if (value === '' || value === 'all') return undefined
  const found = PLATFORM_IDS.find((p) => p === value)
  if (found) return found
  ctx.addIssue({ code: 'custom', message: `platform must be one of ${PLATFORM_IDS.join(', ')}` })
  return z.NEVER
})

const sortParam = single('sort').transform((raw, ctx) => {
  const value = (raw ?? '').trim()
  if (value === '') return 'newest' as const
  const found = SORT_OPTIONS.find((s) => s === value)
  if (found) return found
  ctx.addIssue({ code: 'custom', message: `sort must be one of ${SORT_OPTIONS.join(', ')}` })
  return z.NEVER
})

/** Query-string parameters (all text, as in a URL); prices and income are dollars. Unknown keys are ignored. */
export const listingQuerySchema = z
  .object({
    q: searchText('q'),
    platform: platformParam,
    niche: searchText('niche'),
    minPrice: bound('minPrice', 2, 'ceil'),
    maxPrice: bound('maxPrice', 2, 'floor'),
    minFollowers: bound('minFollowers', 0, 'ceil'),
    maxFollowers: bound('maxFollowers', 0, 'floor'),
    minIncome: bound('minIncome', 2, 'ceil'),
    maxIncome: bound('maxIncome', 2, 'floor'),
    verified: flag('verified'),
    monetized: flag('monetized'),
    sort: sortParam,
    page: wholeNumber('page', 1, MAX_PAGE, 1),
    pageSize: wholeNumber('pageSize', 1, MAX_PAGE_SIZE, PAGE_SIZE),
  })
  .transform(({ minPrice, maxPrice, minIncome, maxIncome, ...rest }): ListingFilters => ({
    ...rest,
    minPriceCents: minPrice,
    maxPriceCents: maxPrice,
    minIncomeCents: minIncome,
    maxIncomeCents: maxIncome,
  }))

export type ListingQuery = z.input<typeof listingQuerySchema>

const within = (value: number, min: number | undefined, max: number | undefined) =>
  (min === undefined || value >= min) && (max === undefined || value <= max)

/** SPEC §5 in memory: the same rows the server's SQL selects (before paging). */
export function matchesFilters(listing: FilterableListing, f: ListingFilters): boolean {
  if (!listing.isActive || !listing.platform || !listing.username) return false
  if (f.platform && listing.platform !== f.platform) return false
  if (f.q) {
    const key = searchKey(f.q)
    const fields = [listing.username, listing.displayName, listing.niche, listing.description]
    if (!fields.some((text) => searchKey(text).includes(key))) return false
  }
  if (f.niche && !searchKey(listing.niche).includes(searchKey(f.niche))) return false
  if (!within(dollarsToCents(listing.price), f.minPriceCents, f.maxPriceCents)) return false
  if (!within(listing.followers, f.minFollowers, f.maxFollowers)) return false
  if (!within(dollarsToCents(listing.monthlyIncome), f.minIncomeCents, f.maxIncomeCents)) return false
  if (f.verified && !listing.isVerified) return false
  if (f.monetized && !listing.isMonetized) return false
  return true
}

type SortKey = (l: FilterableListing) => number
const SORT_KEYS: Record<SortOption, [SortKey, 1 | -1]> = {
  newest: [(l) => Date.parse(l.createdAt), -1],
  'price-low': [(l) => dollarsToCents(l.price), 1],
  'price-high': [(l) => dollarsToCents(l.price), -1],
  'followers-high': [(l) => l.followers, -1],
  'followers-low': [(l) => l.followers, 1],
  'income-high': [(l) => dollarsToCents(l.monthlyIncome), -1],
  'income-low': [(l) => dollarsToCents(l.monthlyIncome), 1],
}

/** Sorts like the server: the sort key, then id in the same direction, so every order is total. */
export function compareBy(sort: SortOption): (a: FilterableListing, b: FilterableListing) => number {
  const [key, direction] = SORT_KEYS[sort]
  return (a, b) => (key(a) - key(b) || a.id - b.id) * direction
}

/** The SQL sort: [column property, direction] pairs, id last. */
export const SORT_DIRECTION: Record<SortOption, 'asc' | 'desc'> = Object.fromEntries(
  Object.entries(SORT_KEYS).map(([sort, [, direction]]) => [sort, direction === 1 ? 'asc' : 'desc']),
) as Record<SortOption, 'asc' | 'desc'>
