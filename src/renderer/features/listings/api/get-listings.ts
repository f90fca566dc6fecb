import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { listingDtoSchema, TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { LISTINGS_QUERY, POLLING } from '@shared/constants'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import { apiUrl } from '@/lib/api'
import { ApiError, fetchFromApi, toApiError } from '@/lib/api-client'
import { listingKeys } from '@/lib/query-keys'
import { listingsQueryString } from '../lib/url-state'
import type { Listing, ListingsPage, ListingsQuery } from '../types'

/** Status the gateway answers while the API is restarting; SPEC §7 shows an empty list, not an error. */
const GATEWAY_DOWN = 502

function totalFrom(response: Response, items: Listing[]): number {
  const header = response.headers.get(TOTAL_COUNT_HEADER)
  const total = Number(header)
  return header !== null && Number.isFinite(total) ? total : items.length
}

/** One malformed listing (SPEC §5: missing platform or username) is hidden, not a broken grid. */
function validListings(body: unknown): Listing[] {
  if (!Array.isArray(body)) return []
  return body.flatMap((item) => {
    const parsed = listingDtoSchema.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
}

/**
 * GET /api/accounts with the grid's filters (SPEC §7): 502 → empty page, other non-OK →
 * "HTTP error! status: {code}". Not apiGet: the list needs the X-Total-Count header and its own errors.
 */
export async function getListings(query: ListingsQuery, signal?: AbortSignal): Promise<ListingsPage> {
  let response: Response
  try {
    response = await fetchFromApi(apiUrl(listingsEndpoints.getAccounts, { query: new URLSearchParams(listingsQueryString(query)) }), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    })
  } catch (error) {
    throw toApiError(error)
  }
  if (response.status === GATEWAY_DOWN) return { items: [], total: 0 }
  if (!response.ok) throw new ApiError(`HTTP error! status: ${response.status}`, response.status)
  const body: unknown = await response.json()
  const items = validListings(body)
  return { items, total: totalFrom(response, items) }
}

export function listingsQueryOptions(query: ListingsQuery) {
  return queryOptions({
    queryKey: listingKeys.list(query),
    queryFn: ({ signal }) => getListings(query, signal),
    staleTime: LISTINGS_QUERY.staleMs,
    gcTime: LISTINGS_QUERY.gcMs,
    refetchInterval: POLLING.accountsMs,
    // Paging or filtering keeps the current cards on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  })
}

export function useListings(query: ListingsQuery) {
  return useQuery(listingsQueryOptions(query))
}
