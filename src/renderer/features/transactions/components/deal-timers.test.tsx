// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { noteServerDate, resetServerClock } from '@/lib/server-clock'
import { makeDeal } from '../test-fixtures'
import { DealTimers } from './deal-timers'

afterEach(() => {
  cleanup()
  resetServerClock()
  vi.useRealTimers()
})

const T = Date.UTC(2026, 10, 29, 12, 0, 0)

describe('the deal timers', () => {
  it('count down on the server clock when the browser is an hour slow', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(T)
    // the server's clock reads an hour later than the browser's
    noteServerDate(new Date(T + 3_600_000).toUTCString(), T - 500, T + 500)
    const reservedUntil = new Date(T + 3_600_000 + 10 * 60_000).toISOString()
    render(<DealTimers deal={makeDeal({ viewerRole: 'buyer', reservedUntil })} onElapsed={() => undefined} />)
    const timer = screen.getByTestId('reservation-timer')
    // ten minutes by the server's clock (the Date header's half second rounds the display down), not 1h 10m
    expect(timer.textContent).toContain('09:59')
    expect(timer.textContent).not.toContain('1h')
  })
})
