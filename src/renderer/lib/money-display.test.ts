import { describe, expect, it } from 'vitest'
import { formatBalance } from './money-display'

describe('formatBalance', () => {
  it('always shows two decimals', () => {
    expect(formatBalance('15.00')).toBe('$15.00')
    expect(formatBalance('15')).toBe('$15.00')
    expect(formatBalance('15.5')).toBe('$15.50')
    expect(formatBalance('1234.05')).toBe('$1,234.05')
    expect(formatBalance('-0.05')).toBe('-$0.05')
  })

  it('treats a missing balance as the $15.00 welcome bonus', () => {
    expect(formatBalance(undefined)).toBe('$15.00')
    expect(formatBalance(null)).toBe('$15.00')
    expect(formatBalance('')).toBe('$15.00')
  })
})
