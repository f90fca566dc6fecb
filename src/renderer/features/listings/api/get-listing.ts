import { queryOptions, useQuery } from '@tanstack/react-query'
import { listingDtoSchema } from '@shared/api/listings'
import { LISTINGS_QUERY } from '@shared/constants'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import { api } from '@/lib/api'
import { ApiError } from '@/lib/api-client'
import { listingKeys } from '@/lib/query-keys'
import type { Listing } from '../types'

/** GET /api/accounts/:id; a missing listing (404) is null so the screen can say "Listing not found". */
export async function getListing(id: string, signal?: AbortSignal): Promise<Listing | null> {
  try {
    const body = await api(listingsEndpoints.getAccountsById, { params: { id } }, { signal })
    return body === null ? null : listingDtoSchema.parse(body)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export function listingQueryOptions(id: string) {
  return queryOptions({
    queryKey: listingKeys.detail(id),
    queryFn: ({ signal }) => getListing(id, signal),
    staleTime: LISTINGS_QUERY.staleMs,
    gcTime: LISTINGS_QUERY.gcMs,
  })
}

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id))
}
