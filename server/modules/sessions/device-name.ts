import Bowser from 'bowser'

/** What the desktop app's window reports itself as (its Chromium is Electron's). */
const APP_NAME = 'Handover app'
/** Every browser's user agent starts with Mozilla/5.0: bowser falls back to it when it recognises nothing else. */
const NO_NAME = new Set(['', 'Mozilla'])

/**
 * "Chrome on Windows", "Safari on iPhone", "Handover app on macOS": how the list of sessions names a browser, read
 * from its user agent. Versions are left out: they change with every update and tell the owner nothing about which
 * device it is. A user agent that names neither a browser nor a system we know is an "Unknown device".
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent?.trim()) return 'Unknown device'
  const { browser, os, platform } = Bowser.parse(userAgent)
  const browserName = browser.name === 'Electron' ? APP_NAME : NO_NAME.has(browser.name ?? '') ? null : browser.name
  // an iPhone or an iPad says more than "iOS"
  const system = (platform.vendor === 'Apple' && platform.model) || os.name || null
  if (browserName && system) return `${browserName} on ${system}`
  if (browserName) return browserName
  if (system) return `Unknown browser on ${system}`
  return 'Unknown device'
}
