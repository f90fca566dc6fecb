import { REALTIME } from '@shared/constants'
import { isDesktopApp } from './platform'

/**
 * When the live connection tries again after it closed. The website follows SPEC §4 and gives up after a few
 * attempts: a tab nobody looks at should not knock on a server forever, and reloading it starts afresh. The desktop
 * app is open all day and is often the only thing that tells its user about a sale or a message, so it never
 * gives up, and it tries again at once when the network or the machine comes back.
 */

export interface ReconnectContext {
  /** the close code of the connection that ended */
  closeCode: number
  mobile: boolean
  /** jitter source in [0, 1) */
  random: () => number
}

export interface ReconnectPolicy {
  /** Delay before reconnect number `attempt` (0-based), or null to stay closed. */
  delay(attempt: number, context: ReconnectContext): number | null
  /** Whether the page's `online` event and a wake from sleep reconnect at once, without waiting for the backoff. */
  reconnectOnWake: boolean
}

const NORMAL_CLOSURE = 1000
const GOING_AWAY = 1001
const ABNORMAL_CLOSURE = 1006
// On the website a deliberate close (server shutdown, another tab's sign-out) is final until the page reloads.
const NO_RECONNECT_CODES: readonly number[] = [NORMAL_CLOSURE, GOING_AWAY]

/** SPEC §4: up to 5 attempts, ×1.5 on mobile or after 1006/1001, else ×2, capped at 20 s (mobile) or 30 s. */
export const websiteReconnect: ReconnectPolicy = {
  delay(attempt, { closeCode, mobile, random }) {
    if (NO_RECONNECT_CODES.includes(closeCode) || attempt >= REALTIME.maxReconnects) return null
    const gentle = mobile || closeCode === ABNORMAL_CLOSURE || closeCode === GOING_AWAY
    const factor = gentle ? REALTIME.backoffFactorGentle : REALTIME.backoffFactor
    const cap = mobile ? REALTIME.backoffCapMobileMs : REALTIME.backoffCapMs
    return Math.min(REALTIME.backoffBaseMs * factor ** attempt, cap) + random() * REALTIME.jitterMaxMs
  },
  reconnectOnWake: false,
}

/**
 * Forever, from 1 s doubling to 30 s, whatever the close code: a server that shut down normally (a deploy) is back
 * within a minute, and the app must be there when it is. The jitter spreads a fleet of apps over the restart.
 */
export const desktopReconnect: ReconnectPolicy = {
  delay(attempt, { random }) {
    return Math.min(REALTIME.backoffBaseMs * REALTIME.backoffFactor ** attempt, REALTIME.backoffCapMs) + random() * REALTIME.jitterMaxMs
  },
  reconnectOnWake: true,
}

/** The one place the live connection's policy is chosen. */
export function reconnectPolicy(desktop: boolean = isDesktopApp()): ReconnectPolicy {
  return desktop ? desktopReconnect : websiteReconnect
}
