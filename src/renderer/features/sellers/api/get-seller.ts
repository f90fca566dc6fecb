import { queryOptions, useQuery } from '@tanstack/react-query'
import { sellerProfileSchema, type SellerProfile } from '@shared/api/listings'
import { LISTINGS_QUERY } from '@shared/constants'
import { sellersEndpoints } from '@shared/api/endpoints/sellers'
import { api } from '@/lib/api'
import { ApiError } from '@/lib/api-client'
import { sellerKeys } from '@/lib/query-keys'

/** GET /api/sellers/:id; an unknown or banned seller (404) is null, so the screen can say "Seller not found". */
export async function getSeller(id: string, signal?: AbortSignal): Promise<SellerProfile | null> {
  try {
    const body = await api(sellersEndpoints.getSellersById, { params: { id } }, { signal })
    return body === null ? null : sellerProfileSchema.parse(body)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export function sellerQueryOptions(id: string) {
  return queryOptions({
    queryKey: sellerKeys.detail(id),
    queryFn: ({ signal }) => getSeller(id, signal),
    staleTime: LISTINGS_QUERY.staleMs,
    gcTime: LISTINGS_QUERY.gcMs,
  })
}

export function useSeller(id: string) {
  return useQuery(sellerQueryOptions(id))
}
