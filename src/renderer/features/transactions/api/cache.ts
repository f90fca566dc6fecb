import type { QueryClient } from '@tanstack/react-query'
import type { TransactionDetailDto } from '@shared/api/transactions'
import { authKeys, balanceKeys, transactionKeys } from '@/lib/query-keys'

/**
 * After a step: the answer is the deal as it now is, so it goes straight into the cache; the lists, the
 * balance page and the header's balance may have moved with it.
 */
export function storeDeal(client: QueryClient, deal: TransactionDetailDto): void {
  client.setQueryData(transactionKeys.detail(deal.id), deal)
  void client.invalidateQueries({ queryKey: transactionKeys.lists() })
  void client.invalidateQueries({ queryKey: transactionKeys.quotes() })
  void client.invalidateQueries({ queryKey: balanceKeys.all })
  void client.invalidateQueries({ queryKey: authKeys.me() })
}
