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

/*
 * Numbers and dates are written here by hand, in en-US's way, rather than with Intl or toLocaleString: a browser's
 * first Intl formatter loads its locale data, 30 to 50 ms of one task on a phone, and a page rendered on the server
 * must read the same in the browser, which a formatter following the reader's time zone does not.
 */

/** Digits in groups of three: 1234567 → "1,234,567". Whole numbers only (counts, the whole part of an amount). */
export function formatInteger(n: number): string {
  if (!Number.isFinite(n)) return '0'
  const digits = String(Math.abs(Math.trunc(n)))
  let grouped = ''
  for (let end = digits.length; end > 0; end -= 3) grouped = `${digits.slice(Math.max(0, end - 3), end)}${grouped ? `,${grouped}` : ''}`
  return `${n < 0 && Math.trunc(n) !== 0 ? '-' : ''}${grouped}`
}

/** "1,234.50": two decimals, rounded half away from zero, the whole part grouped. */
function twoDecimals(value: number): string {
  const [whole, fraction] = Math.abs(value).toFixed(2).split('.') as [string, string]
  const rounded = `${formatInteger(Number(whole))}.${fraction}`
  return value < 0 && rounded !== '0.00' ? `-${rounded}` : rounded
}

export function formatMoney(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount
  if (!Number.isFinite(value)) return '$0'
  return `$${Number.isInteger(value) ? formatInteger(value) : twoDecimals(value)}`
}

/** An amount in cents as SPEC §9 writes money: `$25`, `$26.25`, `$1,500`. */
export const formatCents = (cents: number): string => formatMoney(cents / 100)

/**
 * An amount in cents with its cents always written, as a balance or a checkout's breakdown shows money: `$12,500.00`,
 * `$375.50`, so the lines of a sum line up.
 */
export function formatCentsExact(cents: number): string {
  if (!Number.isFinite(cents)) return '$0.00'
  return `${cents < 0 ? '-' : ''}$${twoDecimals(Math.abs(cents) / 100)}`
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

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const

/**
 * A calendar date as en-US writes it, "November 20, 2026" (`long`) or "Nov 20, 2026" (`short`), taken in UTC: the
 * same for every reader and for the page the server rendered. An unreadable date is "".
 */
export function formatDate(iso: string, style: 'long' | 'short' = 'long'): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const month = MONTHS[date.getUTCMonth()]!
  return `${style === 'long' ? month : month.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
}

/** "November 2026", in UTC like formatDate. */
export function formatMonthYear(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}
