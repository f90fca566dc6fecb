import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { sellerReviewsSchema, type SellerReviews } from '@shared/api/reviews'
import { LISTINGS_QUERY } from '@shared/constants'
import { reviewsEndpoints } from '@shared/api/endpoints/reviews'
import { api } from '@/lib/api'
import { ApiError } from '@/lib/api-client'
import { reviewKeys } from '@/lib/query-keys'

/** GET /api/sellers/{id}/reviews?page=; a seller that does not exist (404) is null. */
export async function getSellerReviews(sellerId: number, page: number, signal?: AbortSignal): Promise<SellerReviews | null> {
  try {
    const body = await api(reviewsEndpoints.getSellersReviews, { params: { id: sellerId }, query: { page: page > 1 ? page : undefined } }, { signal })
    return body === null ? null : sellerReviewsSchema.parse(body)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export const sellerReviewsQueryOptions = (sellerId: number, page: number) =>
  queryOptions({
    queryKey: reviewKeys.seller(sellerId, page),
    queryFn: ({ signal }) => getSellerReviews(sellerId, page, signal),
    staleTime: LISTINGS_QUERY.staleMs,
    gcTime: LISTINGS_QUERY.gcMs,
  })

/** The previous page stays on screen while the next one loads, so the list does not jump. */
export function useSellerReviews(sellerId: number, page: number) {
  return useQuery({ ...sellerReviewsQueryOptions(sellerId, page), placeholderData: keepPreviousData })
}
