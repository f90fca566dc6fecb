import { queryOptions, useQuery } from '@tanstack/react-query'
import { disputeEvidenceSchema, type DisputeEvidenceDto } from '@shared/api/admin-dashboard'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { api } from '@/lib/api'
import { adminKeys } from '@/lib/query-keys'

/** GET /api/admin/disputes/{id}: the deal's timeline and checklist, and its chat. */
export async function getDisputeEvidence(transactionId: number, signal?: AbortSignal): Promise<DisputeEvidenceDto | null> {
  const body = await api(adminEndpoints.getAdminDisputesById, { params: { id: transactionId } }, { signal })
  return body === null ? null : disputeEvidenceSchema.parse(body)
}

export const disputeEvidenceQueryOptions = (transactionId: number) =>
  queryOptions({
    queryKey: adminKeys.evidence(transactionId),
    queryFn: ({ signal }) => getDisputeEvidence(transactionId, signal),
  })

/** Read only while the evidence is open: a queue of disputes would otherwise load every chat at once. */
export function useDisputeEvidence(transactionId: number, enabled: boolean) {
  return useQuery({ ...disputeEvidenceQueryOptions(transactionId), enabled })
}

/**
 * The deal's status as it is now, read afresh whenever `enabled` turns on (a cached copy of the evidence may be
 * older than the change): whether a dispute that left the queue while an admin was deciding it was settled, and how.
 */
export function useDisputeStatus(transactionId: number, enabled: boolean) {
  return useQuery({
    ...disputeEvidenceQueryOptions(transactionId),
    enabled,
    staleTime: 0,
    select: (evidence) => evidence?.transaction.status ?? null,
  })
}
