import { queryOptions, useQuery } from '@tanstack/react-query'
import { topSellersSchema, type TopSeller } from '@shared/api/listings'
import { LISTINGS_QUERY } from '@shared/constants'
import { sellersEndpoints } from '@shared/api/endpoints/sellers'
import { api } from '@/lib/api'
import { sellerKeys } from '@/lib/query-keys'

/** How many sellers the ranking page shows. */
export const TOP_SELLERS_SHOWN = 50

/** GET /api/sellers/top?limit= */
export async function getTopSellers(limit: number, signal?: AbortSignal): Promise<TopSeller[]> {
  const body = await api(sellersEndpoints.getSellersTop, { query: { limit } }, { signal })
  return topSellersSchema.parse(body ?? [])
}

export function topSellersQueryOptions(limit = TOP_SELLERS_SHOWN) {
  return queryOptions({
    queryKey: sellerKeys.top(limit),
    queryFn: ({ signal }) => getTopSellers(limit, signal),
    staleTime: LISTINGS_QUERY.staleMs,
    gcTime: LISTINGS_QUERY.gcMs,
  })
}

export function useTopSellers(limit = TOP_SELLERS_SHOWN) {
  return useQuery(topSellersQueryOptions(limit))
}
