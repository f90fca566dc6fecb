import { describe, expect, it } from 'vitest'
import { rejectWithdrawalSchema } from '@shared/api/payments'
import { resolveRequestSchema } from '@shared/api/transactions'
import { moneyNote, processorFeeText } from './money-summary'

describe('the money note under a deal’s figures', () => {
  const held = { status: 'fee_paid', paymentMethod: 'balance', refundedTo: null, price: 120, escrowFee: 6, processorFee: 0 } as const

  it('speaks to each viewer of held money in their own terms', () => {
    expect(moneyNote({ ...held, viewerRole: 'buyer' })).toBe('Paid from the Handover balance. The seller is paid only once the account is yours.')
    expect(moneyNote({ ...held, viewerRole: 'seller' })).toBe('Paid from the Handover balance. You receive $120 when the deal completes.')
    // an admin is neither: "once the account is yours" is the buyer's sentence
    expect(moneyNote({ ...held, viewerRole: 'admin' })).toBe(
      'Paid from the Handover balance. Held in escrow: the seller is paid once the buyer has the account.',
    )
  })

  it('claims nothing of a charge for a cancelled deal, which a late provider payment reaches only as balance', () => {
    expect(moneyNote({ ...held, status: 'cancelled', paymentMethod: null, viewerRole: 'buyer' })).toBe(
      'Cancelled before payment: nothing is held in escrow.',
    )
  })
})

describe('a refunded deal’s note', () => {
  const card = { status: 'refunded', paymentMethod: 'card', refundedTo: 'payment', price: 120, escrowFee: 6, processorFee: 3.78 } as const

  it('says how much went back and where, to the buyer and to anyone else, and that the processor fee stays', () => {
    expect(moneyNote({ ...card, viewerRole: 'buyer' })).toBe(
      'Paid by card. Refunded $126 (price and escrow fee) back to your card. The processor fee is not refundable.',
    )
    expect(moneyNote({ ...card, viewerRole: 'seller' })).toBe(
      'Paid by card. Refunded $126 (price and escrow fee) back to the buyer’s card. The processor fee is not refundable.',
    )
    expect(moneyNote({ ...card, paymentMethod: 'crypto', viewerRole: 'admin' })).toContain('back to the buyer’s crypto wallet.')
  })

  it('says why a card payment went to the balance, and names no fee for a balance payment', () => {
    expect(moneyNote({ ...card, refundedTo: 'balance', viewerRole: 'buyer' })).toBe(
      'Paid by card. Refunded $126 (price and escrow fee) to your Handover balance, as the payment provider could not refund the card payment. The processor fee is not refundable.',
    )
    expect(moneyNote({ ...card, paymentMethod: 'balance', refundedTo: 'balance', processorFee: 0, viewerRole: 'buyer' })).toBe(
      'Paid from the Handover balance. Refunded $126 (price and escrow fee) back to your Handover balance.',
    )
  })
})

describe('an admin’s note over the limit', () => {
  it('is refused in words, not with the validator’s own text', () => {
    expect(resolveRequestSchema.safeParse({ note: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe('The note can be at most 2,000 characters')
    expect(rejectWithdrawalSchema.safeParse({ reason: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe(
      'The reason can be at most 1,000 characters',
    )
  })
})

describe('the processor fee’s line', () => {
  const unpaid = { status: 'pending', paymentMethod: null, processorFee: 0 } as const
  it('waits for how the buyer pays, in each viewer’s words, and names none for a deal never paid', () => {
    expect(processorFeeText({ ...unpaid, viewerRole: 'buyer' })).toBe('Depends on how you pay')
    expect(processorFeeText({ ...unpaid, viewerRole: 'seller' })).toBe('Set when the buyer pays')
    expect(processorFeeText({ ...unpaid, viewerRole: 'admin' })).toBe('Set when the buyer pays')
    expect(processorFeeText({ ...unpaid, status: 'cancelled', viewerRole: 'buyer' })).toBe('None')
    expect(processorFeeText({ status: 'fee_paid', paymentMethod: 'card', processorFee: 3.78, viewerRole: 'seller' })).toBe('$3.78')
    expect(processorFeeText({ status: 'fee_paid', paymentMethod: 'balance', processorFee: 0, viewerRole: 'buyer' })).toBe('$0')
  })
})
