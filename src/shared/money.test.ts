import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { centsToDecimalString, decimalStringToCents, typedDollars } from './money'
import { capBadge, formatCount, formatMoney, transactionDisplayId } from './format'

describe('money at the API edge', () => {
  it('renders cents as the spec balance string', () => {
    expect(centsToDecimalString(1500)).toBe('15.00')
    expect(centsToDecimalString(5)).toBe('0.05')
    expect(centsToDecimalString(-1234)).toBe('-12.34')
    expect(centsToDecimalString(0)).toBe('0.00')
    expect(() => centsToDecimalString(1.5)).toThrow('Not an integer amount of cents: 1.5')
  })

  it('round-trips every integer amount without floats', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => decimalStringToCents(centsToDecimalString(cents)) === cents))
  })

  it('rejects anything that is not a plain decimal amount', () => {
    for (const bad of ['', '1.234', '1e3', 'abc', '--1', '1.', '.5']) expect(decimalStringToCents(bad)).toBeNull()
    expect(decimalStringToCents('15.5')).toBe(1550)
    expect(decimalStringToCents(' 15.50 ')).toBe(1550)
  })

  it('reads typed dollars with commas only as thousands in their place, never a decimal comma as thousands', () => {
    const read = Object.fromEntries(
      ['25', ' $1,250.5 ', '$12,500.75', '1,234,567', '12,34', '1,2,3', '1234,5', ',123', '12,3456', '1,25.50', '$', '1.234', '12 34'].map((t) => [
        t,
        typedDollars(t),
      ]),
    )
    expect(read).toEqual({
      '25': '25',
      ' $1,250.5 ': '1250.5',
      '$12,500.75': '12500.75',
      '1,234,567': '1234567',
      '12,34': null,
      '1,2,3': null,
      '1234,5': null,
      ',123': null,
      '12,3456': null,
      '1,25.50': null,
      $: null,
      '1.234': null,
      '12 34': null,
    })
  })
})

describe('formatting of SPEC §9', () => {
  it('abbreviates thousands and millions with one decimal', () => {
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1500)).toBe('1.5K')
    expect(formatCount(2_340_000)).toBe('2.3M')
  })

  it('shows money with two decimals unless whole', () => {
    expect(formatMoney(15)).toBe('$15')
    expect(formatMoney('15.50')).toBe('$15.50')
    expect(formatMoney(1234567)).toBe('$1,234,567')
  })

  it('pads transaction display ids and caps badges', () => {
    expect(transactionDisplayId(7)).toBe('ACC-007')
    expect(transactionDisplayId(1234)).toBe('ACC-1234')
    expect(capBadge(120, 99)).toBe('99+')
    expect(capBadge(9, 9)).toBe('9')
  })
})
