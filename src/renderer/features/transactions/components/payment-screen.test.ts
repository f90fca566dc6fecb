import { describe, expect, it } from 'vitest'
import { paymentState } from './payment-screen'

describe('the payment of a deal (/payment/{id})', () => {
  const deal = { total: 1080.75, viewerRole: 'buyer' as const }
  it('says where the money stands, and how it was paid', () => {
    expect(paymentState({ ...deal, status: 'pending', paymentMethod: null })).toMatchObject({
      title: 'Awaiting payment',
      text: 'Choose how to pay below.',
    })
    expect(paymentState({ ...deal, status: 'invite_sent', paymentMethod: 'card' })).toMatchObject({
      title: 'Paid into escrow',
      text: "Paid by card: $1,080.75, held until the account is the buyer's.",
    })
    expect(paymentState({ ...deal, status: 'completed', paymentMethod: 'balance' }).text).toBe(
      'Paid from the Handover balance: $1,080.75; the seller has been paid.',
    )
    expect(paymentState({ ...deal, status: 'refunded', paymentMethod: 'crypto' }).text).toBe(
      "Paid with crypto: the money held in escrow went back to the buyer's balance.",
    )
    expect(paymentState({ ...deal, status: 'refunded', paymentMethod: null }).text).toBe("The money held in escrow went back to the buyer's balance.")
    expect(paymentState({ ...deal, status: 'cancelled', paymentMethod: null }).title).toBe('Not paid')
  })
})
