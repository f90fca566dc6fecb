import { describe, expect, it } from 'vitest'
import type { QuoteDto } from '@shared/api/transactions'
import { dealOptions, quoteOptions } from './pay-options'

const quote: QuoteDto = {
  listingId: 11,
  price: 1000,
  escrowFee: 50,
  methods: [
    { method: 'balance', processorFee: 0, total: 1050, available: false },
    { method: 'card', processorFee: 30.75, total: 1080.75, available: true },
    { method: 'crypto', processorFee: 10.5, total: 1060.5, available: true },
  ],
  balance: 15,
  countdownDays: 7,
  reservationMinutes: 15,
}

describe('the full-cost quote per way to pay', () => {
  it('gives each method its processor fee and total, and says what the balance covers', () => {
    expect(quoteOptions(quote)).toEqual([
      {
        method: 'balance',
        label: 'Handover balance',
        processorFee: '$0',
        feeLine: 'Processor fee $0',
        total: '$1,050',
        available: false,
        note: 'Your balance of $15.00 is $1,035 short.',
        shortBy: '$1,035',
      },
      {
        method: 'card',
        label: 'Card',
        processorFee: '$30.75',
        feeLine: 'Processor fee $30.75, not refundable',
        total: '$1,080.75',
        available: true,
        note: "Pay on the provider's secure page, then come back here.",
        shortBy: null,
      },
      {
        method: 'crypto',
        label: 'Crypto',
        processorFee: '$10.50',
        feeLine: 'Processor fee $10.50, not refundable',
        total: '$1,060.50',
        available: true,
        note: "Pay on the provider's secure page, then come back here.",
        shortBy: null,
      },
    ])
    const covered = quoteOptions({ ...quote, balance: 2000, methods: [{ method: 'balance', processorFee: 0, total: 1050, available: true }] })
    expect(covered[0]).toMatchObject({ available: true, note: 'Your balance of $2,000.00 covers it.', shortBy: null })
  })

  it('works the same out for a reserved deal from the shared fee table', () => {
    const [balance, card, crypto] = dealOptions({ price: 1000, escrowFee: 50 }, '1100.00')
    expect(balance).toMatchObject({ feeLine: 'Processor fee $0', total: '$1,050', available: true })
    // card 2.9 % + 30 ¢ of $1,050 = $30.75; crypto 1 % = $10.50
    expect(card).toMatchObject({ processorFee: '$30.75', feeLine: 'Processor fee $30.75, not refundable', total: '$1,080.75' })
    expect(crypto).toMatchObject({ processorFee: '$10.50', total: '$1,060.50' })
    expect(dealOptions({ price: 1000, escrowFee: 50 }, '15.00')[0]).toMatchObject({ available: false, shortBy: '$1,035' })
    expect(dealOptions({ price: 1000, escrowFee: 50 }, null)[0]!.available).toBe(false)
  })
})
