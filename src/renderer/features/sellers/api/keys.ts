import { sellerKeys as sellerRoot } from '@/lib/query-keys'

/**
 * The sellers key factory. Its own root, not under the listings one: live listing events edit
 * every list cached there by listing id, and a list of sellers must not be edited by those ids.
 * The root lives in lib/query-keys.ts so that a new review can refresh the seller's rating.
 */
export const sellerKeys = {
  all: sellerRoot.all,
  tops: () => [...sellerKeys.all, 'top'] as const,
  top: (limit: number) => [...sellerKeys.tops(), limit] as const,
  details: () => [...sellerKeys.all, 'detail'] as const,
  detail: (id: string) => [...sellerKeys.details(), id] as const,
}
