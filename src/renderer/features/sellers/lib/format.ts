import { formatCount, formatMoney } from '@shared/format'
import { formatDate, formatInteger, formatMonthYear } from '@shared/format'

/** Where a seller's public profile lives (SPEC §2 /seller/{id}). */
export const sellerPath = (id: number | string) => `/seller/${id}`

/** "Member since May 2024", in the visitor's own calendar. */
export function memberSince(iso: string): string {
  return `Member since ${formatMonthYear(iso)}`
}

/** "Oct 28, 2026" */
export function saleDate(iso: string): string {
  return formatDate(iso, 'short')
}

/** Volumes in a narrow column: exact below $10,000, then K/M with one decimal like every other count. */
export function compactMoney(dollars: number): string {
  return Math.abs(dollars) >= 10_000 ? `$${formatCount(dollars)}` : formatMoney(dollars)
}

export type Podium = 'gold' | 'silver' | 'bronze'

/** The first three places get a medal colour. */
export function podiumOf(rank: number): Podium | null {
  return rank === 1 ? 'gold' : rank === 2 ? 'silver' : rank === 3 ? 'bronze' : null
}

export function salesLabel(count: number): string {
  return `${formatInteger(count)} ${count === 1 ? 'sale' : 'sales'}`
}
