import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatCentsExact, formatDate, formatFigure, formatInteger, formatMoney, formatMonthYear, formatRelativeTime } from './format'

describe('formatFigure', () => {
  it('rounds down to whole thousands, millions and billions with a plus', () => {
    expect(formatFigure(10_432)).toBe('10K+')
    expect(formatFigure(52_000_000)).toBe('52M+')
    expect(formatFigure(1_999_999)).toBe('1M+')
    expect(formatFigure(3_400_000_000)).toBe('3B+')
    expect(formatFigure(1_000)).toBe('1K+')
  })

  it('shows figures under a thousand exactly', () => {
    expect(formatFigure(950)).toBe('950')
    expect(formatFigure(999)).toBe('999')
    expect(formatFigure(0)).toBe('0')
  })

  it('never shows a negative, fractional or non-finite figure', () => {
    expect(formatFigure(-5)).toBe('0')
    expect(formatFigure(12.9)).toBe('12')
    expect(formatFigure(Number.NaN)).toBe('0')
  })
})

describe('formatCentsExact', () => {
  it('always writes the cents, grouped by thousands', () => {
    expect(formatCentsExact(1_250_000)).toBe('$12,500.00')
    expect(formatCentsExact(37_550)).toBe('$375.50')
    expect(formatCentsExact(1_287_551)).toBe('$12,875.51')
    expect(formatCentsExact(123_456_789_01)).toBe('$123,456,789.01')
    expect(formatCentsExact(5)).toBe('$0.05')
    expect(formatCentsExact(0)).toBe('$0.00')
  })

  it('puts the sign before the dollar, and shows $0.00 for what is not a number', () => {
    expect(formatCentsExact(-150_025)).toBe('-$1,500.25')
    expect(formatCentsExact(Number.NaN)).toBe('$0.00')
  })
})

describe('formatMoney', () => {
  it('shows whole dollars without cents and other amounts with two decimals, grouped by thousands', () => {
    expect(formatMoney(1500)).toBe('$1,500')
    expect(formatMoney(1234.5)).toBe('$1,234.50')
    expect(formatMoney(0.05)).toBe('$0.05')
    expect(formatMoney(2_000_000)).toBe('$2,000,000')
  })

  it('reads amounts sent as text, and shows $0 for anything that is not a number', () => {
    expect(formatMoney('19.9')).toBe('$19.90')
    expect(formatMoney('abc')).toBe('$0')
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('$0')
  })
})

describe('formatRelativeTime', () => {
  const now = new Date('2026-01-01T12:00:00Z')
  it('says "Just now" for the first minute, then minutes, hours and days ago', () => {
    expect(formatRelativeTime('2026-01-01T11:59:30Z', now)).toBe('Just now')
    expect(formatRelativeTime('2026-01-01T11:59:00Z', now)).toBe('1 minute ago')
    expect(formatRelativeTime('2026-01-01T11:15:00Z', now)).toBe('45 minutes ago')
    expect(formatRelativeTime('2026-01-01T11:00:00Z', now)).toBe('1 hour ago')
    expect(formatRelativeTime('2026-01-01T09:00:00Z', now)).toBe('3 hours ago')
    expect(formatRelativeTime('2025-12-31T12:00:00Z', now)).toBe('1 day ago')
    expect(formatRelativeTime(new Date('2025-12-30T12:00:00Z'), now)).toBe('2 days ago')
  })
  it('reads a time a little ahead of the clock as just now', () => {
    expect(formatRelativeTime('2026-01-01T12:00:20Z', now)).toBe('Just now')
  })
})

describe('formatting without Intl', () => {
  // what these stand in for: the browser's en-US formatters, which cost a phone tens of milliseconds to load
  const intlWhole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
  const intlCents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

  it('groups whole numbers as en-US does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(formatInteger(n)).toBe(intlWhole.format(n))
      }),
    )
    expect(formatInteger(0)).toBe('0')
    expect(formatInteger(999)).toBe('999')
    expect(formatInteger(1000)).toBe('1,000')
    expect(formatInteger(-1234567)).toBe('-1,234,567')
    expect(formatInteger(Number.NaN)).toBe('0')
  })

  it('writes money as en-US does, for any amount in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        const dollars = cents / 100
        expect(formatMoney(dollars)).toBe(`$${(Number.isInteger(dollars) ? intlWhole : intlCents).format(dollars)}`)
        expect(formatCentsExact(cents)).toBe(`${cents < 0 ? '-' : ''}$${intlCents.format(Math.abs(cents) / 100)}`)
      }),
    )
    // rounded half away from zero, as en-US rounds
    expect(formatMoney(2.345)).toBe(intlCents.format(2.345).replace(/^/, '$'))
    expect(formatMoney(1234.5)).toBe('$1,234.50')
  })

  it('writes dates as en-US does in UTC, the same on the server and in any reader’s time zone', () => {
    const long = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' })
    const short = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' })
    const monthYear = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long' })
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
        const iso = date.toISOString()
        expect(formatDate(iso)).toBe(long.format(date))
        expect(formatDate(iso, 'short')).toBe(short.format(date))
        expect(formatMonthYear(iso)).toBe(monthYear.format(date))
      }),
    )
    // late on the 20th in UTC is the 20th, wherever the reader is
    expect(formatDate('2026-11-20T23:30:00Z')).toBe('November 20, 2026')
    expect(formatDate('not a date')).toBe('')
  })
})
