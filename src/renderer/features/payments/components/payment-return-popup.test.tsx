// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { FakeSocket } from '@/app/providers/fake-socket'
import { RealtimeProvider } from '@/app/providers/realtime-provider'
import { PaymentReturnScreen } from './payment-return-screen'
import { BOB, renderAt, stubServer } from '../test-harness'

/**
 * The payment return screen opened as a popup (SPEC §4: it "posts a trustap_payment_completed message (status,
 * paymentType, details, redirectTo) to the opener and closes after 1.5 s"), for the ends that once left it open.
 */

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
  Reflect.deleteProperty(window, 'opener')
})

/** Pretends this window was opened as a popup by another window of the app. */
function openAsPopup() {
  const postMessage = vi.fn()
  Object.defineProperty(window, 'opener', { value: { closed: false, postMessage }, configurable: true, writable: true })
  const close = vi.spyOn(window, 'close').mockImplementation(() => {})
  return { postMessage, close }
}

describe('payment return opened as a popup', () => {
  // "An error param gives 'Payment failed: {error}'" and no redirect: the screen stays, so a popup used to stay open
  // on it for good, its opener never told
  it('with only an error param, tells the opener to show the failure page and closes after 1.5 s', async () => {
    const { postMessage, close } = openAsPopup()
    const sent = stubServer(() => Response.json({}))
    renderAt('/payment/trustap/return?order_id=deposit_1001_1700000000&error=card_declined')
    expect(await screen.findByText('Payment failed: card_declined')).toBeTruthy()
    await waitFor(() => expect(postMessage).toHaveBeenCalledTimes(1), { timeout: 2500 })
    expect(postMessage).toHaveBeenCalledWith(
      {
        type: 'trustap_payment_completed',
        status: 'failed',
        paymentType: 'deposit',
        details: null,
        redirectTo: '/payment-failed?reason=failed&error=card_declined',
      },
      window.location.origin,
    )
    await waitFor(() => expect(close).toHaveBeenCalled(), { timeout: 2500 })
    expect(sent).toEqual([])
  })

  // the one end that needs the person in the popup: the manual completion button
  it('stays open, telling the opener nothing, where it offers manual completion', async () => {
    const { postMessage, close } = openAsPopup()
    stubServer(() => Response.json({}))
    renderAt('/payment/trustap/return')
    expect(await screen.findByRole('button', { name: 'Complete Payment Manually' })).toBeTruthy()
    await new Promise((done) => setTimeout(done, 1_800))
    expect(postMessage).not.toHaveBeenCalled()
    expect(close).not.toHaveBeenCalled()
  })

  // Verifying a purchase makes the server send payment_completed (redirect_to_chat) to every tab of the buyer, the
  // popup's own too: it took the popup to the chat at once, which unmounted the return screen and its close timer
  it('is not hijacked by its own payment_completed live event: it still closes after 1.5 s', async () => {
    vi.stubGlobal('WebSocket', FakeSocket)
    FakeSocket.last = null
    const { postMessage, close } = openAsPopup()
    stubServer((path) => {
      if (path === apiUrl(paymentsEndpoints.postTrustapVerifyPayment)) {
        return Response.json({
          success: true,
          details: { type: 'transaction', amount: 120, transaction_id: 5, order_id: 'trans_5', conversationId: 7, sellerId: 2002 },
        })
      }
      if (path === apiUrl(authEndpoints.getAuthAdminMe)) return Response.json({ user: { isAdmin: false } })
      return Response.json({})
    })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    client.setQueryData(authKeys.me(), BOB)
    function Location() {
      const { pathname } = useLocation()
      return <output data-testid="location">{pathname}</output>
    }
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/payment/trustap/return?order_id=trans_5&type=transaction&transaction_id=5&status=success']}>
          <RealtimeProvider>
            <Routes>
              <Route path="/payment/trustap/return" element={<PaymentReturnScreen />} />
              <Route path="*" element={<p>elsewhere</p>} />
            </Routes>
            <Location />
          </RealtimeProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    )
    // the popup's own live connection comes up and authenticates
    await waitFor(() => expect(FakeSocket.last).not.toBeNull(), { timeout: 2000 })
    act(() => {
      FakeSocket.last!.onopen?.()
      FakeSocket.last!.receive({ type: 'authenticated' } as never)
    })
    // the verification answers, the popup tells its opener
    await waitFor(
      () =>
        expect(postMessage).toHaveBeenCalledWith(
          expect.objectContaining({ type: 'trustap_payment_completed', status: 'success' }),
          window.location.origin,
        ),
      { timeout: 2000 },
    )
    // the server's payment_completed for the credited purchase reaches the popup too
    act(() => FakeSocket.last!.receive({ type: 'payment_completed', redirect_to_chat: true, conversationId: 7, transactionId: 5 }))
    await waitFor(() => expect(close).toHaveBeenCalled(), { timeout: 2500 })
  })
})
