import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { listingListSchema, TOTAL_COUNT_HEADER, type ListingDto } from '@shared/api/listings'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { api, apiWithHeaders } from '@/lib/api'
import { adminKeys, listingKeys } from '@/lib/query-keys'

export interface ReviewQueue {
  /** the oldest waiting listings, at most one page (the server sends up to 100) */
  items: ListingDto[]
  /** every listing waiting for review, from X-Total-Count */
  total: number
}

function totalOf(headers: Headers, loaded: number): number {
  const header = headers.get(TOTAL_COUNT_HEADER)
  const total = Number(header)
  return header !== null && Number.isInteger(total) && total >= loaded ? total : loaded
}

/** Listings waiting for review, oldest first (GET /api/admin/listings), with how many wait in all. */
export async function getReviewQueue(signal?: AbortSignal): Promise<ReviewQueue> {
  const { body, headers } = await apiWithHeaders(adminEndpoints.getAdminListings, { query: { status: 'pending_review' } }, { signal })
  const items = body === null ? [] : listingListSchema.parse(body)
  return { items, total: totalOf(headers, items.length) }
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
        ? api(adminEndpoints.postAdminListingsApprove, { params: { id: decision.id } })
        : api(adminEndpoints.postAdminListingsReject, { params: { id: decision.id }, body: { reason: decision.reason } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.reviewQueue() })
      void queryClient.invalidateQueries({ queryKey: listingKeys.all })
    },
  })
}
