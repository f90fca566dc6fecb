/** Formatting of SPEC §9: K/M with one decimal, money with $ and two decimals unless whole, relative time. */

export function formatCount(n: number): string {
  if (Math.abs(n) >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`
  if (Math.abs(n) >= 1_000) return `${(n / 1_000).toFixed(1)}K`
  return String(n)
}

/**
 * Figures shown to visitors ("10K+ verified accounts"): rounded down to a whole K, M or B with a "+",
 * so the figure never claims more than there is. 10,432 → "10K+", 52,000,000 → "52M+", 950 → "950".
 */
export function formatFigure(n: number): string {
  const value = Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0
  for (const [size, suffix] of [
    [1_000_000_000, 'B'],
    [1_000_000, 'M'],
    [1_000, 'K'],
  ] as const) {
    if (value >= size) return `${Math.floor(value / size)}${suffix}+`
  }
  return String(value)
}

// made once: `toLocaleString` with options builds a new formatter on every call, a tenth of a millisecond each
const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const DOLLARS_AND_CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export function formatMoney(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount
  if (!Number.isFinite(value)) return '$0'
  return `$${(Number.isInteger(value) ? WHOLE_DOLLARS : DOLLARS_AND_CENTS).format(value)}`
}

/** An amount in cents as SPEC §9 writes money: `$25`, `$26.25`, `$1,500`. */
export const formatCents = (cents: number): string => formatMoney(cents / 100)

/**
 * An amount in cents with its cents always written, as a balance or a checkout's breakdown shows money: `$12,500.00`,
 * `$375.50`, so the lines of a sum line up.
 */
export function formatCentsExact(cents: number): string {
  if (!Number.isFinite(cents)) return '$0.00'
  return `${cents < 0 ? '-' : ''}$${DOLLARS_AND_CENTS.format(Math.abs(cents) / 100)}`
}

/**
 * SPEC §9's relative time: minutes, hours or days ago. Under a minute it reads "Just now": a fresh item reading
 * "0 minutes ago" looks broken.
 */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date
  const minutes = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 60_000))
  if (minutes === 0) return 'Just now'
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`
  const days = Math.floor(hours / 24)
  return `${days} day${days === 1 ? '' : 's'} ago`
}

/** "ACC-007" for transaction 7 (SPEC §3). */
export function transactionDisplayId(id: number): string {
  return `ACC-${String(id).padStart(3, '0')}`
}

export function capBadge(count: number, cap: number): string {
  return count > cap ? `${cap}+` : String(count)
}
