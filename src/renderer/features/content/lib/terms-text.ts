import type { TradingTerms } from '@shared/api/settings'
import { LIVE_PLATFORMS } from '@shared/constants'
import { PROCESSOR_FEES } from '@shared/fees'
import { formatMoney } from '@shared/format'
import { PLATFORM_NAMES } from '@shared/seo'

/**
 * The rules of a deal in words, from the settings as an admin set them. Without them (still loading, or the
 * server unreachable) each sentence says the same thing without a figure, so no page ever quotes a wrong one.
 */

/** "5%", "2.5%", "0.25%": at most two decimals, without Intl (its first use costs a public page a long task on a phone) */
const percent = (bps: number) => `${Number((bps / 100).toFixed(2))}%`

/** "5% of the price, at least $1" */
export function escrowFeeText(terms: TradingTerms | undefined): string {
  if (!terms) return 'a small escrow fee'
  if (terms.escrowFeeBps === 0 && terms.escrowFeeMinCents === 0) return 'no escrow fee'
  const minimum = terms.escrowFeeMinCents > 0 ? `, at least ${formatMoney(terms.escrowFeeMinCents / 100)}` : ''
  return `an escrow fee of ${percent(terms.escrowFeeBps)} of the price${minimum}`
}

/** "30 minutes" */
export function reservationText(terms: TradingTerms | undefined): string {
  if (!terms) return 'a short time'
  const minutes = terms.reservationMinutes
  if (minutes % 60 === 0) return minutes === 60 ? 'an hour' : `${minutes / 60} hours`
  return `${minutes} minutes`
}

export interface CountdownRow {
  platform: string
  days: number
}

/** The waiting period of each live platform, in the catalogue's order. */
export function countdownRows(terms: TradingTerms | undefined): CountdownRow[] {
  if (!terms) return []
  return LIVE_PLATFORMS.map((platform) => ({ platform: PLATFORM_NAMES[platform], days: terms.countdownDays[platform] }))
}

/** "7 days for YouTube, 3 days for Instagram, …" */
export function countdownText(terms: TradingTerms | undefined): string {
  const rows = countdownRows(terms)
  if (rows.length === 0) return 'a few days, set for each platform'
  return rows.map((row) => `${row.days} day${row.days === 1 ? '' : 's'} for ${row.platform}`).join(', ')
}

const feeOf = (fee: { bps: number; fixedCents: number }) =>
  fee.fixedCents > 0 ? `${percent(fee.bps)} + ${formatMoney(fee.fixedCents / 100)}` : percent(fee.bps)

/** "card 2.9% + $0.30, crypto 1%, nothing from your Handover balance" */
export function paymentFeesText(): string {
  return `card ${feeOf(PROCESSOR_FEES.card)}, crypto ${feeOf(PROCESSOR_FEES.crypto)}, nothing when you pay from your Handover balance`
}
