// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { useCountUp } from './use-count-up'

function reduceMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }))
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('useCountUp', () => {
  it('climbs to the target in 50 steps of 40 ms', () => {
    reduceMotion(false)
    const { result } = renderHook(() => useCountUp(1000))
    expect(result.current).toBe(0)
    act(() => vi.advanceTimersByTime(40))
    expect(result.current).toBe(20)
    act(() => vi.advanceTimersByTime(40 * 24))
    expect(result.current).toBe(500)
    act(() => vi.advanceTimersByTime(40 * 25))
    expect(result.current).toBe(1000)
    act(() => vi.advanceTimersByTime(1000))
    expect(result.current).toBe(1000)
  })

  it('waits at 0 while there is no figure, then counts from where it stands when the figure changes', () => {
    reduceMotion(false)
    const { result, rerender } = renderHook(({ target }) => useCountUp(target), { initialProps: { target: null as number | null } })
    act(() => vi.advanceTimersByTime(500))
    expect(result.current).toBe(0)
    rerender({ target: 100 })
    act(() => vi.advanceTimersByTime(2000))
    expect(result.current).toBe(100)
    rerender({ target: 150 })
    act(() => vi.advanceTimersByTime(40 * 25))
    expect(result.current).toBe(125)
  })

  it('shows the figure at once with reduced motion', () => {
    reduceMotion(true)
    const { result } = renderHook(() => useCountUp(777))
    expect(result.current).toBe(777)
  })
})
