import { centsToDecimalString, decimalStringToCents } from '@shared/money'
import { formatInteger, formatMoney } from '@shared/format'
import { WELCOME_BONUS_CENTS } from '@shared/constants'

/** SPEC §1: a current user with a missing balance is treated as "15.00" (the welcome bonus). */
export const DEFAULT_BALANCE = centsToDecimalString(WELCOME_BONUS_CENTS)

/**
 * A balance always shows cents ("$15.00", "$1,234.50"), unlike prices which drop ".00".
 * Works on the decimal string through integer cents, never through floats.
 */
export function formatBalance(balance: string | null | undefined): string {
  const text = balance == null || balance.trim() === '' ? DEFAULT_BALANCE : balance
  const cents = decimalStringToCents(text)
  if (cents === null) return formatMoney(text)
  const [whole, fraction] = centsToDecimalString(Math.abs(cents)).split('.')
  const sign = cents < 0 ? '-' : ''
  return `${sign}$${formatInteger(Number(whole))}.${fraction}`
}
