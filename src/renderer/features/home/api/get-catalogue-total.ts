import { queryOptions, useQuery } from '@tanstack/react-query'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { LISTINGS_QUERY, POLLING } from '@shared/constants'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import { apiUrl } from '@/lib/api'
import { fetchFromApi, toApiError } from '@/lib/api-client'
import { listingKeys } from '@/lib/query-keys'

/**
 * The number of accounts the catalogue returns (SPEC §1: the Active Listings counter). SPEC §7: this listings fetch,
 * apart from the grid's, answers an empty list when it fails, so a failure counts as 0; only a cancelled request throws.
 */
export async function getCatalogueTotal(signal?: AbortSignal): Promise<number> {
  try {
    // one card is enough: only the X-Total-Count header is read
    const response = await fetchFromApi(apiUrl(listingsEndpoints.getAccounts, { query: { pageSize: 1 } }), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    })
    const total = Number(response.headers.get(TOTAL_COUNT_HEADER))
    return response.ok && Number.isInteger(total) && total > 0 ? total : 0
  } catch (error) {
    if (signal?.aborted) throw toApiError(error)
    return 0
  }
}

export const catalogueTotalQueryOptions = () =>
  queryOptions({
    // under the listings root, so live listing events refresh it with the lists
    queryKey: listingKeys.total(),
    queryFn: ({ signal }) => getCatalogueTotal(signal),
    staleTime: LISTINGS_QUERY.staleMs,
    refetchInterval: POLLING.accountsMs,
  })

/** Only asked for while `enabled` (the stats are unavailable): it is the counters' fallback. */
export function useCatalogueTotal(enabled: boolean) {
  return useQuery({ ...catalogueTotalQueryOptions(), enabled })
}
