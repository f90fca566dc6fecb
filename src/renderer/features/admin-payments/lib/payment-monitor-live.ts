import type { QueryClient } from '@tanstack/react-query'
import type { ServerEvent } from '@shared/realtime/events'
import { throttle } from '@/lib/throttle'
import { adminKeys } from '@/lib/query-keys'

/** How often the monitor asks again on its own: often while the live connection is down, else for time-based flags. */
export const monitorPollMs = (live: boolean) => (live ? 60_000 : 15_000)

/** A busy minute can bring many orders a second; the monitor refetches at most once in this window (leading and trailing). */
export const MONITOR_REFETCH_MS = 1_000

/** What changes the monitor's rows: an order opened or moved (to admins, 999), and every step of a deal (999 hears them). */
const MONITOR_EVENTS: ReadonlySet<ServerEvent['type']> = new Set([
  'payment_monitor_update',
  'transaction_created',
  'transaction_updated',
  'transaction_update',
  'TRANSACTION_CANCELLED',
])

export interface PaymentMonitorLiveUpdates {
  /** refetches the open monitor for an event that concerns it; false for any other event */
  handle(event: ServerEvent): boolean
  dispose(): void
}

/**
 * Live events for an open payment monitor. Refetches are throttled rather than run per event: each invalidation
 * cancels the fetch in flight, so under a steady stream of orders an unthrottled list would never finish loading.
 * Nothing is fetched while no monitor is open (invalidating an unused query only marks it stale).
 */
export function createPaymentMonitorLiveUpdates(queryClient: QueryClient): PaymentMonitorLiveUpdates {
  const refetch = throttle(() => void queryClient.invalidateQueries({ queryKey: adminKeys.paymentMonitor() }), MONITOR_REFETCH_MS)
  return {
    handle(event) {
      if (!MONITOR_EVENTS.has(event.type)) return false
      refetch()
      return true
    },
    dispose: () => refetch.cancel(),
  }
}
