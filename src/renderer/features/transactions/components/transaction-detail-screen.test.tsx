// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { STEP_ENDPOINTS, transactionEndpoints } from '@shared/api/endpoints/transactions'
import type { TransactionDetailDto } from '@shared/api/transactions'
import { apiUrl } from '@/lib/api'
import { focusesComposer } from '@/lib/chat-arrival'
import { authKeys } from '@/lib/query-keys'
import { makeDeal } from '../test-fixtures'
import { TransactionDetailScreen } from './transaction-detail-screen'

interface Sent {
  method: string
  path: string
  key: string | null
  body: unknown
}

/** A fake server holding one deal: GET answers it, a POST answers `next(path)` (a deal, or an error response). */
function stubServer(deal: TransactionDetailDto, next: (path: string, body: unknown) => TransactionDetailDto | Response, me: unknown = BOB) {
  const sent: Sent[] = []
  let current = deal
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET'
    if (path === apiUrl(authEndpoints.getAuthMe)) return Response.json(me)
    if (method === 'GET') return Response.json(current)
    const headers = new Headers(init.headers)
    const body = init.body ? JSON.parse(String(init.body)) : undefined
    sent.push({ method, path, key: headers.get('Idempotency-Key'), body })
    const answer = next(path, body)
    if (answer instanceof Response) return answer
    current = answer
    return Response.json(answer)
  })
  return sent
}

function Location() {
  const { pathname, state } = useLocation()
  return (
    <output data-testid="location" data-focus-composer={focusesComposer(state)}>
      {pathname}
    </output>
  )
}

const BOB = { id: 5, username: 'bob', avatar: null, balance: '2000.00' }
const ALICE = { id: 3, username: 'alice', avatar: null, balance: '15.00' }

/** the screen's query client, for a test to refresh what a live event would */
let client: QueryClient

