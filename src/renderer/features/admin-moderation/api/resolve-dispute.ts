import { useMutation, useQueryClient } from '@tanstack/react-query'
import { transactionDetailSchema, type TransactionDetailDto } from '@shared/api/transactions'
import { STEP_ENDPOINTS } from '@shared/api/endpoints/transactions'
import { api, apiUrl } from '@/lib/api'
import { idempotencyHeaders, requestScope, type ActionKeys } from '@/lib/idempotency'
import { adminKeys, transactionKeys } from '@/lib/query-keys'

export type Resolution = 'release' | 'refund'

export interface ResolveRequest {
  transactionId: number
  resolution: Resolution
  /** told to both parties in the deal's chat */
  note: string
}

/** The deal's own step that settles its dispute this way. */
const settling = (resolution: Resolution) => STEP_ENDPOINTS[`resolve_${resolution}`]

export const resolvePath = (transactionId: number, resolution: Resolution) => apiUrl(settling(resolution), { params: { id: transactionId } })

/** The deal's own resolve step, under the action's Idempotency-Key: a double click or a retry moves the money once. */
export async function resolveDispute({ transactionId, resolution, note }: ResolveRequest, keys: ActionKeys): Promise<TransactionDetailDto> {
  const body = { note }
  const answer = await api(
    settling(resolution),
    { params: { id: transactionId }, body },
    { headers: idempotencyHeaders(keys, settling(resolution).method, resolvePath(transactionId, resolution), body) },
  )
  return transactionDetailSchema.parse(answer)
}

export function useResolveDispute(keys: ActionKeys) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (request: ResolveRequest) => resolveDispute(request, keys),
    // only this request's key: the queue holds one set for every dispute, and another's lost answer keeps its own
    onSuccess: (_answer, { transactionId, resolution, note }) => keys.settle(requestScope('POST', resolvePath(transactionId, resolution), { note })),
    onSettled: () => {
      // the queue, the evidence, any deal page, and the figures
      for (const queryKey of [transactionKeys.all, adminKeys.all]) void client.invalidateQueries({ queryKey })
    },
  })
}
