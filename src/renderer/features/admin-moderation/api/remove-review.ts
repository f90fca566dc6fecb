import { useMutation, useQueryClient } from '@tanstack/react-query'
import { removedReviewSchema, type RemovedReview } from '@shared/api/reviews'
import { reviewsEndpoints } from '@shared/api/endpoints/reviews'
import { api } from '@/lib/api'
import { reviewKeys, sellerKeys } from '@/lib/query-keys'

/** POST /api/admin/reviews/{id}/remove: the review leaves the seller's page and rating; the reason goes to the audit log. */
export async function removeReview(id: number, reason: string): Promise<RemovedReview> {
  return removedReviewSchema.parse(await api(reviewsEndpoints.postAdminReviewsRemove, { params: { id }, body: { reason } }))
}

export function useRemoveReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => removeReview(id, reason),
    // whatever the answer (a 409 means another admin was first), the lists and ratings show the reviews as they are now
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: reviewKeys.all }), queryClient.invalidateQueries({ queryKey: sellerKeys.all })]),
  })
}
