/** Milliseconds left until `iso` at `now`, never below zero; null without a deadline. */
export function msUntil(iso: string | null, now: number): number | null {
  if (!iso) return null
  const end = Date.parse(iso)
  if (Number.isNaN(end)) return null
  return Math.max(0, end - now)
}

const two = (n: number) => String(n).padStart(2, '0')

function parts(ms: number) {
  const total = Math.floor(ms / 1000)
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  }
}

/** A ticking clock: "6d 23h 59m 58s", "3h 04m 05s", "14:05". */
export function formatClock(ms: number): string {
  const { days, hours, minutes, seconds } = parts(ms)
  if (days > 0) return `${days}d ${two(hours)}h ${two(minutes)}m ${two(seconds)}s`
  if (hours > 0) return `${hours}h ${two(minutes)}m ${two(seconds)}s`
  return `${two(minutes)}:${two(seconds)}`
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/**
 * The same time for screen readers, at the precision that matters: "6 days 23 hours", "3 hours 4 minutes",
 * "14 minutes", "less than a minute". Announced rarely (aria-live would read every second otherwise).
 */
export function describeDuration(ms: number): string {
  const { days, hours, minutes } = parts(ms)
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day')
  if (hours > 0) return minutes > 0 ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}` : plural(hours, 'hour')
  if (minutes > 0) return plural(minutes, 'minute')
  return ms > 0 ? 'less than a minute' : 'no time'
}
