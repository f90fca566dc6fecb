import { describe, expect, it, vi } from 'vitest'
import { createTaskbarFlash, shouldFlash } from './taskbar-flash'

function fakeWindow({ focused = false, visible = true } = {}) {
  const focusListeners: (() => void)[] = []
  return {
    focused,
    visible,
    isFocused() {
      return this.focused
    },
    isVisible() {
      return this.visible
    },
    flashFrame: vi.fn<(flag: boolean) => void>(),
    onFocus: (callback: () => void) => void focusListeners.push(callback),
    focus() {
      this.focused = true
      focusListeners.forEach((callback) => callback())
    },
  }
}

describe('shouldFlash', () => {
  it.each([
    ['win32', false, true, true],
    ['win32', true, true, false],
    ['win32', false, false, false],
    ['darwin', false, true, false],
    ['linux', false, true, false],
  ])('on %s, focused %s, visible %s: %s', (platform, focused, visible, expected) => {
    expect(shouldFlash(platform, { isFocused: () => focused, isVisible: () => visible })).toBe(expected)
  })
})

describe('createTaskbarFlash', () => {
  it('flashes an unfocused window on Windows and stops when it gets focus', () => {
    const window = fakeWindow()
    const flash = createTaskbarFlash('win32', window)
    flash()
    expect(window.flashFrame).toHaveBeenLastCalledWith(true)
    window.focus()
    expect(window.flashFrame).toHaveBeenLastCalledWith(false)
  })

  it('does not flash the window the user is looking at', () => {
    const window = fakeWindow({ focused: true })
    createTaskbarFlash('win32', window)()
    expect(window.flashFrame).not.toHaveBeenCalled()
  })

  it.each(['darwin', 'linux'])('never touches the window on %s', (platform) => {
    const window = fakeWindow()
    createTaskbarFlash(platform, window)()
    window.focus()
    expect(window.flashFrame).not.toHaveBeenCalled()
  })
})
