import { processorFee, type PaymentMethod } from '@shared/fees'
import { centsToDecimalString, decimalStringToCents } from '@shared/money'
import { formatBalance } from '@/lib/money-display'
import type { QuoteDto } from '@shared/api/transactions'
import { formatCents, toCents } from './money'

export const METHOD_LABELS: Record<PaymentMethod, string> = { balance: 'Handover balance', card: 'Card', crypto: 'Crypto' }

/** "Paid from the Handover balance", "Paid by card", "Paid with crypto". */
export function paidWith(method: PaymentMethod): string {
  if (method === 'balance') return 'Paid from the Handover balance'
  return method === 'card' ? 'Paid by card' : 'Paid with crypto'
}

export interface PayOption {
  method: PaymentMethod
  label: string
  processorFee: string
  /** the processor fee as the option shows it: a card or crypto fee says it is not refundable */
  feeLine: string
  total: string
  /** can be chosen now */
  available: boolean
  /** one line under the option: what the balance covers, how the provider's page works */
  note: string
  /** the balance falls short: the buyer can deposit first */
  shortBy: string | null
}

function note(method: PaymentMethod, available: boolean, balanceCents: number, totalCents: number): { note: string; shortBy: string | null } {
  if (method === 'balance') {
    const balance = formatBalance(centsToDecimalString(balanceCents))
    if (available) return { note: `Your balance of ${balance} covers it.`, shortBy: null }
    const short = formatCents(totalCents - balanceCents)
    return { note: `Your balance of ${balance} is ${short} short.`, shortBy: short }
  }
  if (!available) return { note: 'Not available right now.', shortBy: null }
  return { note: `Pay on the provider's secure page, then come back here.`, shortBy: null }
}

/** A refund gives back the price and escrow fee; what a card or crypto processor charged stays with it, so it says so before paying. */
export function feeLine(method: PaymentMethod, feeCents: number): string {
  return method !== 'balance' && feeCents > 0 ? `Processor fee ${formatCents(feeCents)}, not refundable` : `Processor fee ${formatCents(feeCents)}`
}

/** The quote of GET /api/transactions/quote as one full-cost line per way to pay (SPEC: one full-cost quote). */
export function quoteOptions(quote: QuoteDto): PayOption[] {
  const balanceCents = toCents(quote.balance)
  return quote.methods.map((m) => {
    const totalCents = toCents(m.total)
    return {
      method: m.method,
      label: METHOD_LABELS[m.method],
      processorFee: formatCents(toCents(m.processorFee)),
      feeLine: feeLine(m.method, toCents(m.processorFee)),
      total: formatCents(totalCents),
      available: m.available,
      ...note(m.method, m.available, balanceCents, totalCents),
    }
  })
}

/**
 * The same lines for a deal that is already reserved (the quote endpoint only quotes listings on sale): the
 * shared fee table on the price and escrow fee, which is what the server charges. `balance` as a decimal string.
 */
export function dealOptions(deal: { price: number; escrowFee: number }, balance: string | null): PayOption[] {
  const amountCents = toCents(deal.price) + toCents(deal.escrowFee)
  const balanceCents = balance === null ? null : decimalStringToCents(balance)
  return (['balance', 'card', 'crypto'] as const).map((method) => {
    const feeCents = processorFee(method, amountCents)
    const totalCents = amountCents + feeCents
    const available = method !== 'balance' || (balanceCents !== null && balanceCents >= totalCents)
    return {
      method,
      label: METHOD_LABELS[method],
      processorFee: formatCents(feeCents),
      feeLine: feeLine(method, feeCents),
      total: formatCents(totalCents),
      available,
      ...note(method, available, balanceCents ?? 0, totalCents),
    }
  })
}
