import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { adminKeys } from '@/lib/query-keys'
import { createPaymentMonitorLiveUpdates, MONITOR_REFETCH_MS } from './payment-monitor-live'
import { makeNotification } from '@/lib/notification-fixture'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function setup() {
  const client = new QueryClient()
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue()
  return { live: createPaymentMonitorLiveUpdates(client), invalidate }
}

describe('createPaymentMonitorLiveUpdates', () => {
  it('refetches the monitor for order and deal events, and ignores the rest', () => {
    const { live, invalidate } = setup()
    expect(live.handle({ type: 'payment_monitor_update', orderId: 'deposit_1000_1', status: 'created' })).toBe(true)
    expect(invalidate).toHaveBeenCalledWith({ queryKey: adminKeys.paymentMonitor() })
    expect(live.handle({ type: 'balance_updated', balance: '1.00' })).toBe(false)
    expect(live.handle({ type: 'new_notification', notification: makeNotification() })).toBe(false)
    live.dispose()
  })

  it('turns a burst into one refetch at once and one at the end of the window', () => {
    const { live, invalidate } = setup()
    for (let i = 0; i < 50; i++) live.handle({ type: 'payment_monitor_update', orderId: `deposit_1000_${i}`, status: 'created' })
    live.handle({ type: 'transaction_updated', transactionId: 7, status: 'fee_paid' })
    expect(invalidate).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(MONITOR_REFETCH_MS)
    expect(invalidate).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(MONITOR_REFETCH_MS * 5)
    expect(invalidate).toHaveBeenCalledTimes(2)
  })

  it('drops a pending refetch once disposed', () => {
    const { live, invalidate } = setup()
    live.handle({ type: 'transaction_created', transactionId: 1 })
    live.handle({ type: 'transaction_created', transactionId: 2 })
    live.dispose()
    vi.advanceTimersByTime(MONITOR_REFETCH_MS * 2)
    expect(invalidate).toHaveBeenCalledTimes(1)
  })
})
