// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { forgetCheckout, PAYMENT_STORAGE_KEYS, readStoredCheckout, rememberCheckout } from './payment-storage'

afterEach(() => localStorage.clear())

describe('payment storage (SPEC §3 keys)', () => {
  it('keeps the order as trustap_order_id and the listing as purchase_account_id', () => {
    rememberCheckout('trans_7', 11)
    expect(localStorage.getItem('trustap_order_id')).toBe('trans_7')
    expect(localStorage.getItem('purchase_account_id')).toBe('11')
    expect(readStoredCheckout()).toEqual({ orderId: 'trans_7', accountId: '11' })
  })

  it('a deposit clears an old purchase account, and a settled order is forgotten', () => {
    rememberCheckout('trans_7', 11)
    rememberCheckout('deposit_1001_1700000000')
    expect(readStoredCheckout()).toEqual({ orderId: 'deposit_1001_1700000000', accountId: null })
    forgetCheckout()
    expect(readStoredCheckout()).toEqual({ orderId: null, accountId: null })
    expect(PAYMENT_STORAGE_KEYS).toEqual({ orderId: 'trustap_order_id', accountId: 'purchase_account_id' })
  })
})
