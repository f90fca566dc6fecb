import { describe, expect, it } from 'vitest'
import { describeDuration, formatClock, msUntil } from './timers'

describe('deal timers', () => {
  const now = Date.UTC(2026, 2, 1, 10, 0, 0)

  it('counts down to a deadline, never below zero', () => {
    expect(msUntil(new Date(now + 90_000).toISOString(), now)).toBe(90_000)
    expect(msUntil(new Date(now - 5_000).toISOString(), now)).toBe(0)
    expect(msUntil(null, now)).toBeNull()
    expect(msUntil('not a date', now)).toBeNull()
  })

  it('ticks as minutes:seconds, then hours, then days', () => {
    expect(formatClock(14 * 60_000 + 5_000)).toBe('14:05')
    expect(formatClock(0)).toBe('00:00')
    expect(formatClock(3 * 3_600_000 + 4 * 60_000 + 5_000)).toBe('3h 04m 05s')
    expect(formatClock(7 * 86_400_000 - 2_000)).toBe('6d 23h 59m 58s')
  })

  it('says the time left in words for screen readers', () => {
    expect(describeDuration(7 * 86_400_000 - 2_000)).toBe('6 days 23 hours')
    expect(describeDuration(86_400_000)).toBe('1 day')
    expect(describeDuration(3 * 3_600_000 + 4 * 60_000)).toBe('3 hours 4 minutes')
    expect(describeDuration(60_000)).toBe('1 minute')
    expect(describeDuration(30_000)).toBe('less than a minute')
  })
})
