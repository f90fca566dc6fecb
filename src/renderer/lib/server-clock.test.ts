import { afterEach, describe, expect, it, vi } from 'vitest'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { apiUrl } from './api'
import { apiGet } from './api-client'
import { noteServerDate, resetServerClock, serverClockOffset, serverNow, MAX_ROUND_TRIP_MS } from './server-clock'

const T = Date.UTC(2026, 10, 29, 12, 0, 0)

afterEach(() => {
  resetServerClock()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('the server clock', () => {
  it('follows a server ten minutes ahead, to within the header rounding', () => {
    noteServerDate(new Date(T + 600_000).toUTCString(), T - 100, T + 100)
    expect(serverClockOffset()).toBe(600_500)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(T + 60_000)
    expect(serverNow()).toBe(T + 60_000 + 600_500)
  })

  it('follows a server behind this clock', () => {
    noteServerDate(new Date(T - 300_000).toUTCString(), T, T + 40)
    expect(serverClockOffset()).toBe(-299_520)
  })

  it('leaves a clock that agrees to within the header rounding alone', () => {
    noteServerDate(new Date(T + 1_000).toUTCString(), T, T + 200)
    expect(serverClockOffset()).toBe(0)
  })

  it('ignores a missing or unreadable header and a response too slow to date', () => {
    noteServerDate(new Date(T + 600_000).toUTCString(), T - 10, T + 10)
    noteServerDate(null, T, T + 10)
    noteServerDate('not a date', T, T + 10)
    noteServerDate(new Date(T - 600_000).toUTCString(), T, T + MAX_ROUND_TRIP_MS + 1)
    expect(serverClockOffset()).toBe(600_500)
  })

  it('learns from every API response', async () => {
    const now = Date.now()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ ok: true }, { headers: { Date: new Date(now + 3_600_000).toUTCString() } })),
    )
    await apiGet(apiUrl(authEndpoints.getAuthMe))
    expect(Math.abs(serverClockOffset() - 3_600_000)).toBeLessThan(2_000)
  })
})
