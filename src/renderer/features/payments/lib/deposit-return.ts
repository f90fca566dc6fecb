import { decimalStringToCents } from '@shared/money'

/**
 * What a deposit's return screen tells /balance, which it goes to paid or cancelled, as history state: the balance
 * page says so there, where the person tries again or spends it. Its own small module: the balance page reads it
 * without loading the return flow.
 */
export type DepositReturn = { outcome: 'paid'; amount: string | null } | { outcome: 'cancelled' }

export interface DepositReturnState {
  depositReturn: DepositReturn
}

export function depositReturnState(value: DepositReturn | null): DepositReturnState | undefined {
  return value === null ? undefined : { depositReturn: value }
}

/** The deposit named by the page's history state when its return screen sent the browser there, else null. */
export function readDepositReturn(state: unknown): DepositReturn | null {
  const value: unknown = state && typeof state === 'object' ? (state as Partial<DepositReturnState>).depositReturn : undefined
  if (!value || typeof value !== 'object') return null
  const { outcome, amount } = value as { outcome?: unknown; amount?: unknown }
  if (outcome === 'cancelled') return { outcome }
  if (outcome !== 'paid') return null
  // the amount is only shown, but a state that is no amount of money shows none
  const cents = typeof amount === 'string' ? decimalStringToCents(amount) : null
  return { outcome, amount: cents !== null && cents > 0 ? (amount as string) : null }
}
