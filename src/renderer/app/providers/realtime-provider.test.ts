// @vitest-environment jsdom
import { createElement as h, useEffect } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { BrowserRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { apiUrl } from '@/lib/api'
import { focusesComposer } from '@/lib/chat-arrival'
import { authKeys } from '@/lib/query-keys'
import { BOB, stubServer } from '@/features/payments/test-harness'
import { RealtimeProvider } from './realtime-provider'
import { FakeSocket } from './fake-socket'

/**
 * The live provider's `payment_completed` redirect (SPEC §4). Buy Now from the balance: the server publishes the
 * step's events before it answers the request, so the event reaches the page while it still shows the listing; then
 * the purchase dialog goes to the chat itself on the answer. The redirect does nothing when the page is already there.
 */

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** A tab that came to a listing from the home page, live and signed in as bob; answers the router's navigate. */
async function liveTabOnListing() {
  vi.stubGlobal('WebSocket', FakeSocket)
  FakeSocket.last = null
  stubServer((path) => (path === apiUrl(authEndpoints.getAuthAdminMe) ? Response.json({ user: { isAdmin: false } }) : Response.json({})))
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), BOB)
  window.history.replaceState(null, '', '/')
  window.history.pushState(null, '', '/listing/3')
  const router: { navigate: NavigateFunction | null } = { navigate: null }
  function Probe() {
    const nav = useNavigate()
    const { pathname, state } = useLocation()
    useEffect(() => {
      router.navigate = nav
    }, [nav])
    return h('output', { 'data-testid': 'location', 'data-focus-composer': focusesComposer(state) }, pathname)
  }
  render(
    h(
      QueryClientProvider,
      { client },
      h(BrowserRouter, null, h(RealtimeProvider, null, h(Routes, null, h(Route, { path: '*', element: h('p', null, 'page') })), h(Probe))),
    ),
  )
  await waitFor(() => expect(FakeSocket.last).not.toBeNull(), { timeout: 2000 })
  act(() => {
    FakeSocket.last!.onopen?.()
    FakeSocket.last!.receive({ type: 'authenticated', userId: BOB.id })
  })
  return { navigate: (to: string | number) => act(() => void (typeof to === 'number' ? router.navigate!(to) : router.navigate!(to))) }
}

const location = () => screen.getByTestId('location').textContent
const paid = () => act(() => FakeSocket.last!.receive({ type: 'payment_completed', redirect_to_chat: true, conversationId: 7, transactionId: 5 }))

describe('the payment_completed redirect', () => {
  it('takes a tab to the deal’s chat after a second, where the message box gets the focus', async () => {
    await liveTabOnListing()
    paid()
    expect(location()).toBe('/listing/3')
    await waitFor(() => expect(location()).toBe('/chat/7'), { timeout: 3000 })
    expect(screen.getByTestId('location').dataset.focusComposer).toBe('true')
  })

  it('does not push the chat a second time when the purchase flow got there during that second', async () => {
    const tab = await liveTabOnListing()
    // the live event first (published before the HTTP answer), while the listing page is showing
    paid()
    // then the answer: the purchase dialog goes to the deal's chat itself (purchase-dialog.tsx, afterPaymentPath)
    tab.navigate('/chat/7')
    expect(location()).toBe('/chat/7')
    // the provider's delayed redirect comes due
    await new Promise((done) => setTimeout(done, 1_300))
    // Back from the chat leads to the listing, not to the same chat again
    tab.navigate(-1)
    await waitFor(() => expect(location()).toBe('/listing/3'))
  })

  it('leaves a buyer who went on from the chat to the deal during that second where they are', async () => {
    const tab = await liveTabOnListing()
    paid()
    // the purchase flow's own move to the chat, then the buyer follows the chat's link to the deal at once
    tab.navigate('/chat/7')
    tab.navigate('/transaction/5')
    await new Promise((done) => setTimeout(done, 1_300))
    expect(location()).toBe('/transaction/5')
  })
})
