/**
 * Money is integer cents everywhere; "15.00" strings exist only at the API edge.
 */

export type Cents = number

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer amount of cents: ${value}`)
  return value
}

/** 1500 → "15.00", -5 → "-0.05" */
export function centsToDecimalString(cents: Cents): string {
  assertCents(cents)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  const whole = Math.floor(abs / 100)
  const frac = abs % 100
  return `${sign}${whole}.${frac.toString().padStart(2, '0')}`
}

/** "15", "15.5", "15.50" → 1550; anything else → null. Never goes through floats. */
/**
 * Dollars as a person types them, as the plain decimal the API takes ("$1,250.50" → "1250.50"), or null. A comma is
 * read only as a thousands separator in its place ("1,250", "12,500.75"): "12,34" is not 1,234 dollars (or 12.34, as
 * a decimal comma would mean), it is refused, so a mistyped amount is asked again instead of being taken a hundred
 * times over.
 */
export function typedDollars(text: string): string | null {
  const match = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?$/.exec(text.trim())
  return match ? `${match[1]!.replace(/,/g, '')}${match[2] ?? ''}` : null
}

export function decimalStringToCents(text: string): Cents | null {
  const match = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  const [, minus, whole, frac = ''] = match
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'))
  return minus ? -cents : cents
}
