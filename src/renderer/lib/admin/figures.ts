/** Money on the dashboard always shows cents, like balances ("$1,250.00"). */
export function dollars(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

/**
 * A dashboard card's amount: with cents below $100,000, whole dollars above ("$3,928,126"), so the figure fits its card
 * on a 320 px phone; the card's title gives the exact amount.
 */
export function cardDollars(amount: number): string {
  return Math.abs(amount) >= 100_000 ? `$${Math.round(amount).toLocaleString('en-US')}` : dollars(amount)
}

/** Axis labels: "$0", "$950", "$1.2K", "$3M". */
export function compactDollars(amount: number): string {
  return `$${new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(amount)}`
}

/** "Mar 4" for a day of the series (an ISO date, read as UTC so the label is the day the server meant). */
export function shortDay(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : pluralForm}`
}
