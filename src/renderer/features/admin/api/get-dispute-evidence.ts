import { queryOptions, useQuery } from '@tanstack/react-query'
import { disputeEvidenceSchema, type DisputeEvidenceDto } from '@shared/api/admin-dashboard'
import { apiGet } from '@/lib/api-client'
import { adminQueryKeys } from './keys'

/** GET /api/admin/disputes/{id}: the deal's timeline and checklist, and its chat. */
export async function getDisputeEvidence(transactionId: number, signal?: AbortSignal): Promise<DisputeEvidenceDto | null> {
  const body = await apiGet<unknown>(`/api/admin/disputes/${transactionId}`, { signal })
  return body === null ? null : disputeEvidenceSchema.parse(body)
}

export const disputeEvidenceQueryOptions = (transactionId: number) =>
  queryOptions({
    queryKey: adminQueryKeys.evidence(transactionId),
    queryFn: ({ signal }) => getDisputeEvidence(transactionId, signal),
  })

/** Read only while the evidence is open: a queue of disputes would otherwise load every chat at once. */
export function useDisputeEvidence(transactionId: number, enabled: boolean) {
  return useQuery({ ...disputeEvidenceQueryOptions(transactionId), enabled })
}
