import { describe, expect, it } from 'vitest'
import { isTemplateTrayIcon } from './tray-icon'

describe('isTemplateTrayIcon', () => {
  it('lets macOS tint the tray icon for its menu bar', () => {
    expect(isTemplateTrayIcon('darwin')).toBe(true)
  })

  it.each(['win32', 'linux'])('shows the icon as drawn on %s', (platform) => {
    expect(isTemplateTrayIcon(platform)).toBe(false)
  })
})
