import { describe, expect, it, vi } from 'vitest'
import { CLOSE_HINT, createLifecycle, HIDDEN_ARG, startsHidden } from './lifecycle'

describe('createLifecycle', () => {
  it('hides the window on close while the app keeps running', () => {
    const lifecycle = createLifecycle({ hintShown: true, showHint: vi.fn() })
    expect(lifecycle.closeRequested()).toBe('hide')
    expect(lifecycle.closeRequested()).toBe('hide')
  })

  it('lets the window close once the app is quitting', () => {
    const lifecycle = createLifecycle({ hintShown: true, showHint: vi.fn() })
    lifecycle.quitting()
    expect(lifecycle.closeRequested()).toBe('close')
  })

  it('shows the hint at the first close only', () => {
    const showHint = vi.fn()
    const lifecycle = createLifecycle({ hintShown: false, showHint })
    lifecycle.closeRequested()
    lifecycle.closeRequested()
    expect(showHint).toHaveBeenCalledOnce()
  })

  it('does not show the hint again after a restart that remembered it', () => {
    const showHint = vi.fn()
    createLifecycle({ hintShown: true, showHint }).closeRequested()
    expect(showHint).not.toHaveBeenCalled()
  })

  it('shows no hint for the close that quits', () => {
    const showHint = vi.fn()
    const lifecycle = createLifecycle({ hintShown: false, showHint })
    lifecycle.quitting()
    lifecycle.closeRequested()
    expect(showHint).not.toHaveBeenCalled()
  })

  it('says where to quit', () => {
    expect(CLOSE_HINT).toEqual({
      title: 'Handover is still running',
      body: "It keeps your messages and alerts coming. Quit it from the tray icon's menu.",
    })
  })
})

describe('startsHidden', () => {
  it.each(['win32', 'linux', 'darwin'])('starts hidden on %s when the login item passed --hidden', (platform) => {
    expect(startsHidden({ platform, argv: ['Handover', HIDDEN_ARG], wasOpenedAtLogin: false })).toBe(true)
  })

  it('starts hidden on macOS when opened at login, which passes no arguments', () => {
    expect(startsHidden({ platform: 'darwin', argv: ['Handover'], wasOpenedAtLogin: true })).toBe(true)
  })

  it.each(['win32', 'linux'])('shows the window on %s without --hidden', (platform) => {
    expect(startsHidden({ platform, argv: ['Handover'], wasOpenedAtLogin: true })).toBe(false)
  })

  it('shows the window when started by hand', () => {
    expect(startsHidden({ platform: 'darwin', argv: ['Handover', 'handover://chat/5'], wasOpenedAtLogin: false })).toBe(false)
  })
})
