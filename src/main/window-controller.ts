import { findDeepLinkArg, parseDeepLink } from './deep-links'

/**
 * Owns "the" app window and routes deep links into it: before the app is ready links are held, with no
 * window one is opened straight at the route, otherwise the window is focused and told to navigate.
 * window.ts adapts BrowserWindow to AppWindow.
 */

export interface AppWindow {
  /** Restores a minimised window and brings it to the front. */
  focus(): void
  /**
   * Runs `callback` once the app's page has loaded, immediately if it shows: never on the offline screen, whose
   * retries reload the window and would drop whatever was sent to it.
   */
  whenLoaded(callback: () => void): void
  /** Sends the desktop:deep-link event to the page. */
  sendDeepLink(route: string): void
  onClosed(callback: () => void): void
  /** Draws the user's eye to the window for a notification (taskbar-flash.ts decides where and when). */
  attract(): void
}

/** Creates a window whose first page is `initialRoute` (or the home page). */
export type OpenAppWindow = (initialRoute: string | undefined) => AppWindow

export interface WindowController {
  /** Call once Electron is ready; `argv` may carry the handover:// link that launched the app. */
  start(argv: readonly string[]): void
  /** Shows the window (creating it if needed), optionally at `route`. */
  show(route?: string): void
  /** A raw link from open-url or a second instance; unknown links only bring the window forward. */
  openLink(link: string | undefined): void
  /** openLink for a second instance's command line (Windows, Linux). */
  openFromArgv(argv: readonly string[]): void
  /** attract() on the window, if there is one. */
  attract(): void
}

export function createWindowController(openWindow: OpenAppWindow): WindowController {
  let ready = false
  let pendingRoute: string | undefined
  let current: AppWindow | undefined
  // A link waiting for the window's app page to load; a later link replaces it rather than following it.
  let waitingRoute: string | undefined

  function show(route?: string): void {
    // macOS can deliver open-url before `ready`; a BrowserWindow cannot exist yet, so keep the latest.
    if (!ready) {
      pendingRoute = route ?? pendingRoute
      return
    }
    if (!current) {
      const opened = openWindow(route)
      current = opened
      opened.onClosed(() => {
        if (current !== opened) return
        current = undefined
        waitingRoute = undefined
      })
      return
    }
    const target = current
    target.focus()
    if (route !== undefined) sendWhenLoaded(target, route)
  }

  function sendWhenLoaded(target: AppWindow, route: string): void {
    const alreadyWaiting = waitingRoute !== undefined
    waitingRoute = route
    if (alreadyWaiting) return
    target.whenLoaded(() => {
      const latest = waitingRoute
      waitingRoute = undefined
      if (latest !== undefined) target.sendDeepLink(latest)
    })
  }

  function openLink(link: string | undefined): void {
    show(routeOf(link))
  }

  return {
    start(argv) {
      ready = true
      const route = pendingRoute ?? routeOf(findDeepLinkArg(argv))
      pendingRoute = undefined
      show(route)
    },
    show,
    openLink,
    openFromArgv: (argv) => openLink(findDeepLinkArg(argv)),
    attract: () => current?.attract(),
  }
}

function routeOf(link: string | undefined): string | undefined {
  return link === undefined ? undefined : (parseDeepLink(link) ?? undefined)
}
