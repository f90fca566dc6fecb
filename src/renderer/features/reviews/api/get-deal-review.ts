import { queryOptions, useQuery } from '@tanstack/react-query'
import { dealReviewSchema, type DealReview } from '@shared/api/reviews'
import { HEADER_STALE } from '@shared/constants'
import { reviewsEndpoints } from '@shared/api/endpoints/reviews'
import { api } from '@/lib/api'
import { reviewKeys } from '@/lib/query-keys'

/** GET /api/transactions/{id}/review: the deal's review (null until its buyer writes one), or when and why an admin removed it. */
export async function getDealReview(transactionId: number, signal?: AbortSignal): Promise<DealReview> {
  const body = await api(reviewsEndpoints.getTransactionsReview, { params: { id: transactionId } }, { signal })
  return body === null ? { review: null, removed: null } : dealReviewSchema.parse(body)
}

export const dealReviewQueryOptions = (transactionId: number) =>
  queryOptions({
    queryKey: reviewKeys.deal(transactionId),
    queryFn: ({ signal }) => getDealReview(transactionId, signal),
    staleTime: HEADER_STALE.transactionsMs,
  })

export function useDealReview(transactionId: number, enabled: boolean) {
  return useQuery({ ...dealReviewQueryOptions(transactionId), enabled })
}
