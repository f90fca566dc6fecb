// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { apiUrl } from '@/lib/api'
import { renderAt, stubServer } from '../test-harness'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('PaymentReturnScreen', () => {
  it('verifies a returned deposit with the server, says so, forgets the stored order and goes to /balance', async () => {
    localStorage.setItem('trustap_order_id', 'deposit_1001_1700000000')
    const sent = stubServer(() => Response.json({ success: true, details: { type: 'deposit', amount: 25, order_id: 'deposit_1001_1700000000' } }))
    const { location } = renderAt('/payment/trustap/return?order_id=deposit_1001_1700000000&type=deposit&status=success')
    expect(screen.getByTestId('payment-return').getAttribute('data-state')).toBe('processing')
    expect(await screen.findByText('Your deposit of $25.00 is in your balance.')).toBeTruthy()
    expect(sent).toEqual([
      { path: apiUrl(paymentsEndpoints.postTrustapVerifyPayment), body: { order_id: 'deposit_1001_1700000000', type: 'deposit' } },
    ])
    expect(localStorage.getItem('trustap_order_id')).toBeNull()
    expect(screen.getByRole('button', { name: /Continue/ })).toBeTruthy()
    await waitFor(() => expect(location()).toBe('/balance'), { timeout: 3000 })
  })

  it('shows a cancelled payment without asking the server', async () => {
    const sent = stubServer(() => Response.json({}))
    renderAt('/payment/trustap/return?order_id=trans_5&status=cancelled')
    expect(await screen.findByText('Payment was cancelled. No charges have been made.')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Payment cancelled' })).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('goes home after a cancelled purchase telling the home page its deal, whose reservation may still hold', async () => {
    stubServer(() => Response.json({}))
    const { location, historyState } = renderAt('/payment/trustap/return?order_id=trans_5&type=transaction&status=cancelled&trustap_status=cancelled')
    expect(await screen.findByText('Payment was cancelled. No charges have been made.')).toBeTruthy()
    await waitFor(() => expect(location()).toBe('/'), { timeout: 3000 })
    expect(historyState()).toEqual({ cancelledPurchase: 5 })
    cleanup()

    // Return to Home, pressed before the 2 s are up, tells it the same
    const early = renderAt('/payment/trustap/return?order_id=trans_5&status=cancelled')
    await early.user.click(await screen.findByRole('button', { name: /Return to Home/ }))
    expect(early.location()).toBe('/')
    expect(early.historyState()).toEqual({ cancelledPurchase: 5 })
  })

  it('with nothing to verify offers manual completion, which builds a deposit order id for the user', async () => {
    const sent = stubServer(() =>
      Response.json({ error: { code: 'not_found', message: 'Payment order not found' }, message: 'Payment order not found' }, { status: 404 }),
    )
    const { user } = renderAt('/payment/trustap/return')
    expect(await screen.findByText('Payment verification required. Please use manual processing if payment was completed.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: /Complete Payment Manually/ }))
    expect(await screen.findByText('Error completing payment manually')).toBeTruthy()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.path).toBe(apiUrl(paymentsEndpoints.postTrustapCompletePayment))
    expect(sent[0]!.body).toMatchObject({ order_id: expect.stringMatching(/^deposit_1001_\d{10}$/), confirm_payment: true })
    expect(screen.getByRole('button', { name: /Return to Home/ })).toBeTruthy()
  })

  it('shows "Failed to verify payment" when the server cannot be asked', async () => {
    stubServer(() => Response.json({ message: 'Payment order not found' }, { status: 404 }))
    renderAt('/payment/trustap/return?order_id=trans_5&status=paid')
    expect(await screen.findByText('Failed to verify payment')).toBeTruthy()
  })
})
