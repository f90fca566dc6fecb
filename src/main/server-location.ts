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
  /** The build's own server (app-config.json), or the local one in development. */
  builtIn: string
  warn?: (message: string) => void
}

export function createServerLocation({ environment, settings, builtIn, warn }: ServerLocationOptions): ServerLocation {
  const resolved = resolveServerUrl(environment, settings.load().serverUrl, builtIn, warn)
  const { fromEnvironment } = resolved
  let origin = resolved.url.origin
  const listeners: ((origin: string) => void)[] = []

  return {
    origin: () => origin,
    info: () => ({ url: origin, fromEnvironment }),
    change(url) {
      const parsed = parseServerUrl(url)
      if (!parsed) throw new Error('The server address must be an absolute http(s) URL without credentials, https unless it is this computer')
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

/** The person at the computer says whether the app may load its pages from `to` from now on. */
export type ConfirmServerChange = (prompt: ServerChangePrompt) => Promise<boolean>

export interface ServerChangePrompt {
  title: string
  message: string
  detail: string
  /** the first connects; the second, the default (Enter, Escape, closing the dialog), changes nothing */
  buttons: [string, string]
}

export function serverChangePrompt(from: string, to: string, fromEnvironment: boolean): ServerChangePrompt {
  const detail = fromEnvironment
    ? `The address is saved for when HANDOVER_SERVER_URL is unset; until then the app stays on ${from}.`
    : `The app loads its pages from ${to} from now on instead of ${from}, and you sign in there. Connect only to a server you trust.`
  return { title: 'Change server', message: `Connect Handover to ${to}?`, detail, buttons: ['Connect', 'Cancel'] }
}

/**
 * The bridge's setServerUrl. Every page of the server's origin has the bridge, so a page alone must not move the app
 * to another server: a new address is saved only once the person confirms it in a native dialog, which no page can
 * answer. Unconfirmed, nothing changes and the answer is the address as it was. An invalid address is refused and
 * the current one kept without asking.
 */
export async function changeWhenConfirmed(location: ServerLocation, url: string, confirm: ConfirmServerChange): Promise<ServerUrlInfo> {
  const parsed = parseServerUrl(url)
  if (!parsed || parsed.origin === location.origin()) return location.change(url)
  const { url: from, fromEnvironment } = location.info()
  return (await confirm(serverChangePrompt(from, parsed.origin, fromEnvironment))) ? location.change(url) : location.info()
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
