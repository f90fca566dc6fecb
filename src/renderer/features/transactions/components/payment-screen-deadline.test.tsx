// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import type { TransactionDetailDto } from '@shared/api/transactions'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { makeDeal } from '../test-fixtures'
import { useOpenActions } from '../hooks/use-open-actions'
import { PaymentScreen } from './payment-screen'
import { resetServerClock } from '@/lib/server-clock'

const BOB = { id: 5, username: 'bob', avatar: null, balance: '2000.00' }

/** the server answers the deal as it is: still pending until its sweep cancels it */
function stub(deal: TransactionDetailDto) {
  vi.stubGlobal('fetch', async (path: string) => Response.json(path === apiUrl(authEndpoints.getAuthMe) ? BOB : deal))
}

function renderPayment() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), BOB)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/payment/7']}>
        <Routes>
          <Route path="/payment/:id" element={<PaymentScreen id="7" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const ENDED = 'Reservation endedThe reservation has run out: the purchase is being cancelled.'

describe('/payment/{id} once the reservation has run out', () => {
  it('says the reservation ended, not "choose how to pay below", for a deal read after the deadline', async () => {
    stub(makeDeal({ actions: ['cancel'], reservedUntil: new Date(Date.now() - 1000).toISOString() }))
    renderPayment()
    await waitFor(() => expect(screen.getByTestId('payment-status').textContent).toContain(ENDED))
    expect(screen.queryByTestId('pay-button')).toBeNull()
  })

  it('drops the ways to pay at the deadline and says why', async () => {
    stub(makeDeal({ actions: ['pay', 'cancel'], reservedUntil: new Date(Date.now() + 1200).toISOString() }))
    renderPayment()
    expect(await screen.findByTestId('pay-button')).toBeTruthy()
    expect(screen.getByTestId('payment-status').textContent).toContain('Choose how to pay below.')
    await waitFor(() => expect(screen.queryByTestId('pay-button')).toBeNull(), { timeout: 4000 })
    expect(screen.getByTestId('payment-status').textContent).toContain(ENDED)
  })
})

describe('/payment/{id} once the reservation has run out, with a checkout open at the provider', () => {
  afterEach(() => localStorage.clear())

  it('tells the buyer where a payment still finished there goes', async () => {
    // this browser opened the deal's checkout (deal 7's order), and no return screen has settled it
    localStorage.setItem('trustap_order_id', 'trans_7')
    stub(makeDeal({ actions: ['pay', 'cancel'], reservedUntil: new Date(Date.now() + 1200).toISOString() }))
    renderPayment()
    expect(await screen.findByTestId('pay-button')).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('pay-button')).toBeNull(), { timeout: 4000 })
    expect(screen.getByTestId('payment-status').textContent).toContain(
      `${ENDED} If you still finish paying at the checkout you opened, the money goes to your balance.`,
    )
  })

  it('says nothing of it for another deal’s checkout', async () => {
    localStorage.setItem('trustap_order_id', 'trans_8')
    stub(makeDeal({ actions: ['cancel'], reservedUntil: new Date(Date.now() - 1000).toISOString() }))
    renderPayment()
    await waitFor(() => expect(screen.getByTestId('payment-status').textContent).toContain(ENDED))
    expect(screen.getByTestId('payment-status').textContent).not.toContain('checkout you opened')
  })
})

describe('useOpenActions', () => {
  it('closes Pay even when its timer fires a moment before the deadline by the clock', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const start = Date.UTC(2026, 10, 29, 12, 0, 0)
    vi.setSystemTime(start)
    const deal = {
      status: 'pending' as const,
      actions: ['pay' as const, 'cancel' as const],
      reservedUntil: new Date(start + 5000).toISOString(),
      countdownEndsAt: null,
    }
    const { result } = renderHook(() => useOpenActions(deal))
    expect(result.current).toEqual({ actions: ['pay', 'cancel'], lapsed: null })
    // the clock is set back by a second while the timer waits: it fires with the clock a second short of the deadline
    act(() => {
      vi.setSystemTime(start - 1000)
      vi.advanceTimersByTime(5000)
    })
    expect(Date.now()).toBe(start + 4000)
    expect(result.current).toEqual({ actions: ['cancel'], lapsed: 'reservation' })
  })
})

describe('/payment/{id} on a computer whose clock is off', () => {
  /** the server's clock, `skewMs` ahead of the browser's; its responses say so in their Date header */
  function stubSkewed(deal: TransactionDetailDto, skewMs: number) {
    vi.stubGlobal('fetch', async (path: string) =>
      Response.json(path === apiUrl(authEndpoints.getAuthMe) ? BOB : deal, { headers: { Date: new Date(Date.now() + skewMs).toUTCString() } }),
    )
  }

  afterEach(() => resetServerClock())

  it('ends the reservation by the server clock when the browser is ten minutes slow', async () => {
    const skew = 10 * 60_000
    // by the server's clock the reservation ended a minute ago; by the browser's it has nine minutes left
    stubSkewed(makeDeal({ actions: ['pay', 'cancel'], reservedUntil: new Date(Date.now() + skew - 60_000).toISOString() }), skew)
    renderPayment()
    await waitFor(() => expect(screen.getByTestId('payment-status').textContent).toContain(ENDED))
    expect(screen.queryByTestId('pay-button')).toBeNull()
  })

  it('keeps Pay open by the server clock when the browser is ten minutes fast', async () => {
    const skew = -10 * 60_000
    stubSkewed(makeDeal({ actions: ['pay', 'cancel'], reservedUntil: new Date(Date.now() + skew + 5 * 60_000).toISOString() }), skew)
    renderPayment()
    expect(await screen.findByTestId('pay-button')).toBeTruthy()
    expect(screen.getByTestId('payment-status').textContent).toContain('Choose how to pay below.')
  })
})
