import { parseUrl } from '@shared/ipc/url-rules'

/** Where the app window's pages come from when HANDOVER_SERVER_URL is not set: the `npm start` server. */
export const DEFAULT_SERVER_URL = 'http://localhost:3000'

/**
 * The server the window shows and the only origin trusted with the bridge. A bad value stops the app at
 * start-up rather than quietly trusting a wrong or non-http origin.
 */
export function resolveServerUrl(configured: string | undefined): URL {
  const raw = configured?.trim() || DEFAULT_SERVER_URL
  const url = parseUrl(raw)
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new Error(`HANDOVER_SERVER_URL must be an absolute http(s) URL without credentials, got "${raw}"`)
  }
  return url
}
