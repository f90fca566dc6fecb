import { useMutation, useQueryClient } from '@tanstack/react-query'
import { transactionDetailSchema, type TransactionDetailDto } from '@shared/api/transactions'
import { transactionEndpoints } from '@shared/api/endpoints/transactions'
import { api, apiUrl } from '@/lib/api'
import { idempotencyHeaders, type ActionKeys } from '@/lib/idempotency'
import { storeDeal } from './cache'

/** POST /api/transactions/{id}/checklist/{itemId}: the seller marks a step done, the buyer then confirms it. */
export async function tickChecklist(id: number, itemId: number, keys: ActionKeys): Promise<TransactionDetailDto> {
  const endpoint = transactionEndpoints.postTransactionsChecklistByItemId
  const params = { id, itemId }
  return transactionDetailSchema.parse(
    await api(endpoint, { params }, { headers: idempotencyHeaders(keys, endpoint.method, apiUrl(endpoint, { params })) }),
  )
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
