import { describe, expect, it } from 'vitest'
import { readPopupMessage } from './payment-popup'

const origin = 'https://handover.example'

describe('payment popup messages', () => {
  it('takes our own origin’s trustap_payment_completed with an in-app path', () => {
    expect(readPopupMessage({ origin, data: { type: 'trustap_payment_completed', status: 'success', redirectTo: '/balance' } }, origin)).toEqual({
      type: 'trustap_payment_completed',
      status: 'success',
      redirectTo: '/balance',
    })
  })

  it('ignores other origins, other messages, and addresses off the site', () => {
    expect(
      readPopupMessage({ origin: 'https://evil.example', data: { type: 'trustap_payment_completed', redirectTo: '/balance' } }, origin),
    ).toBeNull()
    expect(readPopupMessage({ origin, data: { type: 'something_else' } }, origin)).toBeNull()
    expect(readPopupMessage({ origin, data: 'trustap_payment_completed' }, origin)).toBeNull()
    expect(readPopupMessage({ origin, data: { type: 'trustap_payment_completed', redirectTo: '//evil.example/x' } }, origin)?.redirectTo).toBeNull()
    expect(
      readPopupMessage({ origin, data: { type: 'trustap_payment_completed', redirectTo: 'https://evil.example' } }, origin)?.redirectTo,
    ).toBeNull()
  })
})
