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

/** May `url` be handed to the system browser? http(s) only: file:, smb:, custom schemes can run programs. */
export function isExternalUrlAllowed(url: string): boolean {
  return isExternalHttpUrl(url)
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
  if (isExternalUrlAllowed(url)) return { action: 'open-external', url }
  return { action: 'deny' }
}

/**
 * Does an IPC call come from a frame showing the server origin? `frameUrl` is undefined when Electron
 * no longer has the frame (navigated away or destroyed); such calls are refused.
 */
export function isTrustedSender(frameUrl: string | undefined, serverOrigin: string): boolean {
  return frameUrl !== undefined && isSameOrigin(frameUrl, serverOrigin)
}

// Web permissions the app actually uses; camera, microphone, geolocation, HID etc. are never granted.
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write', 'fullscreen', 'notifications'])

/** Permission requests (session.setPermissionRequestHandler): a short allow-list, server origin only. */
export function isPermissionAllowed(permission: string, requestingUrl: string, serverOrigin: string): boolean {
  return GRANTED_PERMISSIONS.has(permission) && isSameOrigin(requestingUrl, serverOrigin)
}
