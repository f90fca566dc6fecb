import type { QueryOrderMap } from '@mikro-orm/core'
import { SORT_DIRECTION, searchKey, type ListingFilters, type SortOption } from '@shared/listings/filter'
import type { Listing } from './listing.entity'

/** LIKE treats % _ and \ specially; a search term means them literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&')
const contains = (text: string) => `%${escapeLike(searchKey(text))}%`

/** A where clause over the listings table (columns unqualified) and its values for the `?` placeholders, in order. */
export interface CatalogueFilter {
  sql: string
  params: unknown[]
  /** filters besides the platform: the per-platform counters cannot give this total */
  narrowed: boolean
  /** a filter the catalogue indexes check on their own (amounts, flags): worth scanning ids before rows */
  indexed: boolean
}

/**
 * The SQL form of `matchesFilters` (src/shared/listings/filter.ts), for active listings.
 * Text matches the stored case-folded columns, so Postgres never folds case itself. matchesFilters also
 * drops listings without a handle; the check constraint listings_username_check means none exists, and
 * leaving that test out lets the catalogue indexes answer without reading the table.
 */
export function catalogueFilter(f: ListingFilters): CatalogueFilter {
  const filter: CatalogueFilter = { sql: `status = 'active'`, params: [], narrowed: false, indexed: false }
  const where = (kind: 'platform' | 'text' | 'indexed', sql: string, ...values: unknown[]) => {
    filter.sql += ` and ${sql}`
    filter.params.push(...values)
    if (kind !== 'platform') filter.narrowed = true
    if (kind === 'indexed') filter.indexed = true
  }
  const range = (column: string, min: number | undefined, max: number | undefined) => {
    if (min !== undefined) where('indexed', `${column} >= ?`, min)
    if (max !== undefined) where('indexed', `${column} <= ?`, max)
  }
  if (f.platform) where('platform', 'platform = ?', f.platform)
  if (f.q) where('text', 'search_text like ?', contains(f.q))
  if (f.niche) where('text', 'niche_key like ?', contains(f.niche))
  range('price_cents', f.minPriceCents, f.maxPriceCents)
  range('followers', f.minFollowers, f.maxFollowers)
  range('monthly_income_cents', f.minIncomeCents, f.maxIncomeCents)
  if (f.verified) where('indexed', 'is_verified')
  if (f.monetized) where('indexed', 'is_monetized')
  return filter
}

const SORT_COLUMN: Record<SortOption, 'created_at' | 'price_cents' | 'followers' | 'monthly_income_cents'> = {
  newest: 'created_at',
  'price-low': 'price_cents',
  'price-high': 'price_cents',
  'followers-high': 'followers',
  'followers-low': 'followers',
  'income-high': 'monthly_income_cents',
  'income-low': 'monthly_income_cents',
}

/** Sort column then id in the same direction: a total order that one index scan serves. */
export function catalogueOrder(sort: SortOption, alias = ''): string {
  const direction = SORT_DIRECTION[sort]
  const prefix = alias ? `${alias}.` : ''
  return `${prefix}${SORT_COLUMN[sort]} ${direction}, ${prefix}id ${direction}`
}

export const FEATURED_ORDER: QueryOrderMap<Listing>[] = [{ isPinned: 'desc' }, { isPremium: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }]
export const NEWEST_ORDER: QueryOrderMap<Listing>[] = [{ createdAt: 'desc' }, { id: 'desc' }]
