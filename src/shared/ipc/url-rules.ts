/**
 * URL predicates shared by the IPC contract (renderer-facing validation) and the main process policy,
 * so both sides reject exactly the same strings. Plain functions: no zod, no platform APIs beyond `URL`.
 */

export const MAX_URL_LENGTH = 2048

// The WHATWG parser silently drops tabs/newlines and trims spaces, so "java\nscript:" or " https://x" would
// be judged on a different string than the one passed on. Refuse them before parsing.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u009f\\]/

/** True when a string holds whitespace, control characters or backslashes that URL parsing would rewrite. */
export function hasUnsafeUrlChars(value: string): boolean {
  return UNSAFE_CHARS.test(value)
}

/** A link the desktop app may hand to the system browser: absolute http(s), a host, no credentials. */
export function isExternalHttpUrl(value: string): boolean {
  if (value.length === 0 || value.length > MAX_URL_LENGTH || hasUnsafeUrlChars(value)) return false
  const url = parseUrl(value)
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false
  // "https://bank.example@evil.example" reads like the bank to a person; never forward userinfo.
  return url.hostname !== '' && url.username === '' && url.password === ''
}

/** This computer: "localhost", 127.0.0.0/8 or [::1], where plain http never crosses a network. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host)
}

/** A readable refusal of a plain-http server elsewhere, said the same on the offline page and by the bridge. */
export const SERVER_URL_HTTPS_MESSAGE = 'A server other than this computer must use https:// (http:// is only for localhost).'

/**
 * An address the desktop app may take its pages from and trust with the bridge: absolute, no credentials, and
 * https unless the server is this computer. Over plain http anyone on the network path could change the page the
 * bridge trusts.
 */
export function isAllowedServerUrl(value: string): boolean {
  if (!isExternalHttpUrl(value)) return false
  const url = parseUrl(value)
  return url !== null && (url.protocol === 'https:' || isLoopbackHost(url.hostname))
}

/**
 * An in-app route such as "/chat/12?x=1": a path on the app's own origin. Protocol-relative ("//evil")
 * and backslash forms are refused because browsers resolve them to another origin.
 */
export function isAppRoute(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false
  if (value.length > MAX_URL_LENGTH || hasUnsafeUrlChars(value)) return false
  const base = 'https://app.invalid'
  return parseUrl(value, base)?.origin === base
}

/** `URL.parse` without needing Node 22 typings: null instead of a throw. */
export function parseUrl(value: string, base?: string): URL | null {
  try {
    return new URL(value, base)
  } catch {
    return null
  }
}
