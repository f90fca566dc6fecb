import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { balanceEntrySchema, type BalanceEntryDto } from '@shared/api/payments'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { apiWithHeaders } from '@/lib/api'
import { balanceKeys } from '@/lib/query-keys'

export interface BalanceHistoryPage {
  items: BalanceEntryDto[]
  total: number
}

/** GET /api/balance/history?page=: the ledger's lines for the user's wallet, newest first (X-Total-Count). */
export async function getBalanceHistory(page: number, signal?: AbortSignal): Promise<BalanceHistoryPage> {
  const { body, headers } = await apiWithHeaders(paymentsEndpoints.getBalanceHistory, { query: { page: page > 1 ? page : undefined } }, { signal })
  const items = body === null ? [] : balanceEntrySchema.array().parse(body)
  const total = Number(headers.get(TOTAL_COUNT_HEADER))
  return { items, total: Number.isInteger(total) && total >= items.length ? total : items.length }
}

export const balanceHistoryQueryOptions = (page: number) =>
  queryOptions({ queryKey: balanceKeys.history(page), queryFn: ({ signal }) => getBalanceHistory(page, signal), staleTime: 30_000 })

export function useBalanceHistory(page: number, enabled: boolean) {
  return useQuery({ ...balanceHistoryQueryOptions(page), enabled, placeholderData: keepPreviousData })
}
