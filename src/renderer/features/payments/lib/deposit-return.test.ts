import { describe, expect, it } from 'vitest'
import { depositReturnState, readDepositReturn } from './deposit-return'

describe('what a deposit return tells /balance', () => {
  it('round-trips a paid deposit with its amount, or without one, and a cancelled one', () => {
    expect(readDepositReturn(depositReturnState({ outcome: 'paid', amount: '25.00' }))).toEqual({ outcome: 'paid', amount: '25.00' })
    expect(readDepositReturn(depositReturnState({ outcome: 'paid', amount: null }))).toEqual({ outcome: 'paid', amount: null })
    expect(readDepositReturn(depositReturnState({ outcome: 'cancelled' }))).toEqual({ outcome: 'cancelled' })
    expect(depositReturnState(null)).toBeUndefined()
  })

  it('reads nothing from another page’s state, and shows no amount that is not one', () => {
    for (const state of [null, undefined, 'paid', { cancelledPurchase: 5 }, { depositReturn: 'paid' }, { depositReturn: { outcome: 'failed' } }]) {
      expect(readDepositReturn(state), JSON.stringify(state)).toBeNull()
    }
    for (const amount of ['<b>lots</b>', '-5.00', '0.00', 12, '1e9']) {
      expect(readDepositReturn({ depositReturn: { outcome: 'paid', amount } }), String(amount)).toEqual({ outcome: 'paid', amount: null })
    }
  })
})
