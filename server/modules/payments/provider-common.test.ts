import { describe, expect, it } from 'vitest'
import { dollarsToCents } from '@shared/api/payments'
import type { PaymentOrder } from './payment.entities'
import { basicAuthMatches, decodeState, deliveryKey, encodeState, returnUrl } from './provider-common'
import { toProviderStatus } from './trustap/trustap.provider'

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
const order = (over: Partial<PaymentOrder> = {}) =>
  ({ orderId: 'deposit_7_1700000000', kind: 'deposit', transactionId: null, providerRef: 'sbx_1', ...over }) as PaymentOrder

describe('webhook credentials', () => {
  it('accepts exactly the agreed user and password', () => {
    expect(basicAuthMatches(basic('hooks', 'secret:with:colons'), 'hooks', 'secret:with:colons')).toBe(true)
    expect(basicAuthMatches(basic('hooks', 'secret'), 'hooks', 'secret2')).toBe(false)
    expect(basicAuthMatches(basic('hook', 'secret'), 'hooks', 'secret')).toBe(false)
    expect(basicAuthMatches(undefined, 'hooks', 'secret')).toBe(false)
    expect(basicAuthMatches('Bearer abc', 'hooks', 'secret')).toBe(false)
    expect(basicAuthMatches(`Basic ${Buffer.from('no-colon').toString('base64')}`, 'hooks', 'secret')).toBe(false)
  })

  it('names a delivery by its content, whatever the order of its fields', () => {
    expect(deliveryKey('trustap', { a: 1, b: { c: 2, d: 3 } })).toBe(deliveryKey('trustap', { b: { d: 3, c: 2 }, a: 1 }))
    expect(deliveryKey('trustap', { a: 1 })).not.toBe(deliveryKey('sandbox', { a: 1 }))
    expect(deliveryKey('trustap', { a: 1 })).not.toBe(deliveryKey('trustap', { a: 2 }))
  })
})

describe('the return trip', () => {
  it('round-trips the order through state, and reads plain JSON too', () => {
    expect(decodeState(encodeState(order()))).toBe('deposit_7_1700000000')
    expect(decodeState('{"orderId":"trans_5"}')).toBe('trans_5')
    expect(decodeState('bm90IGpzb24=')).toBeNull()
    expect(decodeState(undefined)).toBeNull()
  })

  it('sends the SPEC §3 parameters back to /payment/trustap/return', () => {
    const url = new URL(returnUrl('https://handover.example', order({ orderId: 'trans_12', kind: 'purchase', transactionId: 12 }), 'paid'))
    expect(url.pathname).toBe('/payment/trustap/return')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      order_id: 'trans_12',
      type: 'transaction',
      payment_type: 'transaction',
      transaction_id: '12',
      tx_id: 'sbx_1',
      status: 'paid',
      code: 'paid',
      trustap_status: 'ok',
    })
    const cancelled = new URL(returnUrl('https://handover.example', order(), 'cancelled'))
    expect(Object.fromEntries(cancelled.searchParams)).toMatchObject({ type: 'deposit', transaction_id: 'sbx_1', status: 'cancelled' })
  })

  it('sends a desktop checkout back to the app link with exactly the web parameters', () => {
    for (const outcome of [undefined, 'paid', 'failed', 'cancelled'] as const) {
      const web = new URL(returnUrl('https://handover.example', order({ returnTo: 'web' }), outcome))
      const desktop = returnUrl('https://handover.example', order({ returnTo: 'desktop' }), outcome)
      expect(desktop.startsWith('handover://payment/return?')).toBe(true)
      expect(new URL(desktop).search).toBe(web.search)
    }
  })
})

describe('Trustap states', () => {
  const tx = (status: string) => ({ status, deposit_pricing: { price: 1000, charge: 85 } })
  it('counts the money as paid from deposit_paid on, with the charge included', () => {
    expect(toProviderStatus(tx('deposit_paid'))).toEqual({ status: 'paid', collectedCents: 1085, complained: false })
    // a complaint keeps the money at Trustap, paid, and says so
    expect(toProviderStatus(tx('complained'))).toEqual({ status: 'paid', collectedCents: 1085, complained: true })
    expect(toProviderStatus(tx('complaint_period_ended')).complained).toBe(false)
    expect(toProviderStatus(tx('funds_released')).status).toBe('paid')
    expect(toProviderStatus(tx('joined')).status).toBe('pending')
    expect(toProviderStatus(tx('cancelled_with_deposit')).status).toBe('cancelled')
  })
})

describe('dollars at the API edge', () => {
  it.each([
    [12, 1200],
    [12.5, 1250],
    [19.99, 1999],
    ['0.07', 7],
    ['10.50', 1050],
  ])('%s → %i cents without float arithmetic', (input, expected) => {
    expect(dollarsToCents(input)).toBe(expected)
  })

  it.each([12.345, 0.1 + 0.2, 1e21, Number.NaN, Infinity, 'ten', '1,000'])('refuses %s', (input) => {
    expect(dollarsToCents(input)).toBeNull()
  })
})
