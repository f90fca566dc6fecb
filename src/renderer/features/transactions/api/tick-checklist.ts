import { useMutation, useQueryClient } from '@tanstack/react-query'
import { transactionDetailSchema, type TransactionDetailDto } from '@shared/api/transactions'
import { apiSend } from '@/lib/api-client'
import { idempotencyHeaders, type ActionKeys } from '@/lib/idempotency'
import { storeDeal } from './cache'

/** POST /api/transactions/{id}/checklist/{itemId}: the seller marks a step done, the buyer then confirms it. */
export async function tickChecklist(id: number, itemId: number, keys: ActionKeys): Promise<TransactionDetailDto> {
  const path = `/api/transactions/${id}/checklist/${itemId}`
  return transactionDetailSchema.parse(await apiSend<unknown>('POST', path, undefined, { headers: idempotencyHeaders(keys, 'POST', path) }))
}

export function useTickChecklist(id: number, keys: ActionKeys) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (itemId: number) => tickChecklist(id, itemId, keys),
    onSuccess: (deal) => {
      keys.settle()
      storeDeal(client, deal)
    },
  })
}
