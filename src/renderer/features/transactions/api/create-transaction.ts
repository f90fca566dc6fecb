import { useMutation, useQueryClient } from '@tanstack/react-query'
import { transactionDetailSchema, type PurchaseRequest, type TransactionDetailDto } from '@shared/api/transactions'
import { transactionEndpoints } from '@shared/api/endpoints/transactions'
import { api, apiUrl } from '@/lib/api'
import { idempotencyHeaders, type ActionKeys } from '@/lib/idempotency'
import { listingKeys } from '@/lib/query-keys'
import { storeDeal } from './cache'

/**
 * POST /api/transactions: reserves the listing for the buyer and opens the deal (201), or 409 when it is gone. With
 * `pay: 'balance'` it is paid from the balance in the same step, or nothing is reserved (409 when the balance is short).
 * With the total the buyer was shown, a price or fee changed since is a 409 rather than a different charge.
 */
export async function createTransaction(purchase: PurchaseRequest, keys: ActionKeys): Promise<TransactionDetailDto> {
  const { listingId, pay, quotedTotal } = purchase
  const body: PurchaseRequest = { listingId, ...(pay ? { pay } : {}), ...(quotedTotal === undefined ? {} : { quotedTotal }) }
  const endpoint = transactionEndpoints.postTransactions
  const answer = await api(endpoint, { body }, { headers: idempotencyHeaders(keys, endpoint.method, apiUrl(endpoint), body) })
  return transactionDetailSchema.parse(answer)
}

export function useCreateTransaction(keys: ActionKeys) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (purchase: PurchaseRequest) => createTransaction(purchase, keys),
    onSuccess: (deal) => storeDeal(client, deal),
    // reserved or not, the listing has changed hands in the catalogue's eyes
    onSettled: () => client.invalidateQueries({ queryKey: listingKeys.all }),
  })
}
