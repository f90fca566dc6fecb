import type { ResumeEvent } from '@shared/ipc/contract'

/**
 * Wakes from sleep and screen unlocks, passed on to the pages so their live connection reconnects at once
 * instead of waiting out a backoff that ran on while the machine slept. index.ts hands in powerMonitor.
 */

export type WakeReason = ResumeEvent['reason']

/** The part of Electron's powerMonitor used here, one subscription per event it reports. */
export interface PowerEvents {
  onResume(listener: () => void): void
  onUnlockScreen(listener: () => void): void
}

/**
 * A wake often comes as 'resume' and then 'unlock-screen' a moment later: one reconnect is enough, and a second
 * close behind the first would only drop the attempt the first one started.
 */
export const WAKE_COALESCE_MS = 3_000

export function forwardWakes(power: PowerEvents, tellPages: (reason: WakeReason) => void, now: () => number = Date.now): void {
  let lastWake = Number.NEGATIVE_INFINITY
  const wake = (reason: WakeReason) => {
    const at = now()
    if (at - lastWake < WAKE_COALESCE_MS) return
    lastWake = at
    tellPages(reason)
  }
  power.onResume(() => wake('resume'))
  power.onUnlockScreen(() => wake('unlock-screen'))
}
