import { queryOptions, useQuery } from '@tanstack/react-query'
import { quoteSchema, type QuoteDto } from '@shared/api/transactions'
import { transactionEndpoints } from '@shared/api/endpoints/transactions'
import { api } from '@/lib/api'
import { transactionKeys } from '@/lib/query-keys'

/** GET /api/transactions/quote?listingId=: the full cost per way to pay, and the buyer's balance. */
export async function getQuote(listingId: number, signal?: AbortSignal): Promise<QuoteDto | null> {
  const body = await api(transactionEndpoints.getTransactionsQuote, { query: { listingId } }, { signal })
  return body === null ? null : quoteSchema.parse(body)
}

// always fresh when the dialog opens: the balance and the fees may have changed since
export const quoteQueryOptions = (listingId: number) =>
  queryOptions({ queryKey: transactionKeys.quote(listingId), queryFn: ({ signal }) => getQuote(listingId, signal), staleTime: 0 })

/** `enabled` may be a function: it is asked again whenever something would refetch the quote. */
export function useQuote(listingId: number, enabled: boolean | (() => boolean)) {
  return useQuery({ ...quoteQueryOptions(listingId), enabled })
}
