import { describe, expect, it } from 'vitest'
import { PAYMENT_MESSAGES } from '@shared/api/payments'
import { REDIRECT_DELAYS } from '@shared/constants'
import {
  knownOrderId,
  looksPaid,
  manualOrderId,
  noUserOutcome,
  outcomeOfManual,
  outcomeOfManualError,
  outcomeOfVerification,
  outcomeOfVerifyError,
  planReturn,
  popupMessage,
  RETURN_TEXTS,
  successTarget,
  type ReturnPlan,
  type StoredIds,
} from './return-flow'
import { decodeState, inferOrderType, readReturnParams } from './return-params'

const NOTHING_STORED: StoredIds = { orderId: null, accountId: null }
const plan = (search: string, stored: StoredIds = NOTHING_STORED) => planReturn(readReturnParams(new URLSearchParams(search)), stored)
const b64 = (value: unknown) => btoa(JSON.stringify(value))

function decided(result: ReturnPlan) {
  if (result.kind !== 'decided') throw new Error(`expected a decision, got ${result.kind}`)
  return result.outcome
}
function verifying(result: ReturnPlan) {
  if (result.kind !== 'verify') throw new Error(`expected a verification, got ${result.kind}`)
  return result
}

describe('reading the return URL (SPEC §3)', () => {
  it('takes transaction_id or tx_id, status or code, and notices when nothing is there', () => {
    expect(readReturnParams(new URLSearchParams('tx_id=abc&code=PAID'))).toMatchObject({
      transactionId: 'abc',
      status: 'paid',
      code: 'paid',
      hasAny: true,
    })
    expect(readReturnParams(new URLSearchParams('transaction_id=7&tx_id=abc&status=success'))).toMatchObject({
      transactionId: '7',
      status: 'success',
    })
    expect(readReturnParams(new URLSearchParams('_trustap_return=1')).hasAny).toBe(false)
    expect(readReturnParams(new URLSearchParams('status=')).hasAny).toBe(false)
  })

  it('decodes a state given as base64 JSON, plain JSON, or neither', () => {
    expect(decodeState(b64({ orderId: 'trans_5', type: 'transaction' }))).toEqual({ orderId: 'trans_5', type: 'transaction' })
    expect(decodeState(JSON.stringify({ orderId: 'deposit_1001_1700000000' }))).toEqual({ orderId: 'deposit_1001_1700000000', type: null })
    expect(decodeState('not-a-state')).toBeNull()
    expect(decodeState(null)).toBeNull()
  })

  it('infers the order type from the id prefix first, then type, payment_type and the state', () => {
    const none = { type: null, paymentType: null, state: null }
    expect(inferOrderType({ ...none, orderId: 'deposit_1_2' })).toBe('deposit')
    expect(inferOrderType({ ...none, orderId: 'trans_9', type: 'deposit' })).toBe('transaction')
    expect(inferOrderType({ ...none, orderId: null, type: 'deposit' })).toBe('deposit')
    expect(inferOrderType({ ...none, orderId: null, paymentType: 'deposit' })).toBe('deposit')
    expect(inferOrderType({ ...none, orderId: null, paymentType: 'transaction' })).toBe('transaction')
    expect(inferOrderType({ ...none, orderId: null, state: b64({ type: 'deposit' }) })).toBe('deposit')
    expect(inferOrderType({ ...none, orderId: 'xyz' })).toBeNull()
  })
})

describe('success conditions (SPEC §4)', () => {
  it('trustap_status=ok with code=paid, or status success, completed or paid', () => {
    for (const search of ['trustap_status=ok&code=paid', 'status=success', 'status=completed', 'status=paid', 'code=paid']) {
      expect(looksPaid(readReturnParams(new URLSearchParams(search))), search).toBe(true)
    }
    for (const search of ['trustap_status=ok', 'status=pending', 'trustap_status=ok&code=pending', '']) {
      expect(looksPaid(readReturnParams(new URLSearchParams(search))), search).toBe(false)
    }
  })
})

