import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { adminDealListSchema, type AdminDealDto, type AdminDealQuery } from '@shared/api/admin-payments'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { apiUrl, apiWithHeaders } from '@/lib/api'
import { adminKeys } from '@/lib/query-keys'
import { totalOf, type Page } from '@/lib/admin/total-count'
import { listSearch } from '../lib/payment-monitor-filters'
import { monitorPollMs } from '../lib/payment-monitor-live'

/** GET /api/admin/payments/transactions: one page of escrow deals, newest first, with the matching total. */
export async function getMonitorDeals(query: AdminDealQuery, signal?: AbortSignal): Promise<Page<AdminDealDto>> {
  const { body, headers } = await apiWithHeaders(
    adminEndpoints.getAdminPaymentsTransactions,
    { query: new URLSearchParams(listSearch(query)) },
    { signal },
  )
  const items = body === null ? [] : adminDealListSchema.parse(body)
  return { items, total: totalOf(headers, items.length) }
}

export const monitorDealsQueryOptions = (query: AdminDealQuery, live: boolean) =>
  queryOptions({
    queryKey: adminKeys.monitorDeals(query),
    queryFn: ({ signal }) => getMonitorDeals(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: monitorPollMs(live),
  })

export const useMonitorDeals = (query: AdminDealQuery, live: boolean) => useQuery(monitorDealsQueryOptions(query, live))

export const monitorDealsCsvHref = (query: AdminDealQuery) =>
  apiUrl(adminEndpoints.getAdminPaymentsTransactionsCsv, { query: new URLSearchParams(listSearch(query, false)) })
