import type { ServerUrlInfo } from '@shared/ipc/contract'
import { isAppRoute, parseUrl } from '@shared/ipc/url-rules'
import { parseServerUrl, resolveServerUrl } from './config'
import type { SettingsStore } from './settings-store'

/**
 * The server the app is pointed at, which can change while it runs (the offline screen's address field).
 * Everything that trusts "the server origin" (IPC senders, navigation, permissions, the request handler)
 * asks `origin()` each time instead of keeping the value it saw at start-up.
 */

export interface ServerLocation {
  /** The server's origin now, e.g. "https://handover.example". */
  origin(): string
  info(): ServerUrlInfo
  /**
   * Saves `url` as the server address (only its origin: the app lives at the root). It applies at once
   * unless HANDOVER_SERVER_URL is set, which keeps winning. Throws when the address is invalid or cannot
   * be saved; listeners hear only of a real change.
   */
  change(url: string): ServerUrlInfo
  onChange(listener: (origin: string) => void): void
}

export interface ServerLocationOptions {
  /** process.env.HANDOVER_SERVER_URL */
  environment: string | undefined
  settings: SettingsStore
  warn?: (message: string) => void
}

export function createServerLocation({ environment, settings, warn }: ServerLocationOptions): ServerLocation {
  const resolved = resolveServerUrl(environment, settings.load().serverUrl, warn)
  const { fromEnvironment } = resolved
  let origin = resolved.url.origin
  const listeners: ((origin: string) => void)[] = []

  return {
    origin: () => origin,
    info: () => ({ url: origin, fromEnvironment }),
    change(url) {
      const parsed = parseServerUrl(url)
      if (!parsed) throw new Error('The server address must be an absolute http(s) URL without credentials')
      // Saved first: an address that cannot be kept must not quietly apply for this run only.
      settings.save({ serverUrl: parsed.origin })
      if (!fromEnvironment && parsed.origin !== origin) {
        origin = parsed.origin
        for (const listener of listeners) listener(origin)
      }
      return { url: origin, fromEnvironment }
    },
    onChange: (listener) => void listeners.push(listener),
  }
}

/**
 * Where a window showing `currentUrl` goes when the server moves to `origin`: the same route there. Only an
 * in-app route is carried over; "//evil.example" (a path a URL can have) would otherwise leave the origin.
 */
export function sameRouteAt(currentUrl: string, origin: string): string {
  const current = parseUrl(currentUrl)
  const route = current ? `${current.pathname}${current.search}${current.hash}` : '/'
  const isWebPage = current?.protocol === 'http:' || current?.protocol === 'https:'
  return new URL(isWebPage && isAppRoute(route) ? route : '/', origin).href
}