describe('cancelled', () => {
  it('status cancelled or canceled, or an error mentioning it: the cancelled message, home after 2 s', () => {
    for (const search of [
      'status=cancelled',
      'status=CANCELED',
      'code=cancelled',
      'error=User%20canceled%20the%20payment',
      'error=Payment%20Cancelled&status=failed',
    ]) {
      const outcome = decided(plan(`${search}&order_id=trans_4`))
      expect(outcome.message, search).toBe('Payment was cancelled. No charges have been made.')
      expect(outcome.toast).toMatchObject({ title: 'Payment Cancelled' })
      expect(outcome.redirect).toEqual({ to: '/', delayMs: REDIRECT_DELAYS.long })
      expect(outcome.status).toBe('cancelled')
      expect(outcome.paymentType).toBe('transaction')
    }
  })
})

describe('a cancelled purchase', () => {
  it('names its deal for the home page, with the cancelled words, toast and 2 s home kept as SPEC §4 has them', () => {
    for (const search of [
      'order_id=trans_42&status=cancelled',
      `state=${b64({ orderId: 'trans_42' })}&code=canceled`,
      'order_id=trans_42&error=User%20cancelled',
    ]) {
      const outcome = decided(plan(search))
      expect(outcome.cancelledPurchase, search).toBe(42)
      expect(outcome.message).toBe('Payment was cancelled. No charges have been made.')
      expect(outcome.toast).toEqual({
        variant: 'warning',
        title: 'Payment Cancelled',
        description: 'Payment was cancelled. No charges have been made.',
      })
      expect(outcome.redirect).toEqual({ to: '/', delayMs: REDIRECT_DELAYS.long })
      expect(popupMessage(outcome)).toMatchObject({ status: 'cancelled', redirectTo: '/' })
    }
    // the server finding the order cancelled says the same
    expect(outcomeOfVerification(verifying(plan('order_id=trans_42')), { success: false, error: PAYMENT_MESSAGES.cancelled })).toMatchObject({
      cancelledPurchase: 42,
      redirect: { to: '/' },
    })
  })

  it('names none for a deposit or an order that is no purchase of ours', () => {
    for (const search of [
      'order_id=deposit_1001_1700000000&status=cancelled',
      'status=cancelled',
      'order_id=trans_abc&status=cancelled',
      'type=transaction&status=cancelled',
    ]) {
      expect(decided(plan(search)).cancelledPurchase, search).toBeNull()
    }
  })
})

