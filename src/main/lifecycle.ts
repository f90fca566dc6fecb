/**
 * Handover runs in the background: the live connection in its page is what brings messages and admin alerts,
 * so closing the window hides it and only a real quit (the tray's or the menu's Quit, Cmd+Q, logging out or
 * shutting down, an update) ends the app. window.ts asks `closeRequested` on every close of the app window.
 */

/** Given by login items (login-item.ts) so a start at sign-in creates the window without showing it. */
export const HIDDEN_ARG = '--hidden'

export const CLOSE_HINT = {
  title: 'Handover is still running',
  body: "It keeps your messages and alerts coming. Quit it from the tray icon's menu.",
} as const

export type CloseDecision = 'hide' | 'close'

export interface LifecycleDeps {
  /** Whether the hint was shown before (settings.json), read once at start. */
  hintShown: boolean
  /** Shows the one-time hint and remembers that it did. */
  showHint(): void
}

export interface Lifecycle {
  /** before-quit, and the OS ending the session: from now on a close really closes. */
  quitting(): void
  /** The app window's close event: 'hide' means prevent it and hide the window. */
  closeRequested(): CloseDecision
}

export function createLifecycle({ hintShown, showHint }: LifecycleDeps): Lifecycle {
  let quitting = false
  let hinted = hintShown
  return {
    quitting() {
      quitting = true
    },
    closeRequested() {
      if (quitting) return 'close'
      // Said once, at the first close: a window that "closes" without quitting surprises people exactly once.
      if (!hinted) {
        hinted = true
        showHint()
      }
      return 'hide'
    },
  }
}

export interface LaunchInfo {
  platform: string
  argv: readonly string[]
  /** macOS: login items take no arguments there, so being opened at login is the signal. */
  wasOpenedAtLogin: boolean
}

/** Whether this start is the login item's: then the window is created (its page connects) but not shown. */
export function startsHidden({ platform, argv, wasOpenedAtLogin }: LaunchInfo): boolean {
  if (argv.includes(HIDDEN_ARG)) return true
  return platform === 'darwin' && wasOpenedAtLogin
}
