/**
 * What to do when the page's renderer process goes away (render-process-gone). A crash is usually a one-off, so
 * the page is loaded again; a second one soon after would loop, so the offline screen explains instead and its
 * Retry is left to the user.
 */

export type RenderGoneReason =
  'clean-exit' | 'abnormal-exit' | 'killed' | 'crashed' | 'oom' | 'launch-failed' | 'integrity-failure' | 'memory-eviction'

export type CrashAction = { kind: 'ignore' } | { kind: 'reload' } | { kind: 'explain'; message: string }

/** Two crashes within this are one problem, not bad luck. */
export const CRASH_WINDOW_MS = 60_000

const REASONS: Record<Exclude<RenderGoneReason, 'clean-exit'>, string> = {
  'abnormal-exit': 'exited with an error',
  killed: 'it was ended by the system or another program',
  crashed: 'crashed',
  oom: 'out of memory',
  'launch-failed': 'it could not be started',
  'integrity-failure': "the app's files failed a check",
  'memory-eviction': 'closed to free memory',
}

export function crashMessage(reason: Exclude<RenderGoneReason, 'clean-exit'>): string {
  return `The page stopped unexpectedly (${REASONS[reason]}).`
}

/** Returns the decision for each render-process-gone of one window. */
export function createCrashRecovery(now: () => number = Date.now): (reason: RenderGoneReason) => CrashAction {
  let lastReload: number | undefined
  return (reason) => {
    // A clean exit is the window closing or navigating away on purpose.
    if (reason === 'clean-exit') return { kind: 'ignore' }
    const time = now()
    if (lastReload !== undefined && time - lastReload < CRASH_WINDOW_MS) return { kind: 'explain', message: crashMessage(reason) }
    lastReload = time
    return { kind: 'reload' }
  }
}

/** Carries the explanation from the crashed window to the request handler that answers its next page load. */
export function createFailureNotice(): { set(message: string): void; take(): string | undefined } {
  let message: string | undefined
  return {
    set(next) {
      message = next
    },
    take() {
      const taken = message
      message = undefined
      return taken
    },
  }
}