describe('a deposit back from the provider', () => {
  const DEPOSIT = 'order_id=deposit_1001_1700000000&type=deposit&payment_type=deposit&transaction_id=sbx_1&tx_id=sbx_1'
  const CREDITED = { success: true, details: { type: 'deposit', amount: 25, order_id: 'deposit_1001_1700000000', transaction_id: 'sbx_1' } } as const

  it('paid, as the provider says it (trustap_status=ok, code=paid), goes to /balance, not /payment-success, telling it the amount', () => {
    const outcome = outcomeOfVerification(verifying(plan(`${DEPOSIT}&status=paid&code=paid&trustap_status=ok`)), CREDITED)
    expect(outcome).toMatchObject({
      state: 'success',
      message: 'Your deposit of $25.00 is in your balance.',
      redirect: { to: '/balance', delayMs: REDIRECT_DELAYS.medium },
      continueTo: '/balance',
      depositReturn: { outcome: 'paid', amount: '25.00' },
    })
    expect(popupMessage(outcome).redirectTo).toBe('/balance')
    // verified without the provider's word, or completed by hand, it goes the same way
    expect(outcomeOfVerification(verifying(plan(`${DEPOSIT}&status=success`)), CREDITED).depositReturn).toEqual({ outcome: 'paid', amount: '25.00' })
    expect(outcomeOfManual({ success: true, details: { type: 'deposit', amount: 10.5 } }, 'deposit_1001_1700000000')).toMatchObject({
      redirect: { to: '/balance' },
      depositReturn: { outcome: 'paid', amount: '10.50' },
    })
  })

  it('paid without an amount in the answer still goes to /balance, naming none', () => {
    const outcome = outcomeOfVerification(verifying(plan(`${DEPOSIT}&status=paid&code=paid&trustap_status=ok`)), {
      success: true,
      details: { type: 'deposit' },
    })
    expect(outcome.redirect?.to).toBe('/balance')
    expect(outcome.depositReturn).toEqual({ outcome: 'paid', amount: null })
  })

  it('cancelled goes back to /balance after 2 s with the cancelled words and toast, not home', () => {
    for (const search of [
      `${DEPOSIT}&status=cancelled&code=cancelled&trustap_status=cancelled`,
      `state=${encodeURIComponent(b64({ orderId: 'deposit_1001_1700000000', type: 'deposit' }))}&code=canceled`,
      'type=deposit&error=User%20cancelled',
    ]) {
      const outcome = decided(plan(search))
      expect(outcome, search).toMatchObject({
        state: 'error',
        status: 'cancelled',
        message: 'Payment was cancelled. No charges have been made.',
        toast: { variant: 'warning', title: 'Payment Cancelled', description: 'Payment was cancelled. No charges have been made.' },
        redirect: { to: '/balance', delayMs: REDIRECT_DELAYS.long },
        continueTo: null,
        cancelledPurchase: null,
        depositReturn: { outcome: 'cancelled' },
      })
      expect(popupMessage(outcome)).toMatchObject({ status: 'cancelled', redirectTo: '/balance' })
    }
    // the server finding it cancelled at the provider (Trustap returns without a status) says the same
    expect(outcomeOfVerification(verifying(plan(DEPOSIT)), { success: false, error: PAYMENT_MESSAGES.cancelled })).toMatchObject({
      redirect: { to: '/balance', delayMs: REDIRECT_DELAYS.long },
      depositReturn: { outcome: 'cancelled' },
    })
  })

  it('leaves purchases as they were: paid to /payment-success or the chat, cancelled home, and nothing for the balance page', () => {
    const paid = outcomeOfVerification(verifying(plan('order_id=trans_5&transaction_id=5&trustap_status=ok&code=paid&status=paid')), {
      success: true,
      details: { type: 'transaction', transaction_id: 5, order_id: 'trans_5', conversationId: 4 },
    })
    expect(paid.redirect?.to).toBe('/payment-success?type=transaction&tx_id=5&order_id=trans_5')
    expect(paid.depositReturn).toBeNull()
    const verified = outcomeOfVerification(verifying(plan('order_id=trans_5&status=success')), {
      success: true,
      details: { type: 'transaction', conversationId: 4 },
    })
    expect(verified.redirect?.to).toBe('/messages?conversation=4')
    for (const search of ['order_id=trans_5&status=cancelled', 'status=cancelled']) {
      expect(decided(plan(search)), search).toMatchObject({ redirect: { to: '/' }, depositReturn: null })
    }
  })
})

describe('failed', () => {
  it('an error parameter reads "Payment failed: {error}" (toast Payment Failed)', () => {
    const outcome = decided(plan('error=Card%20declined&order_id=deposit_1001_1700000000'))
    expect(outcome.message).toBe('Payment failed: Card declined')
    expect(outcome.toast).toEqual({ variant: 'destructive', title: 'Payment Failed', description: 'Payment failed: Card declined' })
    expect(outcome.state).toBe('error')
    // no failed status: stays here with Return to Home
    expect(outcome.redirect).toBeNull()
  })

  it('a failed status or a non-ok provider status goes to /payment-failed with reason, error and tx_id after 1.5 s', () => {
    const withError = decided(plan('status=failed&error=The%20payment%20was%20declined&tx_id=sb_1&trustap_status=error'))
    expect(withError.redirect).toEqual({
      to: '/payment-failed?reason=failed&error=The+payment+was+declined&tx_id=sb_1',
      delayMs: REDIRECT_DELAYS.medium,
    })
    expect(withError.message).toBe('Payment failed: The payment was declined')

    const providerOnly = decided(plan('trustap_status=error&transaction_id=12'))
    expect(providerOnly.redirect).toEqual({ to: '/payment-failed?reason=error&tx_id=12', delayMs: REDIRECT_DELAYS.medium })
    expect(providerOnly.message).toBe('Payment was not completed. Please try again.')
    expect(providerOnly.toast?.title).toBe('Payment Not Completed')
  })
})

