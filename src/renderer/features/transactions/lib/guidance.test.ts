import { describe, expect, it } from 'vitest'
import type { TransactionRole, TransactionStatus } from '@shared/api/transactions'
import { guidance, nextStep } from './guidance'

const line = (status: TransactionStatus, viewerRole: TransactionRole, lapsed: 'reservation' | 'countdown' | null = null) =>
  nextStep({ status, viewerRole }, lapsed)

describe('the next step in a line', () => {
  it('names whose step it is: the one who takes it is told it is their turn, everyone else who they wait for', () => {
    expect(line('fee_paid', 'buyer')).toEqual({ text: 'Waiting for the seller to send the ownership invite', by: 'seller', yours: false })
    expect(line('fee_paid', 'admin').text).toBe('Waiting for the seller to send the ownership invite')
    expect(line('fee_paid', 'seller')).toEqual({ text: 'Your turn: send the ownership invite', by: 'seller', yours: true })
    expect(line('pending', 'seller').text).toBe('Waiting for the buyer to pay into escrow')
    expect(line('pending', 'buyer').text).toBe('Your turn: pay into escrow')
    expect(line('invite_sent', 'seller').text).toBe('Waiting for the buyer to accept the invite and confirm access')
    expect(line('access_granted', 'buyer').text).toBe('Waiting for the seller to start the transfer countdown')
    expect(line('disputed', 'buyer').text).toBe('Waiting for an admin to decide the dispute')
    expect(line('disputed', 'admin').yours).toBe(true)
  })

  it('is nobody’s while the countdown runs or once the deal is settled', () => {
    expect(line('countdown_started', 'seller')).toEqual({
      text: 'The transfer countdown is running: the funds go to the seller when it ends',
      by: null,
      yours: false,
    })
    expect(line('countdown_started', 'buyer').text).toBe('The transfer countdown is running: release the funds early once the account is fully yours')
    expect(line('completed', 'buyer').text).toBe('Nothing left to do: the deal is complete')
    expect(line('cancelled', 'seller').text).toBe('Nothing left to do: the purchase was cancelled')
    expect(line('refunded', 'buyer').text).toBe('Nothing left to do: the buyer was refunded')
  })

  it('says what happens once a deadline has passed, before the server moves the deal', () => {
    expect(line('pending', 'buyer', 'reservation')).toEqual({
      text: 'The reservation has run out: the purchase is being cancelled',
      by: null,
      yours: false,
    })
    expect(line('countdown_started', 'buyer', 'countdown').text).toBe('The countdown is over: the funds are being released to the seller')
  })
})

describe('what happens now, after a refund', () => {
  const refunded = {
    status: 'refunded',
    buyer: { id: 1, username: 'carol', avatar: null },
    seller: { id: 2, username: 'bob', avatar: null },
    countdownDays: 3,
  } as const
  it('says where the money went, to the buyer in their own words', () => {
    expect(guidance({ ...refunded, viewerRole: 'buyer', paymentMethod: 'card', refundedTo: 'payment' })).toBe(
      'The deal ended with a refund: the money held in escrow went back to your card.',
    )
    expect(guidance({ ...refunded, viewerRole: 'seller', paymentMethod: 'balance', refundedTo: 'balance' })).toBe(
      'The deal ended with a refund: the money held in escrow went back to the buyer’s Handover balance.',
    )
  })
})
