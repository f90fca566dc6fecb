import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { adminPaymentOrderListSchema, type AdminOrderQuery, type AdminPaymentOrderDto } from '@shared/api/admin-payments'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { apiUrl, apiWithHeaders } from '@/lib/api'
import { adminKeys } from '@/lib/query-keys'
import { totalOf, type Page } from '@/lib/admin/total-count'
import { listSearch } from '../lib/payment-monitor-filters'
import { monitorPollMs } from '../lib/payment-monitor-live'

/** GET /api/admin/payments/orders: one page, newest first, with the matching total. */
export async function getPaymentOrders(query: AdminOrderQuery, signal?: AbortSignal): Promise<Page<AdminPaymentOrderDto>> {
  const { body, headers } = await apiWithHeaders(adminEndpoints.getAdminPaymentsOrders, { query: new URLSearchParams(listSearch(query)) }, { signal })
  const items = body === null ? [] : adminPaymentOrderListSchema.parse(body)
  return { items, total: totalOf(headers, items.length) }
}

export const paymentOrdersQueryOptions = (query: AdminOrderQuery, live: boolean) =>
  queryOptions({
    queryKey: adminKeys.monitorOrders(query),
    queryFn: ({ signal }) => getPaymentOrders(query, signal),
    // the old page stays on screen while the next one loads, so paging does not flash an empty table
    placeholderData: keepPreviousData,
    refetchInterval: monitorPollMs(live),
  })

export const usePaymentOrders = (query: AdminOrderQuery, live: boolean) => useQuery(paymentOrdersQueryOptions(query, live))

/** The CSV of every order the filters match (the page left out), as a link the browser downloads. */
export const paymentOrdersCsvHref = (query: AdminOrderQuery) =>
  apiUrl(adminEndpoints.getAdminPaymentsOrdersCsv, { query: new URLSearchParams(listSearch(query, false)) })
