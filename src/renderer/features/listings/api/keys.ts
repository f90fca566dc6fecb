import { listingKeys } from '@/lib/query-keys'
import type { ListingsQuery } from '../types'

/**
 * The listings key factory: extends the shared root (which live events invalidate) with this
 * feature's sub-keys, so `listingKeys.all` still reaches every query below.
 */
export const listingQueryKeys = {
  all: listingKeys.all,
  lists: () => [...listingKeys.all, 'list'] as const,
  list: (query: ListingsQuery) => [...listingQueryKeys.lists(), query] as const,
  details: () => [...listingKeys.all, 'detail'] as const,
  detail: (id: string) => [...listingQueryKeys.details(), id] as const,
}
