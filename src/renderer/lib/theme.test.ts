// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  applyTheme,
  DARK_MEDIA_QUERY,
  parseThemePreference,
  readThemePreference,
  resolveTheme,
  saveThemePreference,
  startTheme,
  subscribeToTheme,
  THEME_PREFERENCES,
  THEME_STORAGE_KEY,
} from './theme'

/** A prefers-color-scheme the test can flip, firing `change` like a browser does. */
function fakeSystemScheme(dark: boolean) {
  const listeners = new Set<() => void>()
  const media = {
    get matches() {
      return dark
    },
    media: DARK_MEDIA_QUERY,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }
  vi.stubGlobal('matchMedia', (query: string) => {
    expect(query).toBe(DARK_MEDIA_QUERY)
    return media
  })
  return {
    set(next: boolean) {
      dark = next
      listeners.forEach((listener) => listener())
    },
    listening: () => listeners.size,
  }
}

const isDark = () => document.documentElement.classList.contains('dark')

/** What another tab's write looks like here: the storage changes, then a storage event arrives. */
function otherTabWrites(value: string | null) {
  if (value === null) localStorage.removeItem(THEME_STORAGE_KEY)
  else localStorage.setItem(THEME_STORAGE_KEY, value)
  window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: value }))
}

const stops: (() => void)[] = []
beforeEach(() => {
  localStorage.clear()
  document.documentElement.className = ''
  document.head.replaceChildren()
})
afterEach(() => {
  stops.splice(0).forEach((stop) => stop())
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('theme preference', () => {
  it('parses light, dark and system; anything else is system', () => {
    expect(THEME_PREFERENCES.map(parseThemePreference)).toEqual(['light', 'dark', 'system'])
    for (const other of [null, undefined, '', 'Dark', 'blue', 1, {}]) expect(parseThemePreference(other)).toBe('system')
  })

  it('resolves system to the system scheme and keeps an explicit choice', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })

  it('is saved in localStorage, system as nothing, and applied and announced at once', () => {
    fakeSystemScheme(false)
    const listener = vi.fn()
    stops.push(subscribeToTheme(listener))
    expect(readThemePreference()).toBe('system')

    saveThemePreference('dark')
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark')
    expect(readThemePreference()).toBe('dark')
    expect(isDark()).toBe(true)
    expect(listener).toHaveBeenCalledTimes(1)

    saveThemePreference('system')
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull()
    expect(isDark()).toBe(false)

    localStorage.setItem(THEME_STORAGE_KEY, 'sepia')
    expect(readThemePreference()).toBe('system')
  })

  it('reads system from blocked storage, and keeps a choice it refuses for as long as the page is open', () => {
    const system = fakeSystemScheme(false)
    const stop = startTheme()
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError')
    })
    expect(readThemePreference()).toBe('system')
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError')
    })
    expect(() => saveThemePreference('dark')).not.toThrow()
    expect(isDark()).toBe(true)
    expect(readThemePreference()).toBe('dark')
    // a system change does not undo it
    system.set(true)
    system.set(false)
    expect(isDark()).toBe(true)

    stop()
    vi.restoreAllMocks()
    saveThemePreference('system')
    expect(readThemePreference()).toBe('system')
  })
})

describe('applyTheme', () => {
  const pauses = () => [...document.head.querySelectorAll('style')].filter((style) => style.textContent?.includes('transition:none'))

  it('switches with transitions paused, so no element fades through the old colours, and then lets them run', async () => {
    applyTheme('dark')
    expect(isDark()).toBe(true)
    expect(pauses()).toHaveLength(1)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(pauses()).toHaveLength(0)

    // nothing to switch, nothing paused
    applyTheme('dark')
    expect(pauses()).toHaveLength(0)
    applyTheme('light')
    expect(isDark()).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(pauses()).toHaveLength(0)
  })
})

describe('startTheme', () => {
  it('follows the system scheme live while the preference is system, and not after an explicit choice', () => {
    const system = fakeSystemScheme(true)
    const listener = vi.fn()
    stops.push(subscribeToTheme(listener))
    stops.push(startTheme())
    expect(isDark()).toBe(true)

    system.set(false)
    expect(isDark()).toBe(false)
    expect(listener).toHaveBeenCalled()

    saveThemePreference('dark')
    system.set(true)
    system.set(false)
    expect(isDark()).toBe(true)
  })

  it('takes a choice made in another tab, and goes back to the system when that tab picks system', () => {
    fakeSystemScheme(false)
    const listener = vi.fn()
    stops.push(subscribeToTheme(listener))
    stops.push(startTheme())
    expect(isDark()).toBe(false)

    otherTabWrites('dark')
    expect(isDark()).toBe(true)
    expect(listener).toHaveBeenCalledTimes(1)

    otherTabWrites(null)
    expect(isDark()).toBe(false)

    // another tab clearing all of the site's storage (the event's key is null) resets the choice too
    otherTabWrites('dark')
    localStorage.clear()
    window.dispatchEvent(new StorageEvent('storage', { key: null }))
    expect(isDark()).toBe(false)

    // another key changing is none of the theme's business
    localStorage.setItem(THEME_STORAGE_KEY, 'dark')
    window.dispatchEvent(new StorageEvent('storage', { key: 'trustap_order_id', newValue: 'x' }))
    expect(isDark()).toBe(false)
    expect(listener).toHaveBeenCalledTimes(4)
  })

  it('stops listening when stopped', () => {
    const system = fakeSystemScheme(false)
    const stop = startTheme()
    expect(system.listening()).toBe(1)
    stop()
    expect(system.listening()).toBe(0)
    otherTabWrites('dark')
    expect(isDark()).toBe(false)
  })
})

describe('public/theme.js, the script that runs before the first paint', () => {
  const script = readFileSync(resolve(import.meta.dirname, '../public/theme.js'), 'utf8')

  it('applies what lib/theme.ts would for every saved value and system scheme', () => {
    for (const stored of ['light', 'dark', null, 'bogus']) {
      for (const systemDark of [false, true]) {
        fakeSystemScheme(systemDark)
        localStorage.clear()
        if (stored !== null) localStorage.setItem(THEME_STORAGE_KEY, stored)
        document.documentElement.className = systemDark ? '' : 'dark'
        new Function(script)()
        const expected = resolveTheme(parseThemePreference(stored), systemDark)
        expect(isDark() ? 'dark' : 'light', `${stored} with a ${systemDark ? 'dark' : 'light'} system`).toBe(expected)
      }
    }
  })

  it('follows the system when storage is blocked', () => {
    fakeSystemScheme(true)
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError')
    })
    new Function(script)()
    expect(isDark()).toBe(true)
  })
})
