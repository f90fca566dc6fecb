// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { suppressUnhandledErrors, UNHANDLED_ERROR_LOG, UNHANDLED_REJECTION_LOG } from './unhandled-errors'

/** A thrown error as the browser reports it (a message only: the test runner takes over events that carry the error). */
const thrown = () => new ErrorEvent('error', { cancelable: true, message: 'Uncaught TypeError: x is undefined' })

/** jsdom has no PromiseRejectionEvent: an event of that name with a reason stands in for it. */
const rejected = (reason: unknown) => Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason })

let stop: (() => void) | undefined

afterEach(() => {
  stop?.()
  stop = undefined
  vi.restoreAllMocks()
})

describe('suppressUnhandledErrors', () => {
  it('suppresses a thrown error and logs it quietly', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
    stop = suppressUnhandledErrors(window)
    const event = thrown()
    window.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(debug).toHaveBeenCalledWith(UNHANDLED_ERROR_LOG, 'Uncaught TypeError: x is undefined')
  })

  it('suppresses an unhandled rejection and logs its reason quietly', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
    stop = suppressUnhandledErrors(window)
    const reason = new Error('lost')
    const event = rejected(reason)
    window.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(debug).toHaveBeenCalledWith(UNHANDLED_REJECTION_LOG, reason)
  })

  it('leaves both alone once stopped', () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {})
    suppressUnhandledErrors(window)()
    const error = thrown()
    const rejection = rejected('lost')
    window.dispatchEvent(error)
    window.dispatchEvent(rejection)
    expect(error.defaultPrevented).toBe(false)
    expect(rejection.defaultPrevented).toBe(false)
  })
})
