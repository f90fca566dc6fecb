import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { handoverStepListSchema, type HandoverStepsRequest } from '@shared/api/transactions'
import { transactionEndpoints } from '@shared/api/endpoints/transactions'
import type { LivePlatformId } from '@/config/platforms'
import { api } from '@/lib/api'
import { adminKeys } from '@/lib/query-keys'

export type HandoverStepLists = Partial<Record<LivePlatformId, { position: number; title: string; description: string }[]>>

/** GET /api/admin/handover-steps: each live platform's checklist, in order. */
export async function getHandoverSteps(signal?: AbortSignal): Promise<HandoverStepLists> {
  return handoverStepListSchema.parse(await api(transactionEndpoints.getAdminHandoverSteps, {}, { signal }))
}

export const handoverStepsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.handoverSteps(),
    queryFn: ({ signal }) => getHandoverSteps(signal),
    staleTime: Infinity,
    refetchOnReconnect: false,
  })

export const useHandoverSteps = () => useQuery(handoverStepsQueryOptions())

/** PUT /api/admin/handover-steps/{platform}: the platform's whole list, replacing the old one. Running deals keep theirs. */
export function useSaveHandoverSteps() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ platform, steps }: { platform: LivePlatformId } & HandoverStepsRequest) =>
      api(transactionEndpoints.putAdminHandoverStepsByPlatform, { params: { platform }, body: { steps } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.handoverSteps() })
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() })
    },
  })
}
