// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { transactionEndpoints } from '@shared/api/endpoints/transactions'
import type { TransactionDetailDto } from '@shared/api/transactions'
import { apiUrl } from '@/lib/api'
import { formatDateTime } from '@/lib/dates'
import { authKeys, transactionKeys } from '@/lib/query-keys'
import { makeDeal } from '../test-fixtures'
import { ReservationHeldNotice } from './reservation-held-notice'

/** GET /api/transactions/7 answers `deal` (null: 404, not the viewer's) */
function stub(deal: TransactionDetailDto | null) {
  const asked: string[] = []
  vi.stubGlobal('fetch', async (path: string) => {
    asked.push(path)
    return deal ? Response.json(deal) : Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 })
  })
  return asked
}

/** the buyer of makeDeal's deal, signed in */
const BUYER = { id: 5, username: 'bob', avatar: null, balance: '2000.00' }

function renderNotice(onDismiss = () => {}, me: typeof BUYER | null = BUYER) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), me)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReservationHeldNotice dealId={7} onDismiss={onDismiss} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  /** the deal has been answered (and, inside waitFor's act, drawn) */
  const settled = () => waitFor(() => expect(client.getQueryCache().find({ queryKey: transactionKeys.detail(7) })?.state.status).toBe('success'))
  return { settled }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ReservationHeldNotice (home, after a purchase’s checkout was cancelled)', () => {
  it('tells the buyer the account stays reserved for them until the reservation ends, and links to the deal page to pay', async () => {
    const reservedUntil = new Date(Date.now() + 20 * 60_000).toISOString()
    const asked = stub(makeDeal({ reservedUntil }))
    const onDismiss = vi.fn()
    renderNotice(onDismiss)
    const notice = await screen.findByTestId('reservation-held')
    expect(asked).toEqual([apiUrl(transactionEndpoints.getTransactionsById, { params: { id: 7 } })])
    expect(notice.textContent).toContain('Cat Clips channel is still reserved for you')
    expect(notice.textContent).toContain(
      `The account stays reserved for you until ${formatDateTime(reservedUntil)}, and you can still pay for it from the deal page.`,
    )
    expect(
      within(notice)
        .getByRole('link', { name: /Pay from the deal page/ })
        .getAttribute('href'),
    ).toBe('/transaction/7')
    // said as it appears: the live region was there before the deal came
    expect(notice.closest('[role="status"]')).toBeTruthy()
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Dismiss' }))
    expect(onDismiss).toHaveBeenCalled()
  })

  it('asks nothing of the server for a visitor, whose session ended meanwhile (SPEC §6)', async () => {
    const asked = stub(makeDeal())
    renderNotice(() => {}, null)
    await new Promise((done) => setTimeout(done, 100))
    expect(asked).toEqual([])
    expect(screen.queryByTestId('reservation-held')).toBeNull()
  })

  it('says nothing for a deal that is paid, cancelled, past its reservation, the seller’s, or not the viewer’s', async () => {
    const cases: (TransactionDetailDto | null)[] = [
      makeDeal({ status: 'fee_paid', actions: ['dispute'], reservedUntil: null }),
      makeDeal({ status: 'cancelled', actions: [], reservedUntil: null }),
      // as the server still answers a lapsed reservation until its sweep, Pay listed: the deadline alone hides it
      makeDeal({ actions: ['pay', 'cancel'], reservedUntil: new Date(Date.now() - 1000).toISOString() }),
      makeDeal({ viewerRole: 'seller', actions: ['pay', 'cancel'] }),
      null,
    ]
    for (const deal of cases) {
      const asked = stub(deal)
      await renderNotice().settled()
      expect(asked).toEqual([apiUrl(transactionEndpoints.getTransactionsById, { params: { id: 7 } })])
      expect(screen.queryByTestId('reservation-held'), JSON.stringify(deal?.status ?? null)).toBeNull()
      cleanup()
      vi.unstubAllGlobals()
    }
  })

  it('goes when the reservation runs out while it shows', async () => {
    stub(makeDeal({ reservedUntil: new Date(Date.now() + 1200).toISOString() }))
    renderNotice()
    expect(await screen.findByTestId('reservation-held')).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('reservation-held')).toBeNull(), { timeout: 4000 })
  })
})
