import { useMutation, useQueryClient } from '@tanstack/react-query'
import { reviewDtoSchema, type ReviewDto, type ReviewRequest } from '@shared/api/reviews'
import { reviewsEndpoints } from '@shared/api/endpoints/reviews'
import { api } from '@/lib/api'
import { ApiError } from '@/lib/api-client'
import { reviewKeys, sellerKeys } from '@/lib/query-keys'

/** POST /api/transactions/{id}/review: answers the stored review (201). */
export async function submitReview(transactionId: number, input: ReviewRequest): Promise<ReviewDto> {
  return reviewDtoSchema.parse(await api(reviewsEndpoints.postTransactionsReview, { params: { id: transactionId }, body: input }))
}

/**
 * The deal shows its review at once; the seller's pages and rating are fetched again. A 409 (a review from
 * another tab, or the deal moved) refetches the deal's review, so the screen shows what is really there.
 */
export function useSubmitReview(transactionId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: ReviewRequest) => submitReview(transactionId, input),
    onSuccess: (review) => {
      client.setQueryData(reviewKeys.deal(transactionId), { review, removed: null })
      void client.invalidateQueries({ queryKey: reviewKeys.sellers() })
      void client.invalidateQueries({ queryKey: sellerKeys.all })
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: reviewKeys.deal(transactionId) })
    },
  })
}
