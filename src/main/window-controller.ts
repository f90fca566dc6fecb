import { findDeepLinkArg, parseDeepLink } from './deep-links'

/**
 * Owns "the" app window and routes deep links into it: before the app is ready links are held, with no
 * window one is opened straight at the route, otherwise the window is focused and told to navigate.
 * window.ts adapts BrowserWindow to AppWindow.
 */

export interface AppWindow {
  /** Restores a minimised window and brings it to the front. */
  focus(): void
  /** Runs `callback` once the page has loaded, immediately if it already has. */
  whenLoaded(callback: () => void): void
  /** Sends the desktop:deep-link event to the page. */
  sendDeepLink(route: string): void
  onClosed(callback: () => void): void
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
}

export function createWindowController(openWindow: OpenAppWindow): WindowController {
  let ready = false
  let pendingRoute: string | undefined
  let current: AppWindow | undefined

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
        if (current === opened) current = undefined
      })
      return
    }
    const target = current
    target.focus()
    if (route !== undefined) target.whenLoaded(() => target.sendDeepLink(route))
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
  }
}

function routeOf(link: string | undefined): string | undefined {
  return link === undefined ? undefined : (parseDeepLink(link) ?? undefined)
}
