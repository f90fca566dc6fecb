import type { FilterQuery, QueryOrderMap } from '@mikro-orm/core'
import { SORT_DIRECTION, searchKey, type ListingFilters, type SortOption } from '@shared/listings/filter'
import type { Listing } from './listing.entity'

/** LIKE treats % _ and \ specially; a search term means them literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&')
const contains = (text: string) => ({ $like: `%${escapeLike(searchKey(text))}%` })

type Range = { $gte?: number; $lte?: number }
function range(min: number | undefined, max: number | undefined): Range | undefined {
  if (min === undefined && max === undefined) return undefined
  return { ...(min !== undefined ? { $gte: min } : {}), ...(max !== undefined ? { $lte: max } : {}) }
}

/**
 * The SQL form of `matchesFilters` (src/shared/listings/filter.ts), for active listings.
 * Text matches the stored case-folded columns, so Postgres never folds case itself.
 */
export function listingWhere(f: ListingFilters): FilterQuery<Listing> {
  const where: Record<string, unknown> = { status: 'active', username: { $ne: '' } }
  if (f.platform) where.platform = f.platform
  if (f.q) where.searchText = contains(f.q)
  if (f.niche) where.nicheKey = contains(f.niche)
  const price = range(f.minPriceCents, f.maxPriceCents)
  if (price) where.priceCents = price
  const followers = range(f.minFollowers, f.maxFollowers)
  if (followers) where.followers = followers
  const income = range(f.minIncomeCents, f.maxIncomeCents)
  if (income) where.monthlyIncomeCents = income
  if (f.verified) where.isVerified = true
  if (f.monetized) where.isMonetized = true
  return where as FilterQuery<Listing>
}

const SORT_COLUMN: Record<SortOption, 'createdAt' | 'priceCents' | 'followers' | 'monthlyIncomeCents'> = {
  newest: 'createdAt',
  'price-low': 'priceCents',
  'price-high': 'priceCents',
  'followers-high': 'followers',
  'followers-low': 'followers',
  'income-high': 'monthlyIncomeCents',
  'income-low': 'monthlyIncomeCents',
}

/** Sort column then id in the same direction: a total order that one index scan serves. */
export function listingOrder(sort: SortOption): QueryOrderMap<Listing>[] {
  const direction = SORT_DIRECTION[sort]
  return [{ [SORT_COLUMN[sort]]: direction }, { id: direction }]
}

export const FEATURED_ORDER: QueryOrderMap<Listing>[] = [{ isPinned: 'desc' }, { isPremium: 'desc' }, { createdAt: 'desc' }, { id: 'desc' }]
export const NEWEST_ORDER: QueryOrderMap<Listing>[] = [{ createdAt: 'desc' }, { id: 'desc' }]
