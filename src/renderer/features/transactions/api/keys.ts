import { transactionKeys } from '@/lib/query-keys'
import type { TransactionFilters } from '../lib/url-state'

/**
 * The transactions key factory, extending the shared root that live events invalidate, so
 * `transactionKeys.all` still reaches every query below.
 */
export const transactionQueryKeys = {
  all: transactionKeys.all,
  lists: () => [...transactionKeys.all, 'list'] as const,
  list: (filters: TransactionFilters & { limit: number }) => [...transactionQueryKeys.lists(), filters] as const,
  details: () => [...transactionKeys.all, 'detail'] as const,
  detail: (id: number) => [...transactionQueryKeys.details(), id] as const,
  quotes: () => [...transactionKeys.all, 'quote'] as const,
  quote: (listingId: number) => [...transactionQueryKeys.quotes(), listingId] as const,
}
