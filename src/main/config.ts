import { isAllowedServerUrl, parseUrl } from '@shared/ipc/url-rules'

/** Where a development run (`npm run desktop`) takes its pages from when nothing else is configured: `npm start`. */
export const DEVELOPMENT_SERVER_URL = 'http://localhost:3000'

/** An absolute http(s) URL with a host and no credentials, and https unless the server is this computer. */
export function parseServerUrl(value: string): URL | null {
  return isAllowedServerUrl(value) ? parseUrl(value) : null
}

export interface ResolvedServerUrl {
  url: URL
  /** HANDOVER_SERVER_URL chose it; the saved setting is then ignored. */
  fromEnvironment: boolean
}

const RULE = 'an absolute http(s) URL without credentials, https unless it is this computer'

/**
 * The server the window shows and the only origin trusted with the bridge: HANDOVER_SERVER_URL when set, else the
 * address saved in the settings, else the build's own server (`builtIn`, from app-config.json; see
 * scripts/desktop-package.ts). A bad environment value stops the app at start-up rather than quietly trusting a wrong
 * origin; a bad saved value (a hand-edited file) is only logged, since the user can fix it from the offline screen.
 */
export function resolveServerUrl(
  environment: string | undefined,
  saved: string | undefined,
  builtIn: string,
  warn: (message: string) => void = console.warn,
): ResolvedServerUrl {
  const configured = environment?.trim()
  if (configured) {
    const url = parseServerUrl(configured)
    if (!url) throw new Error(`HANDOVER_SERVER_URL must be ${RULE}, got "${configured}"`)
    return { url, fromEnvironment: true }
  }
  if (saved !== undefined) {
    const url = parseServerUrl(saved)
    if (url) return { url, fromEnvironment: false }
    warn(`[handover] ignoring the saved server address ${JSON.stringify(saved.slice(0, 200))}: not ${RULE}`)
  }
  const url = parseServerUrl(builtIn)
  if (!url) throw new Error(`The app's server address must be ${RULE}, got "${builtIn}"`)
  return { url, fromEnvironment: false }
}
