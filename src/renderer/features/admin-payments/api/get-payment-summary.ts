import { queryOptions, useQuery } from '@tanstack/react-query'
import { paymentMonitorSummarySchema, type PaymentMonitorSummary } from '@shared/api/admin-payments'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { api } from '@/lib/api'
import { adminKeys } from '@/lib/query-keys'
import { monitorPollMs } from '../lib/payment-monitor-live'

/** GET /api/admin/payments/summary: how many orders and deals are stuck now, whatever the filters. */
export async function getPaymentSummary(signal?: AbortSignal): Promise<PaymentMonitorSummary | null> {
  const body = await api(adminEndpoints.getAdminPaymentsSummary, {}, { signal })
  return body === null ? null : paymentMonitorSummarySchema.parse(body)
}

export const paymentSummaryQueryOptions = (live: boolean) =>
  queryOptions({
    queryKey: adminKeys.monitorSummary(),
    queryFn: ({ signal }) => getPaymentSummary(signal),
    refetchInterval: monitorPollMs(live),
  })

export const usePaymentSummary = (live: boolean) => useQuery(paymentSummaryQueryOptions(live))