describe('what gets verified', () => {
  it('sends every id the URL has, with the inferred type, the state and the stored account', () => {
    const state = b64({ orderId: 'trans_5' })
    const result = verifying(
      plan(`order_id=trans_5&transaction_id=5&type=transaction&state=${encodeURIComponent(state)}&status=paid&code=paid&trustap_status=ok`, {
        orderId: 'trans_5',
        accountId: '77',
      }),
    )
    expect(result.request).toEqual({ transaction_id: '5', order_id: 'trans_5', type: 'transaction', state, account_id: '77' })
    expect(result.providerPaid).toBe(true)
  })

  it('finds the order in the state when order_id is missing', () => {
    const result = verifying(plan(`state=${encodeURIComponent(b64({ orderId: 'deposit_1001_1700000000' }))}&status=success`))
    expect(result.request.order_id).toBe('deposit_1001_1700000000')
    expect(result.orderType).toBe('deposit')
    expect(result.providerPaid).toBe(false)
  })

  it('with no parameters verifies a stored order as a deposit', () => {
    const result = verifying(plan('', { orderId: 'deposit_1001_1700000000', accountId: null }))
    expect(result.request).toEqual({ order_id: 'deposit_1001_1700000000', type: 'deposit', account_id: undefined })
  })

  it('with no parameters and nothing stored asks for manual processing', () => {
    const outcome = decided(plan('_trustap_return=1'))
    expect(outcome.message).toBe('Payment verification required. Please use manual processing if payment was completed.')
    expect(outcome.manual).toBe(true)
    expect(outcome.redirect).toBeNull()
  })

  it('a deposit with no ids goes to /balance after 1.5 s', () => {
    expect(plan('type=deposit&status=success')).toEqual({
      kind: 'redirect',
      message: RETURN_TEXTS.depositProcessing,
      to: '/balance',
      delayMs: REDIRECT_DELAYS.medium,
    })
    expect(plan('payment_type=deposit')).toMatchObject({ kind: 'redirect', to: '/balance' })
  })

  it('a purchase with no ids falls back to the stored order, else manual processing', () => {
    expect(verifying(plan('type=transaction&status=paid', { orderId: 'trans_8', accountId: '3' })).request).toMatchObject({
      order_id: 'trans_8',
      type: 'transaction',
      account_id: '3',
    })
    expect(decided(plan('type=transaction&status=paid')).manual).toBe(true)
  })
})

describe('after verification', () => {
  const verify = (search: string) => verifying(plan(search))

  it('a deposit goes to /balance and says how much arrived', () => {
    const outcome = outcomeOfVerification(verify('order_id=deposit_1001_1700000000&status=success'), {
      success: true,
      details: { amount: 25, order_id: 'deposit_1001_1700000000', type: 'deposit', transaction_id: 'sb_9' },
    })
    expect(outcome).toMatchObject({
      state: 'success',
      status: 'success',
      message: 'Your deposit of $25.00 is in your balance.',
      redirect: { to: '/balance', delayMs: REDIRECT_DELAYS.medium },
      continueTo: '/balance',
    })
    expect(outcome.toast?.title).toBe('Payment Successful')
  })

  it('a purchase prefers the conversation, then the seller, then the deal, then the list', () => {
    expect(successTarget('transaction', { conversationId: 4, sellerId: 2, transaction_id: 9 }, null)).toBe('/messages?conversation=4')
    expect(successTarget('transaction', { sellerId: 2, transaction_id: 9 }, null)).toBe('/messages?user=2')
    expect(successTarget('transaction', { transaction_id: 9 }, null)).toBe('/transaction/9')
    expect(successTarget('transaction', {}, '12')).toBe('/transaction/12')
    expect(successTarget('transaction', {}, 'sb_provider_ref')).toBe('/transactions')
    expect(successTarget(null, null, null)).toBe('/transactions')
    expect(successTarget('deposit', { conversationId: 4 }, null)).toBe('/balance')
  })

  it('when the provider said trustap_status=ok and code=paid, the outcome page comes first', () => {
    const outcome = outcomeOfVerification(verify('order_id=trans_5&transaction_id=5&trustap_status=ok&code=paid&status=paid'), {
      success: true,
      details: { type: 'transaction', transaction_id: 5, order_id: 'trans_5', conversationId: 4, amount: 105 },
    })
    expect(outcome.redirect?.to).toBe('/payment-success?type=transaction&tx_id=5&order_id=trans_5')
    expect(outcome.message).toBe('Payment received: your purchase is now protected by escrow.')
  })

  it('a purchase payment that arrived after its deal ended says it is in the balance, and goes there, not to the escrow page', () => {
    const outcome = outcomeOfVerification(verify('order_id=trans_5&transaction_id=5&trustap_status=ok&code=paid&status=paid'), {
      success: true,
      details: { type: 'transaction', transaction_id: 5, order_id: 'trans_5', conversationId: 4, amount: 105, to_balance: true },
    })
    expect(outcome.message).toBe('The purchase had ended before your payment arrived, so $105.00 was added to your balance instead.')
    expect(outcome.redirect?.to).toBe('/balance')
    expect(outcome.continueTo).toBe('/balance')
  })

  it('a refusal shows the server error (Verification Failed) or "Payment verification failed", and offers manual completion', () => {
    const p = verify('order_id=trans_5&status=paid')
    expect(outcomeOfVerification(p, { success: false, error: PAYMENT_MESSAGES.pending })).toMatchObject({
      state: 'error',
      message: PAYMENT_MESSAGES.pending,
      manual: true,
      toast: { title: 'Verification Failed', description: PAYMENT_MESSAGES.pending },
      redirect: null,
    })
    expect(outcomeOfVerification(p, { success: false }).message).toBe('Payment verification failed')
    expect(outcomeOfVerification(p, { success: false, error: PAYMENT_MESSAGES.notPaid }).toast?.title).toBe('Payment Not Completed')
  })

  it('a refusal because the payment was cancelled is the cancelled outcome', () => {
    expect(outcomeOfVerification(verify('order_id=trans_5'), { success: false, error: PAYMENT_MESSAGES.cancelled })).toMatchObject({
      status: 'cancelled',
      redirect: { to: '/' },
    })
  })

  it('no answer at all: "Failed to verify payment" (Verification Error)', () => {
    expect(outcomeOfVerifyError('Payment order not found', 'deposit')).toMatchObject({
      message: 'Failed to verify payment',
      toast: { title: 'Verification Error', description: 'Payment order not found' },
      manual: true,
    })
    expect(outcomeOfVerifyError(null, null).toast?.description).toBe('Failed to verify payment')
  })
})

