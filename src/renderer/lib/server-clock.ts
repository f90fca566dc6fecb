/**
 * The server's clock as this browser sees it. Deadlines (a reservation's end, a countdown's) are the server's
 * moments, and the server decides by its own clock; a computer whose clock is off by minutes would otherwise show a
 * reservation as running out minutes early or late, and offer a Pay button the server has already closed.
 *
 * Every API response carries the server's time in its `Date` header, to the second. The offset is taken from the
 * latest response that came back within `MAX_ROUND_TRIP_MS`, against the middle of its round trip; the header drops
 * the milliseconds, so half a second is added back, and an offset within `TRUSTED_DRIFT_MS` (more than that rounding
 * and such a round trip can account for) counts as none, so a correct clock is left as it is.
 */

/**
 * a response slower than this says too little about when the server wrote its header: the header may be from any
 * moment of the round trip, so the estimate is off by up to half of it, plus the second the header drops
 */
export const MAX_ROUND_TRIP_MS = 1_000
/** differences this small are the header's rounding and the network's (at most 1.5 s, by the above), not a wrong clock */
export const TRUSTED_DRIFT_MS = 2_000

let offsetMs = 0

/** Takes the `Date` header of a response sent at `sentAt` and received at `receivedAt` (both `Date.now()`). */
export function noteServerDate(header: string | null, sentAt: number, receivedAt: number): void {
  if (!header) return
  const serverMs = Date.parse(header)
  const roundTrip = receivedAt - sentAt
  if (!Number.isFinite(serverMs) || roundTrip < 0 || roundTrip > MAX_ROUND_TRIP_MS) return
  const offset = serverMs + 500 - (sentAt + roundTrip / 2)
  offsetMs = Math.abs(offset) <= TRUSTED_DRIFT_MS ? 0 : Math.round(offset)
}

/** Date.now() on the server's clock, as far as the last response tells. */
export function serverNow(): number {
  return Date.now() + offsetMs
}

/** how far the server's clock is ahead of this one (negative: behind); 0 while they agree */
export function serverClockOffset(): number {
  return offsetMs
}

/** forgets what responses told (tests) */
export function resetServerClock(): void {
  offsetMs = 0
}
