import { describe, expect, it } from 'vitest'
import { formatCentsExact, formatFigure, formatMoney, formatRelativeTime } from './format'

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
