// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isWindowFocused } from './platform'

afterEach(() => vi.restoreAllMocks())

describe('isWindowFocused', () => {
  it('is true only while the page is visible and has the focus', () => {
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    expect(isWindowFocused()).toBe(true)
    hasFocus.mockReturnValue(false)
    expect(isWindowFocused()).toBe(false)
    hasFocus.mockReturnValue(true)
    visibility.mockReturnValue('hidden')
    expect(isWindowFocused()).toBe(false)
  })
})
