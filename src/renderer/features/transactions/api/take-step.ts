import { useMutation, useQueryClient } from '@tanstack/react-query'
import { transactionDetailSchema, type TransactionAction, type TransactionDetailDto } from '@shared/api/transactions'
import { STEP_ENDPOINTS } from '@shared/api/endpoints/transactions'
import { api, apiUrl } from '@/lib/api'
import { idempotencyHeaders, type ActionKeys } from '@/lib/idempotency'
import { storeDeal } from './cache'

export interface StepRequest {
  id: number
  action: TransactionAction
  /** a dispute's reason or an admin's note */
  body?: { reason: string } | { note: string }
}

export const stepPath = (id: number, action: TransactionAction) => apiUrl(STEP_ENDPOINTS[action], { params: { id } })

/** POST /api/transactions/{id}/{step} under the action's Idempotency-Key; answers the deal as it now is. */
export async function takeStep({ id, action, body }: StepRequest, keys: ActionKeys): Promise<TransactionDetailDto> {
  const endpoint = STEP_ENDPOINTS[action]
  const answer = await api(endpoint, { params: { id }, body }, { headers: idempotencyHeaders(keys, endpoint.method, stepPath(id, action), body) })
  return transactionDetailSchema.parse(answer)
}

export function useTakeStep(keys: ActionKeys) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (request: StepRequest) => takeStep(request, keys),
    onSuccess: (deal) => {
      keys.settle()
      storeDeal(client, deal)
    },
  })
}
