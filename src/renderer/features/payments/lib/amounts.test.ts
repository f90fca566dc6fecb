import { describe, expect, it } from 'vitest'
import { checkDeposit, checkWithdrawal, depositPreview, entryKindLabel, parseDollars, signedAmount } from './amounts'

describe('amounts', () => {
  it('reads typed dollars without floats', () => {
    expect(parseDollars('25')).toBe(2500)
    expect(parseDollars(' $1,250.5 ')).toBe(125050)
    expect(parseDollars('0.07')).toBe(7)
    expect(parseDollars('1.234')).toBeNull()
    expect(parseDollars('-5')).toBeNull()
    expect(parseDollars('abc')).toBeNull()
    // a decimal comma is not thousands: asked again rather than taken a hundred times over
    expect(parseDollars('12,34')).toBeNull()
    expect(checkDeposit('12,34')).toEqual({ ok: false, message: 'Enter an amount in dollars, like 25 or 25.50' })
    expect(checkWithdrawal('12,34', '500.00')).toEqual({ ok: false, message: 'Enter an amount in dollars, like 25 or 25.50' })
  })

  it('keeps deposits within $5 to $10,000', () => {
    expect(checkDeposit('4.99')).toEqual({ ok: false, message: 'The smallest deposit is $5' })
    expect(checkDeposit('10000.01')).toEqual({ ok: false, message: 'The largest deposit is $10,000' })
    expect(checkDeposit('25')).toEqual({ ok: true, cents: 2500 })
  })

  it('keeps withdrawals within the limits and the available balance', () => {
    expect(checkWithdrawal('9', '100.00')).toEqual({ ok: false, message: 'The smallest withdrawal is $10, unless you withdraw your whole balance' })
    expect(checkWithdrawal('0', '100.00')).toEqual({ ok: false, message: 'Enter an amount above $0' })
    // a rest under the minimum leaves whole, and only whole
    expect(checkWithdrawal('3.40', '3.40')).toEqual({ ok: true, cents: 340 })
    expect(checkWithdrawal('3', '3.40')).toMatchObject({ ok: false })
    expect(checkWithdrawal('9', '0.00')).toEqual({ ok: false, message: 'You have $0.00 available' })
    expect(checkWithdrawal('150', '100.00')).toEqual({ ok: false, message: 'You have $100.00 available' })
    expect(checkWithdrawal('100', '100.00')).toEqual({ ok: true, cents: 10000 })
  })

  it('previews a deposit with the processor fee of the shared fee table', () => {
    // card: 2.9 % + 30 ¢ of $100 = $3.20
    expect(depositPreview(10000, 'card')).toEqual({ amount: '$100.00', processorFee: '$3.20', total: '$103.20' })
    // crypto: 1 %
    expect(depositPreview(2500, 'crypto')).toEqual({ amount: '$25.00', processorFee: '$0.25', total: '$25.25' })
  })

  it('signs ledger lines and names their kinds', () => {
    expect(signedAmount(25)).toBe('+$25.00')
    expect(signedAmount(-1250.5)).toBe('−$1,250.50')
    expect(entryKindLabel('escrow_release')).toBe('Sale proceeds')
    expect(entryKindLabel('test_funding')).toBe('Test funding')
  })
})
