import { isExternalHttpUrl, parseUrl } from '@shared/ipc/url-rules'

/** Where the app window's pages come from when nothing else is configured: the `npm start` server. */
export const DEFAULT_SERVER_URL = 'http://localhost:3000'

/** The same rule as the bridge's setServerUrl: an absolute http(s) URL with a host and no credentials. */
export function parseServerUrl(value: string): URL | null {
  return isExternalHttpUrl(value) ? parseUrl(value) : null
}

export interface ResolvedServerUrl {
  url: URL
  /** HANDOVER_SERVER_URL chose it; the saved setting is then ignored. */
  fromEnvironment: boolean
}

/**
 * The server the window shows and the only origin trusted with the bridge: HANDOVER_SERVER_URL when set,
 * else the address saved in the settings, else the local server. A bad environment value stops the app at
 * start-up rather than quietly trusting a wrong origin; a bad saved value (a hand-edited file) is only
 * logged, since the user can fix it from the offline screen.
 */
export function resolveServerUrl(environment: string | undefined, saved?: string, warn: (message: string) => void = console.warn): ResolvedServerUrl {
  const configured = environment?.trim()
  if (configured) {
    const url = parseServerUrl(configured)
    if (!url) throw new Error(`HANDOVER_SERVER_URL must be an absolute http(s) URL without credentials, got "${configured}"`)
    return { url, fromEnvironment: true }
  }
  if (saved !== undefined) {
    const url = parseServerUrl(saved)
    if (url) return { url, fromEnvironment: false }
    warn(`[handover] ignoring the saved server address ${JSON.stringify(saved.slice(0, 200))}: not an absolute http(s) URL without credentials`)
  }
  return { url: new URL(DEFAULT_SERVER_URL), fromEnvironment: false }
}