describe('manual completion', () => {
  it('completes the known order, else builds deposit_{userId}_{unix seconds}, else cannot', () => {
    expect(manualOrderId('trans_5', 1001, 1_700_000_000_500)).toBe('trans_5')
    expect(manualOrderId(null, 1001, 1_700_000_000_500)).toBe('deposit_1001_1700000000')
    expect(manualOrderId(null, null, 1_700_000_000_500)).toBeNull()
    expect(noUserOutcome().message).toBe('Unable to identify user for payment completion')
  })

  it('knows the order from the URL, the state or storage', () => {
    const params = readReturnParams(new URLSearchParams(`state=${encodeURIComponent(b64({ orderId: 'trans_2' }))}`))
    expect(knownOrderId(params, NOTHING_STORED)).toBe('trans_2')
    expect(knownOrderId(readReturnParams(new URLSearchParams('')), { orderId: 'deposit_1_2', accountId: null })).toBe('deposit_1_2')
  })

  it('success goes on like a verified payment; failures use the manual titles', () => {
    expect(outcomeOfManual({ success: true, details: { type: 'deposit', amount: 10 } }, 'deposit_1001_1700000000')).toMatchObject({
      state: 'success',
      redirect: { to: '/balance' },
    })
    expect(outcomeOfManual({ success: false, error: 'Payment order not found' }, 'deposit_1001_1700000000')).toMatchObject({
      state: 'error',
      message: 'Payment order not found',
      toast: { title: 'Manual payment completion failed' },
    })
    expect(outcomeOfManualError(null)).toMatchObject({
      message: 'Error completing payment manually',
      toast: { title: 'Error completing payment manually' },
    })
  })
})

describe('popup', () => {
  it('posts trustap_payment_completed with status, paymentType, details and redirectTo', () => {
    const outcome = outcomeOfVerification(verifying(plan('order_id=deposit_1_2&status=paid')), {
      success: true,
      details: { type: 'deposit', amount: 5 },
    })
    expect(popupMessage(outcome)).toEqual({
      type: 'trustap_payment_completed',
      status: 'success',
      paymentType: 'deposit',
      details: { type: 'deposit', amount: 5 },
      redirectTo: '/balance',
    })
    expect(popupMessage(decided(plan('status=cancelled')))).toMatchObject({ status: 'cancelled', redirectTo: '/' })
  })
})
