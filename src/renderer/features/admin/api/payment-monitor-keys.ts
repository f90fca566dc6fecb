import type { AdminDealQuery, AdminOrderQuery } from '@shared/api/admin-payments'
import { adminKeys } from '@/lib/query-keys'

/** The payment monitor's queries, under the admin root; live events refetch everything under `all`. */
export const paymentMonitorKeys = {
  all: [...adminKeys.all, 'payment-monitor'] as const,
  orders: (query: AdminOrderQuery) => [...paymentMonitorKeys.all, 'orders', query] as const,
  deals: (query: AdminDealQuery) => [...paymentMonitorKeys.all, 'transactions', query] as const,
  summary: () => [...paymentMonitorKeys.all, 'summary'] as const,
}

/** How often the monitor asks again on its own: often while the live connection is down, else for time-based flags. */
export const monitorPollMs = (live: boolean) => (live ? 60_000 : 15_000)
