import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { listingListSchema, type ListingDto } from '@shared/api/listings'
import { apiGet, apiSend } from '@/lib/api-client'
import { adminKeys, listingKeys } from '@/lib/query-keys'

/** Listings waiting for review, oldest first (GET /api/admin/listings). */
export async function getReviewQueue(signal?: AbortSignal): Promise<ListingDto[]> {
  const body = await apiGet<unknown>('/api/admin/listings?status=pending_review', { signal })
  return body === null ? [] : listingListSchema.parse(body)
}

export function useReviewQueue(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.reviewQueue(),
    queryFn: ({ signal }) => getReviewQueue(signal),
    enabled,
    // new submissions arrive without a live event for admins yet; a short poll keeps the queue honest
    refetchInterval: 15_000,
  })
}

export type ReviewDecision = { id: number; action: 'approve' } | { id: number; action: 'reject'; reason: string }

export function useReviewListing() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (decision: ReviewDecision) =>
      decision.action === 'approve'
        ? apiSend<unknown>('POST', `/api/admin/listings/${decision.id}/approve`)
        : apiSend<unknown>('POST', `/api/admin/listings/${decision.id}/reject`, { reason: decision.reason }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.reviewQueue() })
      void queryClient.invalidateQueries({ queryKey: listingKeys.all })
    },
  })
}
