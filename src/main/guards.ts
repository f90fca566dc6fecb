import { decideWindowOpen, isNavigationAllowed } from './security'

/**
 * Applies the security decisions to one web contents (every window, including windows the page opens).
 * Written against a small adapter so the wiring itself is tested without Electron; window.ts adapts
 * Electron's WebContents to it.
 */

export interface NavigationAttempt {
  url: string
  /** Sub-frame redirects (embedded players) are left to the page's CSP; only the top frame is guarded. */
  isMainFrame: boolean
  preventDefault(): void
}

export interface GuardableContents {
  /** Called for will-navigate and will-redirect. */
  onNavigate(listener: (attempt: NavigationAttempt) => void): void
  /** Called for will-attach-webview with a function that cancels the attach. */
  onAttachWebview(listener: (cancel: () => void) => void): void
  /** Mirrors setWindowOpenHandler: return true to let a same-origin window open inside the app. */
  setWindowOpenHandler(handler: (url: string) => boolean): void
}

/** Hands a URL to the system browser (shell.openExternal); failures are the opener's to report. */
export type OpenExternal = (url: string) => void

/** `serverOrigin` is asked at each decision: the server address can change while the app runs. */
export function guardWebContents(contents: GuardableContents, serverOrigin: () => string, openExternal: OpenExternal): void {
  contents.onNavigate((attempt) => {
    if (!attempt.isMainFrame || isNavigationAllowed(attempt.url, serverOrigin())) return
    attempt.preventDefault()
    // Leaving the app for a payment page or OAuth provider is expected: it continues in the browser and
    // comes back through a handover:// link, while the app window keeps its page.
    const decision = decideWindowOpen(attempt.url, serverOrigin())
    if (decision.action === 'open-external') openExternal(decision.url)
  })

  // The app never uses <webview>; a page that tries to attach one is trying to escape the sandbox settings.
  contents.onAttachWebview((cancel) => cancel())

  contents.setWindowOpenHandler((url) => {
    const decision = decideWindowOpen(url, serverOrigin())
    if (decision.action === 'open-external') openExternal(decision.url)
    return decision.action === 'allow'
  })
}
