import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { TRANSACTION_PAGE, transactionListSchema, type TransactionDto } from '@shared/api/transactions'
import { HEADER_STALE } from '@shared/constants'
import { transactionEndpoints } from '@shared/api/endpoints/transactions'
import { apiWithHeaders } from '@/lib/api'
import { HIGH_PRIORITY_QUERY } from '@/lib/query-client'
import { transactionKeys } from '@/lib/query-keys'
import type { TransactionFilters } from '../lib/url-state'

export interface TransactionPage {
  items: TransactionDto[]
  /** every deal matching the filters (X-Total-Count) */
  total: number
}

type ListQuery = TransactionFilters & { limit: number }

/** The query string of GET /api/transactions, leaving out what the server assumes anyway. */
export function transactionSearch(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams()
  if (query.status) params.set('status', query.status)
  if (query.role) params.set('role', query.role)
  if (query.page > 1) params.set('page', String(query.page))
  if (query.limit !== TRANSACTION_PAGE.defaultSize) params.set('limit', String(query.limit))
  return params
}

export async function getTransactions(query: ListQuery, signal?: AbortSignal): Promise<TransactionPage> {
  const { body, headers } = await apiWithHeaders(transactionEndpoints.getTransactions, { query: transactionSearch(query) }, { signal })
  const items = body === null ? [] : transactionListSchema.parse(body)
  const total = Number(headers.get(TOTAL_COUNT_HEADER))
  return { items, total: Number.isInteger(total) && total >= items.length ? total : items.length }
}

export const transactionsQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: transactionKeys.list(query),
    queryFn: ({ signal }) => getTransactions(query, signal),
    ...HIGH_PRIORITY_QUERY,
    // SPEC §9 names the deals' own stale time beside the priority loader's
    staleTime: HEADER_STALE.transactionsMs,
  })

export function useTransactions(filters: TransactionFilters, enabled: boolean, limit: number = TRANSACTION_PAGE.defaultSize) {
  return useQuery({ ...transactionsQueryOptions({ ...filters, limit }), enabled, placeholderData: keepPreviousData })
}