function renderScreen(user: typeof BOB = BOB) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), user)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/transaction/7']}>
        <Routes>
          <Route path="/transaction/:id" element={<TransactionDetailScreen id="7" />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const failure = (message: string, status = 409) => Response.json({ error: { code: 'x', message }, message }, { status })

describe('TransactionDetailScreen', () => {
  it('shows the money, the display id and status, and only the steps the server lists', async () => {
    stubServer(
      makeDeal({ status: 'fee_paid', viewerRole: 'seller', actions: ['send_invite', 'refund', 'dispute'], paymentMethod: 'balance' }),
      () => makeDeal(),
      ALICE,
    )
    renderScreen(ALICE)
    expect(await screen.findByRole('heading', { name: 'ACC-007', level: 1 })).toBeTruthy()
    expect(screen.getAllByTestId('transaction-status')[0]!.textContent).toBe('Paid into escrow')
    const money = within(screen.getByTestId('money-summary'))
    expect(money.getByText('$1,000')).toBeTruthy()
    expect(money.getByText('$1,050')).toBeTruthy()
    const steps = within(screen.getByRole('group', { name: 'Your next steps' })).getAllByRole('button')
    expect(steps.map((b) => b.textContent)).toEqual(['I sent the ownership invite', 'Refund the buyer', 'Open a dispute'])
    expect(screen.queryByTestId('pay-button')).toBeNull()
    expect(screen.getByRole('link', { name: /Open the deal's chat/ }).getAttribute('href')).toBe('/chat/12')
  })

  it('shows a refunded card deal’s money: what went back to the card, and the processor fee kept', async () => {
    stubServer(
      makeDeal({
        status: 'refunded',
        actions: [],
        paymentMethod: 'card',
        refundedTo: 'payment',
        price: 1000,
        escrowFee: 50,
        processorFee: 30.75,
        total: 1080.75,
      }),
      () => makeDeal(),
    )
    renderScreen()
    const money = within(await screen.findByTestId('money-summary'))
    const line = (label: string) => money.getByText(label).parentElement!.textContent
    expect(line('Refunded to the card')).toBe('Refunded to the card$1,050')
    expect(line('Kept by the payment processor')).toBe('Kept by the payment processor$30.75')
    expect(
      money.getByText(/^Paid by card\. Refunded \$1,050 \(price and escrow fee\) back to your card\. The processor fee is not refundable\.$/),
    ).toBeTruthy()
  })

  it('asks before a step, keeps one Idempotency-Key across a retry, and shows the deal it moved to', async () => {
    let calls = 0
    const sent = stubServer(
      makeDeal({ status: 'countdown_started', actions: ['release', 'dispute'], countdownEndsAt: new Date(Date.now() + 86_400_000).toISOString() }),
      () => (++calls === 1 ? failure('Try again in a moment', 503) : makeDeal({ status: 'completed', actions: [] })),
    )
    const user = renderScreen()
    expect(await screen.findByTestId('countdown-timer')).toBeTruthy()
    await user.click(await screen.findByRole('button', { name: 'Release $1,000 to the seller' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText('Release $1,000 to alice now?')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Release funds' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Try again in a moment')
    await user.click(within(dialog).getByRole('button', { name: 'Retry: Release funds' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(sent.map((s) => s.path)).toEqual([
      apiUrl(STEP_ENDPOINTS.release, { params: { id: 7 } }),
      apiUrl(STEP_ENDPOINTS.release, { params: { id: 7 } }),
    ])
    expect(sent[0]!.key).toBeTruthy()
    expect(sent[1]!.key).toBe(sent[0]!.key)
    await waitFor(() => expect(screen.getAllByTestId('transaction-status')[0]!.textContent).toBe('Completed'))
  })

  it('keeps an open step’s dialog and what was typed when the deal moves on without it, and says so', async () => {
    const deal = makeDeal({ status: 'invite_sent', actions: ['confirm_access', 'dispute'] })
    const sent = stubServer(deal, () => makeDeal())
    const user = renderScreen()
    await user.click(await screen.findByRole('button', { name: 'Open a dispute' }))
    const dialog = await screen.findByRole('alertdialog')
    const reason = within(dialog).getByLabelText('What went wrong?') as HTMLTextAreaElement
    await user.type(reason, 'The invite was for another channel')
    // the seller refunds meanwhile: the live event refetches the deal, which offers the buyer nothing now
    stubServer(makeDeal({ status: 'refunded', actions: [] }), () => makeDeal())
    await client.invalidateQueries()
    await waitFor(() => expect(screen.getAllByTestId('transaction-status')[0]!.textContent).toBe('Refunded'))
    expect(screen.getByRole('alertdialog')).toBe(dialog)
    expect(within(dialog).getByTestId('step-overtaken').textContent).toBe(
      'The deal moved on while this was open: it is now Refunded, and this step is no longer possible.What you wrote was not sent. It is kept below so you can copy it.',
    )
    expect([reason.value, reason.readOnly]).toEqual(['The invite was for another channel', true])
    const confirm = within(dialog).getByRole('button', { name: 'Open dispute' }) as HTMLButtonElement
    expect(confirm.disabled).toBe(true)
    expect(document.activeElement?.textContent).toBe('Close')
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    // nothing was sent, and no step is offered now
    expect(sent).toEqual([])
    expect(screen.queryByRole('group', { name: 'Your next steps' })).toBeNull()
  })

  it('needs a dispute reason of at least 10 characters and sends it', async () => {
    const sent = stubServer(makeDeal({ status: 'invite_sent', actions: ['confirm_access', 'dispute'] }), (_p, body) =>
      makeDeal({ status: 'disputed', actions: [], disputeReason: (body as { reason: string }).reason }),
    )
    const user = renderScreen()
    await user.click(await screen.findByRole('button', { name: 'Open a dispute' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.type(within(dialog).getByLabelText('What went wrong?'), 'too short')
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }))
    expect(within(dialog).getByText('Tell us what went wrong (at least 10 characters)')).toBeTruthy()
    expect(sent).toEqual([])
    await user.type(within(dialog).getByLabelText('What went wrong?'), ' — the invite never came')
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({
      path: apiUrl(STEP_ENDPOINTS.dispute, { params: { id: 7 } }),
      body: { reason: 'too short — the invite never came' },
    })
    expect(await screen.findByText('Reason for the dispute')).toBeTruthy()
  })

  it('lets the buyer pay from the balance after confirming, then goes to the deal’s chat', async () => {
    const sent = stubServer(makeDeal(), () => makeDeal({ status: 'fee_paid', actions: ['dispute'], paymentMethod: 'balance' }))
    const user = renderScreen()
    // the buyer is told the reservation is theirs
    expect((await screen.findByTestId('reservation-timer')).textContent).toContain('Reserved for you')
    expect(within(screen.getByTestId('money-summary')).getByText('Depends on how you pay')).toBeTruthy()
    expect(within(screen.getByTestId('pay-option-card')).getByText('$1,080.75')).toBeTruthy()
    await user.click(screen.getByTestId('pay-button'))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Pay $1,050' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat/12'))
    // where writing to the seller comes next: the chat puts the focus in its message box
    expect(screen.getByTestId('location').dataset.focusComposer).toBe('true')
    expect(sent).toEqual([{ method: 'POST', path: apiUrl(STEP_ENDPOINTS.pay, { params: { id: 7 } }), key: expect.any(String), body: undefined }])
  })

  it('stops offering Pay once the reservation runs out, though the server still answers the deal as pending', async () => {
    // the refetch at 00:00 answers the deal as the sweep has not moved it yet: pending, with Pay listed
    stubServer(makeDeal({ actions: ['pay', 'cancel'], reservedUntil: new Date(Date.now() + 1200).toISOString() }), () => makeDeal())
    renderScreen()
    expect(await screen.findByTestId('pay-button')).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('pay-button')).toBeNull(), { timeout: 4000 })
    expect(screen.getByRole('button', { name: 'Cancel purchase' })).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('reservation-timer').textContent).toContain('Updating…'))
    expect(screen.getByTestId('deal-guidance').textContent).toBe('The reservation has run out: the purchase is being cancelled.')
  })

  it('stops offering a dispute once the countdown is over, and still offers the release', async () => {
    stubServer(
      makeDeal({ status: 'countdown_started', actions: ['release', 'dispute'], countdownEndsAt: new Date(Date.now() + 1200).toISOString() }),
      () => makeDeal(),
    )
    renderScreen()
    expect(await screen.findByRole('button', { name: 'Open a dispute' })).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open a dispute' })).toBeNull(), { timeout: 4000 })
    expect(screen.getByRole('button', { name: 'Release $1,000 to the seller' })).toBeTruthy()
    expect(screen.getByTestId('deal-guidance').textContent).toBe('The countdown is over: the money is being released to alice.')
  })

  it('tells the seller too when the reservation has run out, though the seller has nothing to pay', async () => {
    stubServer(
      makeDeal({ viewerRole: 'seller', actions: ['cancel'], reservedUntil: new Date(Date.now() + 1200).toISOString() }),
      () => makeDeal(),
      ALICE,
    )
    renderScreen(ALICE)
    expect((await screen.findByTestId('deal-guidance')).textContent).toBe('bob has reserved your listing and is paying. Nothing to do yet.')
    await waitFor(
      () => expect(screen.getByTestId('deal-guidance').textContent).toBe('The reservation has run out: the purchase is being cancelled.'),
      { timeout: 4000 },
    )
    expect(screen.getByRole('button', { name: 'Cancel purchase' })).toBeTruthy()
  })

  it('ticks the checklist for the right side: the seller marks done, the buyer confirms after', async () => {
    const checklist = [
      { id: 31, title: 'Send the invite', description: 'From YouTube Studio', sellerDoneAt: null, buyerConfirmedAt: null },
      { id: 32, title: 'Remove other owners', description: '', sellerDoneAt: '2026-03-01T10:05:00.000Z', buyerConfirmedAt: null },
    ]
    const sent = stubServer(makeDeal({ status: 'fee_paid', actions: ['dispute'], checklist }), () =>
      makeDeal({
        status: 'fee_paid',
        actions: ['dispute'],
        checklist: [checklist[0]!, { ...checklist[1]!, buyerConfirmedAt: '2026-03-01T10:06:00.000Z' }],
      }),
    )
    const user = renderScreen()
    const list = await screen.findByTestId('handover-checklist')
    // the buyer cannot mark the seller's half; they confirm what the seller has done
    expect(within(list).queryByRole('button', { name: 'Mark done: Send the invite' })).toBeNull()
    await user.click(within(list).getByRole('button', { name: 'Confirm: Remove other owners' }))
    await waitFor(() => expect(within(list).getByText('1 of 2 confirmed')).toBeTruthy())
    // both halves keep their times
    expect(within(list).getByText(/^Done by the seller/).textContent).toMatch(/^Done by the seller .+, confirmed by the buyer .+$/)
    expect(sent[0]).toMatchObject({
      path: apiUrl(transactionEndpoints.postTransactionsChecklistByItemId, { params: { id: 7, itemId: 32 } }),
      key: expect.any(String),
    })
  })

  it('says so when the deal is not the viewer’s', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ error: { code: 'not_found', message: 'Transaction not found' } }, { status: 404 }))
    renderScreen()
    expect(await screen.findByRole('heading', { name: 'Transaction not found' })).toBeTruthy()
  })
})
