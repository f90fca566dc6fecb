import { paths } from '@/config/paths'

/** The query parameter that names where to go once signed in. */
export const REDIRECT_PARAM = 'redirect'

/**
 * A `redirect` from the address bar, if it is a path on this site: anything else (another host, `//host`,
 * `javascript:`, a path with a backslash some browsers read as `//`) is dropped, so a link cannot send a
 * freshly signed-in user to a look-alike site.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null
  // control characters and whitespace have no place in our own paths
  if (/\s/.test(value) || [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null
  return value
}

/** /login with where to come back to afterwards. */
export function signInPath(redirect: string): string {
  return `${paths.login}?${new URLSearchParams({ [REDIRECT_PARAM]: redirect }).toString()}`
}
