import { describe, expect, it } from 'vitest'
import { PAYMENT_MONITOR } from '@shared/api/admin-payments'
import { stuckDeal } from './transactions.monitor'

const NOW = new Date('2026-11-24T12:00:00Z')
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000)
const grace = PAYMENT_MONITOR.sweepGraceMinutes

describe('stuckDeal', () => {
  it('flags a reservation or a countdown the sweep should have ended, after the grace', () => {
    expect(stuckDeal({ status: 'pending', reservedUntil: minutesAgo(grace - 1), countdownEndsAt: null }, NOW)).toBeNull()
    expect(stuckDeal({ status: 'pending', reservedUntil: minutesAgo(grace + 1), countdownEndsAt: null }, NOW)?.reason).toBe('reservation_not_lapsed')
    expect(stuckDeal({ status: 'countdown_started', reservedUntil: null, countdownEndsAt: minutesAgo(grace + 1) }, NOW)?.reason).toBe(
      'countdown_not_released',
    )
  })

  it('leaves waits on people alone', () => {
    expect(stuckDeal({ status: 'disputed', reservedUntil: null, countdownEndsAt: minutesAgo(10_000) }, NOW)).toBeNull()
    expect(stuckDeal({ status: 'invite_sent', reservedUntil: minutesAgo(10_000), countdownEndsAt: null }, NOW)).toBeNull()
  })
})
