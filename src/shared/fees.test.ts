import { describe, expect, it } from 'vitest'
import { escrowFee, percentOf, processorFee, quote } from './fees'

const defaults = { escrowFeeBps: 500, escrowFeeMinCents: 100 }

describe('fees', () => {
  it('takes 5 % with a $1 minimum', () => {
    expect(escrowFee(100_000, defaults)).toBe(5_000)
    expect(escrowFee(1_000, defaults)).toBe(100)
    expect(escrowFee(2_010, defaults)).toBe(101)
  })

  it('rounds half a cent up, in integers', () => {
    expect(percentOf(10, 500)).toBe(1) // 0.5 → 1
    expect(percentOf(9, 500)).toBe(0) // 0.45 → 0
    expect(percentOf(15, 500)).toBe(1) // 0.75 → 1
    expect(percentOf(29, 500)).toBe(1) // 1.45 → 1
    expect(() => percentOf(1.5, 500)).toThrow(RangeError)
    expect(() => percentOf(-1, 500)).toThrow(RangeError)
  })

  it('takes a share of nothing, or no share, as 0, and names what it refuses', () => {
    expect(percentOf(0, 500)).toBe(0)
    expect(percentOf(10_000, 0)).toBe(0)
    expect(() => percentOf(-1, 500)).toThrow('not an amount of cents: -1')
    expect(() => percentOf(100, -1)).toThrow('not basis points: -1')
    expect(() => percentOf(100, 2.5)).toThrow('not basis points: 2.5')
    expect(() => percentOf(100, Number.NaN)).toThrow(RangeError)
  })

  it('charges the processor fee on price plus escrow fee, nothing from the balance', () => {
    expect(processorFee('balance', 10_500)).toBe(0)
    expect(processorFee('card', 10_500)).toBe(305 + 30)
    expect(processorFee('crypto', 10_500)).toBe(105)
  })

  it('adds up one full quote', () => {
    expect(quote(10_000, 'card', defaults)).toEqual({ price: 10_000, escrowFee: 500, processorFee: 335, total: 10_835 })
    expect(quote(10_000, 'balance', defaults)).toEqual({ price: 10_000, escrowFee: 500, processorFee: 0, total: 10_500 })
  })
})
