import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { throttle } from './throttle'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('throttle', () => {
  it('runs the first call at once', () => {
    const run = vi.fn()
    throttle(run, 200)()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('collapses calls inside the window into one run at its end', () => {
    const run = vi.fn()
    const throttled = throttle(run, 200)
    throttled()
    throttled()
    throttled()
    vi.advanceTimersByTime(199)
    expect(run).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(1000)
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('keeps at most one run per window under a steady stream', () => {
    const run = vi.fn()
    const throttled = throttle(run, 50)
    // calls every 10 ms from 0 to 490 ms: runs at 0, 50, 100 … 500 ms
    for (let t = 0; t < 500; t += 10) {
      throttled()
      vi.advanceTimersByTime(10)
    }
    expect(run).toHaveBeenCalledTimes(11)
    vi.advanceTimersByTime(1000)
    expect(run).toHaveBeenCalledTimes(11)
  })

  it('runs at once again after a quiet window', () => {
    const run = vi.fn()
    const throttled = throttle(run, 200)
    throttled()
    vi.advanceTimersByTime(200)
    throttled()
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('cancel drops the trailing run', () => {
    const run = vi.fn()
    const throttled = throttle(run, 200)
    throttled()
    throttled()
    throttled.cancel()
    vi.advanceTimersByTime(500)
    expect(run).toHaveBeenCalledTimes(1)
    throttled()
    expect(run).toHaveBeenCalledTimes(2)
  })
})
