import { queryOptions, useQuery } from '@tanstack/react-query'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { LISTINGS_QUERY, POLLING } from '@shared/constants'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import { apiUrl } from '@/lib/api'
import { ApiError, toApiError } from '@/lib/api-client'
import { listingKeys } from '@/lib/query-keys'

/** The number of accounts the catalogue returns (SPEC §1: the Active Listings counter). */
export async function getCatalogueTotal(signal?: AbortSignal): Promise<number> {
  let response: Response
  try {
    // one card is enough: only the X-Total-Count header is read
    response = await fetch(apiUrl(listingsEndpoints.getAccounts, { query: { pageSize: 1 } }), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    })
  } catch (error) {
    throw toApiError(error)
  }
  if (!response.ok) throw new ApiError(`HTTP error! status: ${response.status}`, response.status)
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER))
  if (!Number.isInteger(total) || total < 0) throw new ApiError('No total in the catalogue answer', response.status)
  return total
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
