// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HYDRATION_WAIT_MS, hydrationDone, startHydrating, useHydrating } from './hydration'

afterEach(() => {
  hydrationDone()
  vi.useRealTimers()
})

describe('useHydrating', () => {
  it('is false for an app rendered in the browser from nothing', () => {
    expect(renderHook(() => useHydrating()).result.current).toBe(false)
  })

  it('holds from the start of hydrating a server-rendered page until its first page has hydrated', () => {
    startHydrating()
    const { result } = renderHook(() => useHydrating())
    expect(result.current).toBe(true)
    act(() => hydrationDone())
    expect(result.current).toBe(false)
  })

  it('lets go after a while even when the page never says it hydrated', () => {
    vi.useFakeTimers()
    startHydrating()
    const { result } = renderHook(() => useHydrating())
    act(() => vi.advanceTimersByTime(HYDRATION_WAIT_MS - 1))
    expect(result.current).toBe(true)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe(false)
  })
})
