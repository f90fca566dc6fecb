// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { ERROR_RETRY } from '@shared/constants'
import { ErrorBoundary } from './error-boundary'
import { ERROR_TEXT } from './error-screen'

/** A child that throws `error` until the test says the problem has gone away. */
function flaky(error: Error) {
  const control = { failing: true }
  function Child() {
    if (control.failing) throw error
    return <p>Page content</p>
  }
  return { Child, control }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'debug').mockImplementation(() => {})
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('ErrorBoundary', () => {
  it('offers Try Again for a chunk-load error and retries on its own after 2 s', () => {
    const { Child, control } = flaky(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))
    render(
      <ErrorBoundary>
        <Child />
      </ErrorBoundary>,
    )
    expect(screen.getByText(ERROR_TEXT.title)).toBeTruthy()
    expect(screen.getByText(ERROR_TEXT.recoverable)).toBeTruthy()
    expect(screen.getByText(ERROR_TEXT.footer)).toBeTruthy()
    expect(screen.getByRole('button', { name: /Try Again/ })).toBeTruthy()
    control.failing = false
    act(() => {
      vi.advanceTimersByTime(ERROR_RETRY.delayMs - 1)
    })
    expect(screen.queryByText('Page content')).toBeNull()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(screen.getByText('Page content')).toBeTruthy()
  })

  it('shows Reload Page and Go Home but no Try Again for other errors, and never auto-retries', () => {
    const { Child, control } = flaky(new Error('Invariant failed'))
    render(
      <ErrorBoundary>
        <Child />
      </ErrorBoundary>,
    )
    expect(screen.getByText(ERROR_TEXT.unexpected)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Try Again/ })).toBeNull()
    expect(screen.getByRole('button', { name: /Reload Page/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: /Go Home/ })).toBeTruthy()
    control.failing = false
    act(() => {
      vi.advanceTimersByTime(ERROR_RETRY.delayMs * 5)
    })
    expect(screen.queryByText('Page content')).toBeNull()
  })

  it('stops offering Try Again after 3 retries', () => {
    const { Child } = flaky(new Error('Network Error'))
    render(
      <ErrorBoundary>
        <Child />
      </ErrorBoundary>,
    )
    for (let i = 0; i < ERROR_RETRY.max; i++) {
      expect(screen.getByRole('button', { name: /Try Again/ })).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: /Try Again/ }))
    }
    expect(screen.getByText(ERROR_TEXT.recoverable)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Try Again/ })).toBeNull()
  })
})
