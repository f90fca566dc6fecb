/**
 * The colour theme. The visitor picks light, dark or system (the default, which follows the operating system's
 * prefers-color-scheme, also when it changes while the page is open). The choice is kept in this browser's
 * localStorage, not on the account: it must be known before the first paint, before any request, and signed out
 * too. public/theme.js applies it to <html> while the page's head is parsed, so a dark page never flashes light;
 * this module does the same from then on, and every open tab follows a change made in another one.
 * Kept free of React so the entry script can import it; components read it through `useThemePreference`.
 */

export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const
export type ThemePreference = (typeof THEME_PREFERENCES)[number]
export type Theme = 'light' | 'dark'

/** public/theme.js uses the same key, class and query: change them together. */
export const THEME_STORAGE_KEY = 'handover-theme'
export const DARK_CLASS = 'dark'
export const DARK_MEDIA_QUERY = '(prefers-color-scheme: dark)'

const listeners = new Set<() => void>()
const notify = () => listeners.forEach((listener) => listener())
// a choice that storage refused (private mode, a locked-down browser): it holds until the page is left
let unsavedChoice: ThemePreference | null = null

/** Anything not a known preference (nothing stored, an old or tampered value) means system. */
export function parseThemePreference(value: unknown): ThemePreference {
  return THEME_PREFERENCES.find((preference) => preference === value) ?? 'system'
}

export function resolveTheme(preference: ThemePreference, systemDark: boolean): Theme {
  if (preference === 'system') return systemDark ? 'dark' : 'light'
  return preference
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export function readThemePreference(): ThemePreference {
  if (unsavedChoice) return unsavedChoice
  try {
    return parseThemePreference(storage()?.getItem(THEME_STORAGE_KEY))
  } catch {
    return 'system'
  }
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_MEDIA_QUERY).matches
}

/** The theme the page shows now. */
const currentTheme = (): Theme => resolveTheme(readThemePreference(), systemPrefersDark())

/**
 * The dark class on <html>: globals.css switches the colour tokens and color-scheme (native controls, scrollbars)
 * with it. The theme-color meta stays index.html's navy, the colour of the header in both themes.
 * Transitions are off for the switch: otherwise elements with a colour transition (cards, buttons) would fade
 * through unreadable mixtures while the rest of the page has already changed.
 */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement
  const dark = theme === 'dark'
  if (root.classList.contains(DARK_CLASS) === dark) return
  const pause = document.createElement('style')
  pause.textContent = '*,*::before,*::after{transition:none!important}'
  document.head.append(pause)
  root.classList.toggle(DARK_CLASS, dark)
  // the new colours are computed while transitions are off; then they may run again
  void getComputedStyle(root).color
  window.setTimeout(() => pause.remove(), 0)
}

function store(preference: ThemePreference): boolean {
  const local = storage()
  if (!local) return false
  try {
    if (preference === 'system') local.removeItem(THEME_STORAGE_KEY)
    else local.setItem(THEME_STORAGE_KEY, preference)
    return true
  } catch {
    return false
  }
}

/** Saves the choice (system is the default, so it is saved as nothing) and shows it at once. */
export function saveThemePreference(preference: ThemePreference): void {
  unsavedChoice = store(preference) ? null : preference
  applyTheme(resolveTheme(preference, systemPrefersDark()))
  notify()
}

/** Called with no argument whenever the preference or the theme it resolves to may have changed. */
export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Applies the saved theme and keeps it right for the page's lifetime: a system change while on system, and a
 * choice made in another tab (storage event; `key` is null when the storage was cleared). Answers a stop function.
 */
export function startTheme(): () => void {
  const refresh = () => {
    applyTheme(currentTheme())
    notify()
  }
  applyTheme(currentTheme())
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_MEDIA_QUERY) : null
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) refresh()
  }
  media?.addEventListener('change', refresh)
  window.addEventListener('storage', onStorage)
  return () => {
    media?.removeEventListener('change', refresh)
    window.removeEventListener('storage', onStorage)
  }
}
