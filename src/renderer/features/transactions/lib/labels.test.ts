import { describe, expect, it } from 'vitest'
import type { TransactionRole, TransactionStatus } from '@shared/api/transactions'
import { viewerAmount } from './labels'

const deal = (viewerRole: TransactionRole, status: TransactionStatus) => ({ viewerRole, status, price: 120, escrowFee: 6, total: 129.99 })
const shown = (viewerRole: TransactionRole, status: TransactionStatus) => {
  const { label, amount } = viewerAmount(deal(viewerRole, status))
  return `${label} ${amount}`
}

describe('what a deal means in money for its viewer, in the list', () => {
  it('says what is paid and received while it runs, and what was once it is over', () => {
    expect(
      ['pending', 'countdown_started', 'disputed', 'completed', 'refunded', 'cancelled'].map((s) => shown('buyer', s as TransactionStatus)),
    ).toEqual(['You pay $129.99', 'You pay $129.99', 'You pay $129.99', 'You paid $129.99', 'Refunded to you $126', 'Not paid $129.99'])
    expect(['fee_paid', 'completed', 'refunded', 'cancelled'].map((s) => shown('seller', s as TransactionStatus))).toEqual([
      'You receive $120',
      'You received $120',
      'Refunded to the buyer $126',
      'Not sold $120',
    ])
    expect(shown('admin', 'refunded')).toBe('Total $129.99')
  })
})
