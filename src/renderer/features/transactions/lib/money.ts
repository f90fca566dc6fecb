import { dollarsToCents } from '@shared/api/payments'
import { formatMoney } from '@shared/format'
import { centsToDecimalString, type Cents } from '@shared/money'

/** Dollars from the API (JSON numbers) to cents through their decimal text: sums never touch floats. */
export function toCents(dollars: number): Cents {
  return dollarsToCents(dollars) ?? 0
}

/** A price-style amount ("$1,250", "$62.53") from cents. */
export function formatCents(cents: Cents): string {
  return formatMoney(centsToDecimalString(cents))
}

/** Money held in escrow for a deal: the price and the escrow fee (the processor keeps its own fee). */
export function heldAmount(deal: { price: number; escrowFee: number }): string {
  return formatCents(toCents(deal.price) + toCents(deal.escrowFee))
}
