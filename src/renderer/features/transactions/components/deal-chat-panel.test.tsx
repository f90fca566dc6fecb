// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { STEP_ENDPOINTS } from '@shared/api/endpoints/transactions'
import type { ChecklistStepDto, TransactionDetailDto } from '@shared/api/transactions'
import { apiUrl } from '@/lib/api'
import { authKeys, transactionKeys } from '@/lib/query-keys'
import { makeDeal } from '../test-fixtures'
import { DealChatPanel } from './deal-chat-panel'

const BOB = { id: 5, username: 'bob', avatar: null, balance: '2000.00' }

/** A fake server holding one deal: GET answers it (or a 404), a POST answers `next` and keeps it. */
function stubServer(deal: TransactionDetailDto | null, next: () => TransactionDetailDto = () => makeDeal()) {
  const state = { deal, posts: [] as { path: string; key: string | null }[] }
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === apiUrl(authEndpoints.getAuthMe)) return Response.json(BOB)
    if ((init.method ?? 'GET') === 'GET') {
      return state.deal
        ? Response.json(state.deal)
        : Response.json({ error: { code: 'not_found', message: 'Transaction not found' } }, { status: 404 })
    }
    state.posts.push({ path, key: new Headers(init.headers).get('Idempotency-Key') })
    state.deal = next()
    return Response.json(state.deal)
  })
  return state
}

let client: QueryClient

function renderPanel() {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), BOB)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DealChatPanel transactionId={7} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const step = (id: number, done: boolean, confirmed: boolean): ChecklistStepDto => ({
  id,
  title: `Step ${id}`,
  description: '',
  sellerDoneAt: done ? '2026-03-01T10:05:00.000Z' : null,
  buyerConfirmedAt: confirmed ? '2026-03-01T10:06:00.000Z' : null,
})

const paid = (overrides: Partial<TransactionDetailDto> = {}) =>
  makeDeal({
    status: 'fee_paid',
    paymentMethod: 'balance',
    reservedUntil: null,
    actions: ['dispute'],
    checklist: [step(1, true, true), step(2, true, false), step(3, false, false)],
    ...overrides,
  })

const panel = () => within(screen.getByTestId('deal-panel'))
const nextStep = () => screen.getByTestId('deal-panel-next').textContent

