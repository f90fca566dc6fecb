import { useMutation, useQueryClient } from '@tanstack/react-query'
import { transactionDetailSchema, type TransactionAction, type TransactionDetailDto } from '@shared/api/transactions'
import { apiSend } from '@/lib/api-client'
import { idempotencyHeaders, type ActionKeys } from '@/lib/idempotency'
import { ACTION_PATHS } from '../lib/actions'
import { storeDeal } from './cache'

export interface StepRequest {
  id: number
  action: TransactionAction
  /** a dispute's reason or an admin's note */
  body?: { reason: string } | { note: string }
}

export const stepPath = (id: number, action: TransactionAction) => `/api/transactions/${id}/${ACTION_PATHS[action]}`

/** POST /api/transactions/{id}/{step} under the action's Idempotency-Key; answers the deal as it now is. */
export async function takeStep({ id, action, body }: StepRequest, keys: ActionKeys): Promise<TransactionDetailDto> {
  const path = stepPath(id, action)
  const answer = await apiSend<unknown>('POST', path, body, { headers: idempotencyHeaders(keys, 'POST', path, body) })
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
