import { hasUnsafeUrlChars, isExternalHttpUrl, parseUrl } from '@shared/ipc/url-rules'

/**
 * The desktop shell's trust decisions (Electron security checklist), as pure functions over strings so
 * they are unit-tested without Electron. Only the server's own origin is trusted with the preload bridge;
 * everything else either goes to the system browser or nowhere.
 */

/** True when `url` is on exactly the server's origin (scheme, host and port) and carries no userinfo. */
export function isSameOrigin(url: string, serverOrigin: string): boolean {
  if (hasUnsafeUrlChars(url)) return false
  const parsed = parseUrl(url)
  if (!parsed || parsed.username !== '' || parsed.password !== '') return false
  // blob: URLs report their creator's origin; they are page-made content, not pages of the server.
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false
  return parsed.origin === serverOrigin
}

/** May the app window navigate to `url`? Only within the server origin, where the bridge is meant to be. */
export function isNavigationAllowed(url: string, serverOrigin: string): boolean {
  return isSameOrigin(url, serverOrigin)
}

// Where the app sends people: the payment provider (its checkout, SSO and hosted pages live on many
// subdomains) and the platforms whose accounts are traded. Anything else stays unopened: a chat link to
// an unknown site must not become a one-click jump out of the app.
const HOSTS_WITH_SUBDOMAINS: readonly string[] = ['trustap.com']
const PLATFORM_HOSTS: readonly string[] = ['youtube.com', 'instagram.com', 'tiktok.com', 'facebook.com', 'twitter.com', 'x.com', 't.me']
const PLATFORM_PREFIXES: readonly string[] = ['', 'www.', 'm.']

/** Exact names or dot-suffix matches only, so "trustap.com.evil.example" and "eviltrustap.com" never pass. */
export function isAllowListedHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (HOSTS_WITH_SUBDOMAINS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))) return true
  return PLATFORM_HOSTS.some((allowed) => PLATFORM_PREFIXES.some((prefix) => host === `${prefix}${allowed}`))
}

/**
 * May `url` be handed to the system browser? https on an allow-listed host and default port, or a page of
 * the server itself (plain http on a developer machine; the sandbox checkout lives there). Never file:,
 * smb: or custom schemes, which can run programs.
 */
export function isExternalUrlAllowed(url: string, serverOrigin: string): boolean {
  if (!isExternalHttpUrl(url)) return false
  if (isSameOrigin(url, serverOrigin)) return true
  const parsed = parseUrl(url)
  return parsed !== null && parsed.protocol === 'https:' && parsed.port === '' && isAllowListedHost(parsed.hostname)
}

export type WindowOpenDecision =
  /** A same-origin page (e.g. a second chat) opens in another app window with the same hardening. */
  | { action: 'allow' }
  /** Payments, OAuth and outside links go to the system browser, where the user sees the real address bar. */
  | { action: 'open-external'; url: string }
  | { action: 'deny' }

/**
 * What to do with `window.open(url)` or a target=_blank link. Also used when the window tries to leave
 * the server origin by navigating: there "allow" simply means letting the navigation proceed.
 */
export function decideWindowOpen(url: string, serverOrigin: string): WindowOpenDecision {
  if (isSameOrigin(url, serverOrigin)) return { action: 'allow' }
  if (isExternalUrlAllowed(url, serverOrigin)) return { action: 'open-external', url }
  return { action: 'deny' }
}

/**
 * Does an IPC call come from a frame showing the server origin? `frameUrl` is undefined when Electron
 * no longer has the frame (navigated away or destroyed); such calls are refused.
 */
export function isTrustedSender(frameUrl: string | undefined, serverOrigin: string): boolean {
  return frameUrl !== undefined && isSameOrigin(frameUrl, serverOrigin)
}

/**
 * Permission requests (session.setPermissionRequestHandler): notifications only, server origin only.
 * The pages use neither the clipboard API nor fullscreen, so a request for either (or for camera,
 * microphone, geolocation, HID...) can only come from injected code.
 */
export function isPermissionAllowed(permission: string, requestingUrl: string, serverOrigin: string): boolean {
  return permission === 'notifications' && isSameOrigin(requestingUrl, serverOrigin)
}
