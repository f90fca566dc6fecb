import type { Cents } from './money'

/**
 * What a deal costs, in integer cents (no floats near money): the escrow fee the buyer pays on top of the
 * price, and the processor fee a provider charges for card or crypto. Basis points: 500 is 5 %.
 */
export interface FeeSettings {
  escrowFeeBps: number
  escrowFeeMinCents: Cents
}

/** Card: 2.9 % + 30 ¢; crypto: 1 %; paying from the balance costs nothing. */
export const PROCESSOR_FEES = {
  balance: { bps: 0, fixedCents: 0 },
  card: { bps: 290, fixedCents: 30 },
  crypto: { bps: 100, fixedCents: 0 },
} as const
export type PaymentMethod = keyof typeof PROCESSOR_FEES

/** amount × bps / 10,000, rounded half up, in integers. */
export function percentOf(amount: Cents, bps: number): Cents {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`not an amount of cents: ${amount}`)
  if (!Number.isSafeInteger(bps) || bps < 0) throw new RangeError(`not basis points: ${bps}`)
  return Math.floor((amount * bps + 5_000) / 10_000)
}

/** SPEC/DESIGN defaults: 5 %, at least $1. */
export function escrowFee(price: Cents, settings: FeeSettings): Cents {
  return Math.max(settings.escrowFeeMinCents, percentOf(price, settings.escrowFeeBps))
}

/** The processor's fee on what it collects (price + escrow fee). */
export function processorFee(method: PaymentMethod, amount: Cents): Cents {
  if (method === 'balance') return 0
  const fee = PROCESSOR_FEES[method]
  return percentOf(amount, fee.bps) + fee.fixedCents
}

export interface Quote {
  price: Cents
  escrowFee: Cents
  processorFee: Cents
  total: Cents
}

/** The one full-cost quote the buyer sees before paying. */
export function quote(price: Cents, method: PaymentMethod, settings: FeeSettings): Quote {
  const fee = escrowFee(price, settings)
  const processing = processorFee(method, price + fee)
  return { price, escrowFee: fee, processorFee: processing, total: price + fee + processing }
}
