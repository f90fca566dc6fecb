// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HYDRATION_WAIT_MS, hydrationDone, isHydrating, startHydrating } from './hydration'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  hydrationDone()
  vi.runAllTimers()
  vi.useRealTimers()
})

describe('hydration', () => {
  it('is not under way for an app rendered in the browser from nothing', () => {
    expect(isHydrating()).toBe(false)
  })

  it('holds from the start of hydrating a server-rendered page until its first page has hydrated, then runs what waited in a later task', () => {
    const waiting = vi.fn()
    startHydrating(waiting)
    expect(isHydrating()).toBe(true)
    hydrationDone()
    expect(isHydrating()).toBe(false)
    expect(waiting).not.toHaveBeenCalled()
    vi.runOnlyPendingTimers()
    expect(waiting).toHaveBeenCalledTimes(1)
    // said twice (a second page shown), it runs once
    hydrationDone()
    vi.runAllTimers()
    expect(waiting).toHaveBeenCalledTimes(1)
  })

  it('lets go after a while even when the page never says it hydrated', () => {
    const waiting = vi.fn()
    startHydrating(waiting)
    vi.advanceTimersByTime(HYDRATION_WAIT_MS - 1)
    expect(isHydrating()).toBe(true)
    vi.advanceTimersByTime(1)
    expect(isHydrating()).toBe(false)
    vi.runOnlyPendingTimers()
    expect(waiting).toHaveBeenCalledTimes(1)
  })
})