describe('DealChatPanel', () => {
  it('shows the paid buyer the deal, whose step comes next, the checklist’s progress and the way to the deal page', async () => {
    stubServer(paid())
    const user = renderPanel()
    expect(await screen.findByRole('region', { name: 'Deal ACC-007' })).toBeTruthy()
    expect(panel().getByTestId('transaction-status').textContent).toBe('Paid into escrow')
    expect(nextStep()).toBe('Waiting for the seller to send the ownership invite')
    expect(panel().getByTestId('deal-panel-checklist').textContent).toBe('Handover checklist: 1 of 3 confirmed')
    expect(panel().getByRole('link', { name: 'ACC-007' }).getAttribute('href')).toBe('/transaction/7')
    expect(panel().getByRole('link', { name: 'Open the deal page' }).getAttribute('href')).toBe('/transaction/7')
    // her own steps only: a dispute, none of the seller's
    expect(
      within(panel().getByRole('group', { name: 'Your next steps' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Open a dispute'])
    // nothing for her to do now: on a phone the details wait behind "More"
    const more = panel().getByRole('button', { name: 'More' })
    expect(more.getAttribute('aria-expanded')).toBe('false')
    expect(screen.getByTestId('deal-panel-details').className).toMatch(/(^| )hidden( |$)/)
    await user.click(more)
    expect(panel().getByRole('button', { name: 'Less' }).getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByTestId('deal-panel-details').className).not.toMatch(/(^| )hidden( |$)/)
  })

  it('gives the seller his step with the deal page’s confirmation, and shows where the deal moved', async () => {
    const server = stubServer(paid({ viewerRole: 'seller', actions: ['send_invite', 'refund', 'dispute'] }), () =>
      paid({ status: 'invite_sent', viewerRole: 'seller', actions: ['dispute'] }),
    )
    const user = renderPanel()
    await waitFor(() => expect(nextStep()).toBe('Your turn: send the ownership invite'))
    // his turn: the details are open on a phone too
    expect(panel().getByRole('button', { name: 'Less' }).getAttribute('aria-expanded')).toBe('true')
    await user.click(panel().getByRole('button', { name: 'I sent the ownership invite' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText('Ownership invite sent?')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Yes, invite sent' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(server.posts.map((p) => p.path)).toEqual([apiUrl(STEP_ENDPOINTS.send_invite, { params: { id: 7 } })])
    expect(server.posts[0]!.key).toBeTruthy()
    expect(panel().getByTestId('transaction-status').textContent).toBe('Ownership invite sent')
    expect(nextStep()).toBe('Waiting for the buyer to accept the invite and confirm access')
  })

  it('follows the deal live: the events that refresh the deal page refresh the panel', async () => {
    const server = stubServer(paid())
    renderPanel()
    await waitFor(() => expect(nextStep()).toBe('Waiting for the seller to send the ownership invite'))
    // the seller sends the invite and ticks a step elsewhere; the deal's live event makes every deal query stale
    server.deal = paid({
      status: 'invite_sent',
      actions: ['confirm_access', 'dispute'],
      checklist: [step(1, true, true), step(2, true, true), step(3, true, false)],
    })
    await client.invalidateQueries({ queryKey: transactionKeys.all })
    await waitFor(() => expect(nextStep()).toBe('Your turn: accept the invite and confirm access'))
    // now her turn: the details open on a phone
    expect(panel().getByRole('button', { name: 'Less' }).getAttribute('aria-expanded')).toBe('true')
    expect(panel().getByTestId('deal-panel-checklist').textContent).toBe('Handover checklist: 2 of 3 confirmed')
    expect(panel().getByRole('button', { name: 'I have access to the account' })).toBeTruthy()
  })

  it('shows the transfer countdown while it runs', async () => {
    stubServer(
      paid({ status: 'countdown_started', actions: ['release', 'dispute'], countdownEndsAt: new Date(Date.now() + 2 * 86_400_000).toISOString() }),
    )
    renderPanel()
    const timer = await screen.findByTestId('countdown-timer')
    expect(timer.textContent).toMatch(/^Transfer countdown \(7 days\): 1 day 23 hours left1d 23h 5\dm \d\ds$/)
    expect(nextStep()).toBe('The transfer countdown is running: release the funds early once the account is fully yours')
  })

  it('gives an admin the admin’s steps, and nothing to press where the deal page offers none', async () => {
    stubServer(paid({ status: 'disputed', viewerRole: 'admin', actions: ['resolve_release', 'resolve_refund'], disputeReason: 'No invite came' }))
    renderPanel()
    await waitFor(() => expect(nextStep()).toBe('Your turn: decide the dispute'))
    expect(
      within(panel().getByRole('group', { name: 'Your next steps' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Resolve: pay the seller', 'Resolve: refund the buyer'])
    cleanup()
    stubServer(paid({ viewerRole: 'admin', actions: [] }))
    renderPanel()
    await waitFor(() => expect(nextStep()).toBe('Waiting for the seller to send the ownership invite'))
    expect(screen.queryByRole('group', { name: 'Your next steps' })).toBeNull()
  })

  it('sends a buyer who has not paid to the deal page to pay', async () => {
    stubServer(makeDeal())
    renderPanel()
    await waitFor(() => expect(nextStep()).toBe('Your turn: pay into escrow'))
    expect(panel().getByRole('link', { name: 'Pay on the deal page' }).getAttribute('href')).toBe('/transaction/7')
    expect(panel().getByTestId('reservation-timer').textContent).toMatch(/^Reserved for you/)
  })

  it('shows nothing for a deal the viewer may not see', async () => {
    stubServer(null)
    renderPanel()
    await waitFor(() => expect(screen.queryByLabelText('Loading the deal')).toBeNull())
    expect(screen.queryByTestId('deal-panel')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
