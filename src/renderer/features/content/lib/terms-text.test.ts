import { describe, expect, it } from 'vitest'
import type { TradingTerms } from '@shared/api/settings'
import { escrowFeeText } from './terms-text'

const terms = (escrowFeeBps: number, escrowFeeMinCents: number) =>
  ({
    escrowFeeBps,
    escrowFeeMinCents,
    reservationMinutes: 30,
    countdownDays: { youtube: 3, instagram: 3, tiktok: 3, facebook: 3, twitter: 3, telegram: 3 },
  }) as TradingTerms

describe('escrowFeeText', () => {
  it('quotes the fee as a percentage with at most two decimals, and its minimum', () => {
    expect(escrowFeeText(terms(500, 100))).toBe('an escrow fee of 5% of the price, at least $1')
    expect(escrowFeeText(terms(250, 0))).toBe('an escrow fee of 2.5% of the price')
    expect(escrowFeeText(terms(25, 0))).toBe('an escrow fee of 0.25% of the price')
    expect(escrowFeeText(terms(1, 0))).toBe('an escrow fee of 0.01% of the price')
    expect(escrowFeeText(terms(5_000, 0))).toBe('an escrow fee of 50% of the price')
  })

  it('says so when there is no fee, and stays general without the terms', () => {
    expect(escrowFeeText(terms(0, 0))).toBe('no escrow fee')
    expect(escrowFeeText(undefined)).toBe('a small escrow fee')
  })
})
