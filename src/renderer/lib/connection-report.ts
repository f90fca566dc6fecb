import type { ConnectionState } from '@shared/ipc/contract'
import type { RealtimeStatus } from './ws-client'

/**
 * What the desktop tray says about the live connection. A drop is "connecting" while the first attempts run, since
 * most drops (a server restart, a network change) heal in seconds; after that, or as soon as the browser says it
 * has no network, it is "offline", so the user knows the unread count and alerts may be behind.
 */

/** Failed attempts in a row after which the connection counts as offline rather than reconnecting. */
export const FAILURES_BEFORE_OFFLINE = 2

export interface ConnectionReporter {
  /** Every status the live client reports. */
  status(status: RealtimeStatus): void
  /** The browser's online / offline events. */
  networkChanged(): void
}

/** Reports each change once; `isOnline` is navigator.onLine, asked at every change. */
export function createConnectionReporter(report: (state: ConnectionState) => void, isOnline: () => boolean): ConnectionReporter {
  let connected = false
  let failures = 0
  let last: ConnectionState | undefined

  function update() {
    const state: ConnectionState = !isOnline() || failures >= FAILURES_BEFORE_OFFLINE ? 'offline' : connected ? 'connected' : 'connecting'
    if (state === last) return
    last = state
    report(state)
  }

  return {
    status({ state, connected: now }) {
      if (now) failures = 0
      // a connection that was up and dropped is not a failed attempt; the attempts after it may be
      else if (state === 'closed' && !connected) failures += 1
      connected = now
      update()
    },
    networkChanged: update,
  }
}
