import type { ReturnTarget } from '@shared/api/payments'
import { isDesktopApp, openExternal } from './platform'

/**
 * Provider pages (a checkout, Trustap's sign-in) in the desktop app open in the system browser, where the user's
 * wallet and password manager are, and the provider sends that browser back to a handover:// link which the app
 * opens on the return route. On the website the page itself goes there, as before.
 */

/** What a start request adds so the provider returns to the app: nothing on the website. */
export function providerReturn(): { returnTo?: ReturnTarget } {
  return isDesktopApp() ? { returnTo: 'desktop' } : {}
}

/** A provider page left open in the system browser while the window waits for the user to come back. */
export interface BrowserCheckout {
  url: string
}

/** Opens a provider page: the system browser from the desktop app (answered), else this page goes there (null). */
export function openProviderPage(url: string, assign: (url: string) => void = (to) => window.location.assign(to)): BrowserCheckout | null {
  if (isDesktopApp()) {
    openExternal(url)
    return { url }
  }
  assign(url)
  return null
}
