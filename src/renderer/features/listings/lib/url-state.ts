import { PAGE_SIZE, SORT_OPTIONS } from '@shared/constants'
import { isLivePlatform, type LivePlatformId } from '@/config/platforms'
import type { ListingsQuery, SortOption } from '../types'

/**
 * The grid's filter, sort and page state, kept in the URL so reload, Back and a shared link
 * reproduce the results (STYLE: renderer). Defaults are left out of the URL to keep links short.
 */

export const RANGE_FIELDS = ['minPrice', 'maxPrice', 'minFollowers', 'maxFollowers', 'minIncome', 'maxIncome'] as const
export type RangeField = (typeof RANGE_FIELDS)[number]

export interface ListingFilters extends Record<RangeField, string> {
  q: string
  platform: LivePlatformId | null
  niche: string
  verified: boolean
  monetized: boolean
  sort: SortOption
  page: number
}

export const DEFAULT_SORT: SortOption = 'newest'

export const DEFAULT_FILTERS: ListingFilters = {
  q: '',
  platform: null,
  niche: '',
  minPrice: '',
  maxPrice: '',
  minFollowers: '',
  maxFollowers: '',
  minIncome: '',
  maxIncome: '',
  verified: false,
  monetized: false,
  sort: DEFAULT_SORT,
  page: 1,
}

/**
 * The platform rides under `platform`, as the landing pages and SPEC §2 link to it (`/?platform=tiktok`): the grid
 * keeps it in the URL like its other filters, so a reload or a shared link shows the same accounts. `on` is what older
 * links carried; it is still read, and written back as `platform`.
 */
export const PLATFORM_URL_KEY = 'platform'
const LEGACY_PLATFORM_KEY = 'on'

const OWN_KEYS = [PLATFORM_URL_KEY, LEGACY_PLATFORM_KEY, 'q', 'niche', ...RANGE_FIELDS, 'verified', 'monetized', 'sort', 'page'] as const

/** Whether the URL carries any of the grid's state: a reload or shared link of filtered results. */
export function hasListingState(params: URLSearchParams): boolean {
  return OWN_KEYS.some((key) => params.has(key))
}

/** SPEC §5: numeric inputs keep only digits and dots. */
export function stripNumeric(value: string): string {
  return value.replace(/[^\d.]/g, '')
}

function isSortOption(value: string | null): value is SortOption {
  return value !== null && (SORT_OPTIONS as readonly string[]).includes(value)
}

function parsePage(value: string | null): number {
  const page = Number(value)
  return Number.isInteger(page) && page > 1 ? page : 1
}

const isOn = (value: string | null) => value === 'true' || value === '1'

export function parseListingSearch(params: URLSearchParams): ListingFilters {
  const platform = params.get(PLATFORM_URL_KEY) ?? params.get(LEGACY_PLATFORM_KEY)
  const sort = params.get('sort')
  const ranges = Object.fromEntries(RANGE_FIELDS.map((field) => [field, stripNumeric(params.get(field) ?? '')])) as Record<RangeField, string>
  return {
    ...ranges,
    q: (params.get('q') ?? '').trim(),
    platform: isLivePlatform(platform) ? platform : null,
    niche: (params.get('niche') ?? '').trim(),
    verified: isOn(params.get('verified')),
    monetized: isOn(params.get('monetized')),
    sort: isSortOption(sort) ? sort : DEFAULT_SORT,
    page: parsePage(params.get('page')),
  }
}

/** Writes the filters over `base`, leaving parameters that belong to others alone. */
export function writeListingSearch(filters: ListingFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base)
  for (const key of OWN_KEYS) next.delete(key)
  if (filters.platform) next.set(PLATFORM_URL_KEY, filters.platform)
  if (filters.q.trim()) next.set('q', filters.q.trim())
  if (filters.niche.trim()) next.set('niche', filters.niche.trim())
  for (const field of RANGE_FIELDS) {
    const value = stripNumeric(filters[field])
    if (value) next.set(field, value)
  }
  if (filters.verified) next.set('verified', 'true')
  if (filters.monetized) next.set('monetized', 'true')
  if (filters.sort !== DEFAULT_SORT) next.set('sort', filters.sort)
  if (filters.page > 1) next.set('page', String(filters.page))
  return next
}

/** SPEC §5: a bound of 0 or less (or one that is not a number) is ignored. */
export function toBound(value: string): number | undefined {
  if (!value) return undefined
  const number = Number(value)
  return Number.isFinite(number) && number > 0 ? number : undefined
}

export function hasAdvancedFilters(filters: ListingFilters): boolean {
  return Boolean(filters.niche) || filters.verified || filters.monetized || RANGE_FIELDS.some((field) => toBound(filters[field]) !== undefined)
}

export function hasAnyFilter(filters: ListingFilters): boolean {
  return Boolean(filters.q) || filters.platform !== null || hasAdvancedFilters(filters)
}

/** "Clear All" resets every filter but keeps the chosen order. */
export function clearedFilters(filters: ListingFilters): ListingFilters {
  return { ...DEFAULT_FILTERS, sort: filters.sort }
}

/** The server query for GET /api/accounts: only what narrows the results, pageSize fixed (SPEC §9). */
export function toListingsQuery(filters: ListingFilters): ListingsQuery {
  const query: ListingsQuery = { sort: filters.sort, page: filters.page, pageSize: PAGE_SIZE }
  if (filters.q) query.q = filters.q
  if (filters.platform) query.platform = filters.platform
  if (filters.niche) query.niche = filters.niche
  for (const field of RANGE_FIELDS) {
    const bound = toBound(filters[field])
    if (bound !== undefined) query[field] = bound
  }
  if (filters.verified) query.verified = true
  if (filters.monetized) query.monetized = true
  return query
}

export function listingsQueryString(query: ListingsQuery): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value))
  }
  return params.toString()
}
