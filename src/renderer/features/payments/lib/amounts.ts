import { dollarsToCents, DEPOSIT_LIMITS, PAYMENT_MESSAGES, WITHDRAWAL_LIMITS, type ProviderMethod } from '@shared/api/payments'
import { processorFee } from '@shared/fees'
import { centsToDecimalString, decimalStringToCents, typedDollars, type Cents } from '@shared/money'
import { formatBalance } from '@/lib/money-display'

/** "$1,234.50" for cents, as balances always show (two decimals). */
export const formatCentsBalance = (cents: Cents) => formatBalance(centsToDecimalString(cents))

/** A ledger line's signed amount: "+$25.00", "−$10.00" (a real minus sign). */
export function signedAmount(dollars: number): string {
  const cents = dollarsToCents(Math.abs(dollars)) ?? 0
  return `${dollars < 0 ? '−' : '+'}${formatCentsBalance(cents)}`
}

export const ENTRY_KIND_LABELS: Record<string, string> = {
  welcome_bonus: 'Welcome bonus',
  deposit: 'Deposit',
  escrow_fund: 'Paid into escrow',
  escrow_release: 'Sale proceeds',
  escrow_refund: 'Refund',
  purchase: 'Purchase',
  withdrawal_hold: 'Withdrawal requested',
  withdrawal_release: 'Withdrawal returned',
  withdrawal_payout: 'Withdrawal paid out',
}

export const entryKindLabel = (kind: string) => ENTRY_KIND_LABELS[kind] ?? kind.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())

/** Typed dollars to cents: digits with at most two decimals (a leading "$" and thousands commas in their place allowed). */
export function parseDollars(text: string): Cents | null {
  const plain = typedDollars(text)
  return plain === null ? null : decimalStringToCents(plain)
}

export interface DepositPreview {
  amount: string
  processorFee: string
  total: string
}

export type AmountCheck = { ok: true; cents: Cents } | { ok: false; message: string }

const dollarsText = (cents: Cents) => `$${(cents / 100).toLocaleString('en-US')}`

/** The deposit form's amount: dollars, within the contract's limits. */
export function checkDeposit(text: string): AmountCheck {
  const cents = parseDollars(text)
  if (cents === null) return { ok: false, message: 'Enter an amount in dollars, like 25 or 25.50' }
  if (cents < DEPOSIT_LIMITS.minCents) return { ok: false, message: `The smallest deposit is ${dollarsText(DEPOSIT_LIMITS.minCents)}` }
  if (cents > DEPOSIT_LIMITS.maxCents) return { ok: false, message: `The largest deposit is ${dollarsText(DEPOSIT_LIMITS.maxCents)}` }
  return { ok: true, cents }
}

/** The withdrawal form's amount: dollars, within the limits and what is available. */
export function checkWithdrawal(text: string, available: string | null): AmountCheck {
  const cents = parseDollars(text)
  if (cents === null) return { ok: false, message: 'Enter an amount in dollars, like 25 or 25.50' }
  if (cents <= 0) return { ok: false, message: 'Enter an amount above $0' }
  if (cents > WITHDRAWAL_LIMITS.maxCents) return { ok: false, message: `The largest withdrawal is ${dollarsText(WITHDRAWAL_LIMITS.maxCents)}` }
  const availableCents = available === null ? null : decimalStringToCents(available)
  if (availableCents !== null && cents > availableCents) return { ok: false, message: `You have ${formatBalance(available)} available` }
  // under the minimum only the whole balance may go
  if (cents < WITHDRAWAL_LIMITS.minCents && cents !== availableCents) return { ok: false, message: PAYMENT_MESSAGES.withdrawalTooSmall }
  return { ok: true, cents }
}

/** What a deposit costs at the provider: the amount, the processor's fee on it, and the total charged. */
export function depositPreview(cents: Cents, method: ProviderMethod): DepositPreview {
  const fee = processorFee(method, cents)
  return { amount: formatCentsBalance(cents), processorFee: formatCentsBalance(fee), total: formatCentsBalance(cents + fee) }
}

/** Cents back to the decimal text the API takes ("25.50"). */
export const centsToAmount = (cents: Cents) => centsToDecimalString(cents)
