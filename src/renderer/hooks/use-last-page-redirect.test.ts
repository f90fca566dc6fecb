// @vitest-environment jsdom
import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useLastPageRedirect } from './use-last-page-redirect'

const rows = (n: number) => Array.from({ length: n }, (_, i) => i)

describe('useLastPageRedirect', () => {
  it('sends a page past the end to the last page once, and counts the pages', () => {
    const goTo = vi.fn()
    const { result, rerender } = renderHook(() => useLastPageRedirect({ data: { items: [], total: 45 }, isPlaceholderData: false }, 9, 20, goTo))
    expect(goTo.mock.calls).toEqual([[3]])
    expect(result.current).toEqual({ total: 45, pages: 3, settling: true })
    rerender()
    expect(goTo).toHaveBeenCalledTimes(1)
  })

  it('waits for the page’s own answer: a placeholder from another page sends nowhere', () => {
    const goTo = vi.fn()
    const { result } = renderHook(() => useLastPageRedirect({ data: { items: [], total: 3 }, isPlaceholderData: true }, 1, 20, goTo))
    expect(goTo).not.toHaveBeenCalled()
    expect(result.current.settling).toBe(true)
  })

  it('leaves a page inside the list, and an empty list, where they are', () => {
    const goTo = vi.fn()
    const inside = renderHook(() => useLastPageRedirect({ data: { items: rows(5), total: 45 }, isPlaceholderData: false }, 3, 20, goTo))
    expect(inside.result.current).toEqual({ total: 45, pages: 3, settling: false })
    const empty = renderHook(() => useLastPageRedirect({ data: { items: [], total: 0 }, isPlaceholderData: false }, 4, 20, goTo))
    expect(empty.result.current).toEqual({ total: 0, pages: 1, settling: false })
    const loading = renderHook(() => useLastPageRedirect({ data: undefined, isPlaceholderData: false }, 4, 20, goTo))
    expect(loading.result.current).toEqual({ total: 0, pages: 1, settling: false })
    expect(goTo).not.toHaveBeenCalled()
  })
})
