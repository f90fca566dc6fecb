// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { TOTAL_COUNT_HEADER, type ListingDto } from '@shared/api/listings'
import type { AdminDisputeDto, DisputeEvidenceDto } from '@shared/api/admin-dashboard'
import { PAYMENT_MESSAGES, PAYMENTS_PAGE_SIZE, type AdminWithdrawalDto } from '@shared/api/payments'
import { TRANSACTION_MESSAGES } from '@shared/api/transactions'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { STEP_ENDPOINTS, transactionEndpoints } from '@shared/api/endpoints/transactions'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { apiUrl } from '@/lib/api'
import { adminKeys, authKeys, transactionKeys } from '@/lib/query-keys'
import { makeDispute, makeEvidence, makeListing, makeStats, makeWithdrawal } from '@/lib/admin/test-fixtures'
import AdminDashboardRoute from './admin-dashboard'

const ADMIN = { id: 1, username: 'admin', avatar: null, balance: '0.00' }

interface Market {
  isAdmin?: boolean
  listings?: ListingDto[]
  /** X-Total-Count of the review queue; none when undefined */
  listingsTotal?: number
  /** read at each request, so a test can settle a dispute behind the screen's back */
  disputes?: AdminDisputeDto[]
  /** what GET /api/admin/disputes/{id} answers (read at each request); the first dispute's evidence when undefined */
  evidence?: DisputeEvidenceDto
  /** the server's refusal of a resolve step; 200 when undefined */
  resolve?: { status: number; message: string }
  /** the requested withdrawals, in the server's order (read at each request); each ?page= gets its own slice of 20 */
  withdrawals?: AdminWithdrawalDto[]
  /** the server's refusal of a withdrawal decision; 200 when undefined */
  decide?: { status: number; message: string }
  /** what GET /api/admin/withdrawals/{id} answers (read at each request); 404 when undefined */
  current?: AdminWithdrawalDto
  /** writes wait for it, so a test can look at the screen while the admin's own request runs */
  hold?: Promise<void>
}

interface Call {
  method: string
  path: string
  body: unknown
  headers: Record<string, string>
}

let calls: Call[]

const WITHDRAWALS = paymentsEndpoints.getAdminWithdrawals.path
const DISPUTES = adminEndpoints.getAdminDisputes.path
const DEALS = transactionEndpoints.getTransactions.path
/** Where every admin endpoint lives: the folder of any one of them. */
const ADMIN_API = adminEndpoints.getAdminStats.path.replace(/[^/]+$/, '')
const withdrawalPath = (id: number) => apiUrl(paymentsEndpoints.getAdminWithdrawalsById, { params: { id } })
const rejectPath = (id: number) => apiUrl(paymentsEndpoints.postAdminWithdrawalsReject, { params: { id } })

/** The admin API as the screen sees it; writes answer 200 and are recorded. */
function stubApi(market: Market = {}) {
  const { isAdmin = true, listings = [], listingsTotal } = market
  calls = []
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET'
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method, path, body, headers: (init.headers ?? {}) as Record<string, string> })
    if (path === apiUrl(authEndpoints.getAuthAdminMe))
      return isAdmin ? Response.json({ user: { isAdmin: true, twoFactorEnabled: true } }) : new Response(null, { status: 403 })
    const disputes = market.disputes ?? []
    if (method !== 'GET') await market.hold
    if (method !== 'GET' && path.startsWith(`${WITHDRAWALS}/`)) {
      if (market.decide) {
        return Response.json(
          { error: { code: 'withdrawal_decided', message: market.decide.message }, message: market.decide.message },
          { status: market.decide.status },
        )
      }
      const [, id, step] = /(\d+)\/(approve|reject)$/.exec(path)!
      const reason = step === 'reject' ? (body as { reason: string }).reason : null
      return Response.json(
        makeWithdrawal({ id: Number(id), status: step === 'approve' ? 'approved' : 'rejected', reason, decidedAt: new Date().toISOString() }),
      )
    }
    if (method !== 'GET' && path.startsWith(`${DEALS}/`) && market.resolve) {
      return Response.json(
        { error: { code: 'invalid_status', message: market.resolve.message }, message: market.resolve.message },
        { status: market.resolve.status },
      )
    }
    if (method !== 'GET') return Response.json(path.startsWith(`${DEALS}/`) ? { ...makeEvidence().transaction, status: 'refunded', actions: [] } : {})
    if (path.startsWith(adminEndpoints.getAdminStats.path))
      return Response.json(makeStats(Number(new URL(path, 'http://x').searchParams.get('days'))))
    if (path.startsWith(adminEndpoints.getAdminListings.path))
      return Response.json(listings, { headers: listingsTotal === undefined ? {} : { [TOTAL_COUNT_HEADER]: String(listingsTotal) } })
    if (path === DISPUTES) return Response.json(disputes, { headers: { [TOTAL_COUNT_HEADER]: String(disputes.length) } })
    if (path.startsWith(`${DISPUTES}/`)) return Response.json(market.evidence ?? makeEvidence(disputes[0]))
    if (/^\/api\/admin\/withdrawals\/\d+$/.test(path)) return market.current ? Response.json(market.current) : new Response(null, { status: 404 })
    if (path.startsWith(WITHDRAWALS)) {
      const withdrawals = market.withdrawals ?? []
      const page = Number(new URL(path, 'http://x').searchParams.get('page') ?? 1)
      return Response.json(withdrawals.slice((page - 1) * PAYMENTS_PAGE_SIZE, page * PAYMENTS_PAGE_SIZE), {
        headers: { [TOTAL_COUNT_HEADER]: String(withdrawals.length) },
      })
    }
    return new Response(null, { status: 404 })
  })
}

const writes = () => calls.filter((call) => call.method !== 'GET')

function Location() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

/** the screen's query client, for a test to refresh what a live event would */
let client: QueryClient

function renderScreen(url = '/admin-dashboard') {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), ADMIN)
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AdminDashboardRoute />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const section = (name: string) => screen.findByRole('region', { name })

beforeEach(() => {
  // recharts measures its container, and jsdom lays nothing out: every box is given a chart's size
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: 560,
    bottom: 256,
    width: 560,
    height: 256,
    toJSON: () => ({}),
  })
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('AdminDashboardScreen: listings awaiting review', () => {
  it('counts the whole queue from X-Total-Count, not only the listings on the page', async () => {
    stubApi({ listings: [makeListing(1), makeListing(2), makeListing(3)], listingsTotal: 140 })
    renderScreen()
    const queue = await section('Listings awaiting review')
    expect(await within(queue).findByText('140 listings, oldest 3 shown')).toBeTruthy()
    expect(within(queue).getAllByRole('heading', { level: 3 })).toHaveLength(3)
  })

  it('says how many wait when all of them are on the page', async () => {
    stubApi({ listings: [makeListing(1)], listingsTotal: 1 })
    renderScreen()
    expect(await within(await section('Listings awaiting review')).findByText('1 listing')).toBeTruthy()
  })

  it('falls back to the listings it got when the header is missing', async () => {
    stubApi({ listings: [makeListing(1), makeListing(2)] })
    renderScreen()
    expect(await within(await section('Listings awaiting review')).findByText('2 listings')).toBeTruthy()
  })
})

describe('AdminDashboardScreen: figures and charts', () => {
  it('shows the figures with money in dollars and cents, and the totals of the range in words', async () => {
    stubApi()
    renderScreen()
    const figures = await screen.findByRole('list', { name: 'Figures' })
    const value = (label: string) =>
      within(within(figures).getByText(label).closest('[data-testid="figure"]') as HTMLElement).getByTestId('figure-value').textContent
    expect(value('Users')).toBe('1,204')
    expect(value('Sales volume')).toBe('$18,450.50')
    expect(value('Held in escrow')).toBe('$2,100.00')
    expect(value('Fees earned')).toBe('$922.53')
    expect(value('Open disputes')).toBe('1')
    expect(within(figures).getByText('$40.00 requested')).toBeTruthy()
    expect(within(figures).getByText('2 funded deals of 5 open deals')).toBeTruthy()
    expect(screen.getByText('$100.10 in completed sales and $5.01 in escrow fees in 30 days')).toBeTruthy()
    expect(calls.map((call) => call.path)).toContain(apiUrl(adminEndpoints.getAdminStats, { query: { days: 30 } }))
    // the charting library draws both charts, each with its legend
    const legends = [...document.querySelectorAll('.recharts-legend-item-text')].map((item) => item.textContent)
    expect(legends.sort()).toEqual(['Escrow fees', 'Purchases started', 'Sales', 'Sign-ups'])
  })

  it('keeps the range of the charts in the URL', async () => {
    stubApi()
    renderScreen('/admin-dashboard?days=90')
    expect(await screen.findByText(/escrow fees in 90 days$/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Charts over'), { target: { value: '7' } })
    expect(await screen.findByText(/escrow fees in 7 days$/)).toBeTruthy()
    expect(screen.getByTestId('location').textContent).toBe('/admin-dashboard?days=7')
    expect(calls.map((call) => call.path)).toContain(apiUrl(adminEndpoints.getAdminStats, { query: { days: 7 } }))
  })

  it('asks for nothing of the admin API when the account is not an admin', async () => {
    stubApi({ isAdmin: false })
    renderScreen()
    expect(await screen.findByText('Admins only')).toBeTruthy()
    expect(calls.filter((call) => call.path.startsWith(ADMIN_API))).toEqual([])
  })
})

describe('AdminDashboardScreen: disputes', () => {
  it('opens the evidence on demand: timeline, checklist ticks and the transcript', async () => {
    stubApi({ disputes: [makeDispute()] })
    renderScreen()
    const item = await within(await section('Disputes')).findByTestId('dispute-item')
    expect(within(item).getByText('The invite never arrived.')).toBeTruthy()
    expect(within(item).getByText('$1,050.00')).toBeTruthy()
    expect(calls.some((call) => call.path === apiUrl(adminEndpoints.getAdminDisputesById, { params: { id: 7 } }))).toBe(false)

    fireEvent.click(within(item).getByRole('button', { name: 'Show evidence' }))
    const transcript = await within(item).findByRole('list', { name: 'Chat transcript' })
    expect(within(transcript).getByText('The link says it expired.')).toBeTruthy()
    expect(within(transcript).getByText('bob (buyer)')).toBeTruthy()
    const timeline = within(item).getByRole('list', { name: 'Timeline' })
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(4)
    const checklist = within(item).getByRole('list', { name: 'Handover checklist' })
    expect(within(checklist).getAllByRole('listitem')[0]!.textContent).toMatch(/Done by the seller .+, not confirmed by the buyer$/)
    expect(within(checklist).getByText('Not ticked')).toBeTruthy()
    // a confirmed step keeps both halves' times: when the seller said it was done, and when the buyer agreed
    expect(within(checklist).getAllByRole('listitem')[2]!.textContent).toMatch(
      /^3\. Change the emailDone by the seller .+, confirmed by the buyer .+$/,
    )
  })

  it('says who opened each dispute, Handover itself for a deal a ban of the seller holds', async () => {
    stubApi({
      disputes: [
        makeDispute({ id: 7, disputedBy: 'seller' }),
        makeDispute({ id: 8, disputedBy: 'system', disputeReason: 'The seller’s account was banned.' }),
      ],
    })
    renderScreen()
    const items = await within(await section('Disputes')).findAllByTestId('dispute-item')
    expect(items[0]!.textContent).toContain('opened by the seller')
    expect(items[1]!.textContent).toContain('held by Handover')
    expect(items[1]!.textContent).not.toContain('opened by the buyer')
  })

  it('refunds the buyer only with a note, after saying where the money goes', async () => {
    stubApi({ disputes: [makeDispute()] })
    renderScreen()
    const item = await within(await section('Disputes')).findByTestId('dispute-item')
    fireEvent.click(within(item).getByRole('button', { name: 'Refund buyer' }))
    const dialog = await screen.findByRole('dialog', { name: 'Refund bob?' })
    expect(within(dialog).getByText(/All \$1,050\.00 \(price and escrow fee\) goes back to bob’s Handover balance\./)).toBeTruthy()

    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund buyer' }))
    expect(await within(dialog).findByText('Write a note for the parties')).toBeTruthy()
    expect(writes()).toEqual([])

    fireEvent.change(within(dialog).getByLabelText('Note for both parties'), { target: { value: 'The seller never sent a working invite.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund buyer' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const [write] = writes()
    expect(write).toMatchObject({
      method: 'POST',
      path: apiUrl(STEP_ENDPOINTS.resolve_refund, { params: { id: 7 } }),
      body: { note: 'The seller never sent a working invite.' },
    })
    expect(write!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('releases the funds to the seller', async () => {
    stubApi({ disputes: [makeDispute()] })
    renderScreen()
    const item = await within(await section('Disputes')).findByTestId('dispute-item')
    fireEvent.click(within(item).getByRole('button', { name: 'Release to seller' }))
    const dialog = await screen.findByRole('dialog', { name: 'Release the funds to alice?' })
    expect(within(dialog).getByText(/alice receives \$1,000\.00/)).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Note for both parties'), { target: { value: 'The transfer is complete.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release to seller' }))
    await waitFor(() => expect(writes()).toHaveLength(1))
    expect(writes()[0]).toMatchObject({
      path: apiUrl(STEP_ENDPOINTS.resolve_release, { params: { id: 7 } }),
      body: { note: 'The transfer is complete.' },
    })
  })
})

describe('AdminDashboardScreen: a dispute settled by another admin first', () => {
  const NOTE = 'The seller never sent a working invite.'

  async function startRefund(market: Market) {
    stubApi(market)
    renderScreen()
    const item = await within(await section('Disputes')).findByTestId('dispute-item')
    fireEvent.click(within(item).getByRole('button', { name: 'Refund buyer' }))
    const dialog = await screen.findByRole('dialog', { name: 'Refund bob?' })
    fireEvent.change(within(dialog).getByLabelText('Note for both parties'), { target: { value: NOTE } })
    return dialog
  }

  /** the note is still there to copy (read-only, not disabled), and the step cannot be sent */
  function expectNoteKeptAndConfirmOff(dialog: HTMLElement) {
    const note = within(dialog).getByLabelText('Note for both parties') as HTMLTextAreaElement
    expect([note.value, note.readOnly, note.disabled]).toEqual([NOTE, true, false])
    expect(within(dialog).getByText('Your note was not sent. It is kept below so you can copy it.')).toBeTruthy()
    expect((within(dialog).getByRole('button', { name: 'Refund buyer' }) as HTMLButtonElement).disabled).toBe(true)
  }

  it('keeps the dialog and the note when a refresh drops the dispute, says who settled it and how, and turns off the button', async () => {
    const dispute = makeDispute()
    const market: Market = { disputes: [dispute] }
    const dialog = await startRefund(market)
    // another admin released the funds: the deal's live event refreshes the queue, which no longer lists it
    market.disputes = []
    market.evidence = makeEvidence({ ...dispute, status: 'completed', actions: [] })
    await client.invalidateQueries({ queryKey: transactionKeys.all })
    await waitFor(() => expect(screen.queryByTestId('dispute-item')).toBeNull())
    expect(screen.getByRole('dialog', { name: 'Refund bob?' })).toBe(dialog)
    expect((await within(dialog).findByTestId('decision-overtaken')).textContent).toContain(
      'Another admin already settled this dispute: alice received the funds, and the deal is now Completed.',
    )
    expectNoteKeptAndConfirmOff(dialog)
    fireEvent.submit(within(dialog).getByLabelText('Note for both parties'))
    expect(writes()).toEqual([])
    // the footer's Close (the corner's ✕ has the same name)
    fireEvent.click(within(dialog).getByText('Close'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows the server’s 409 in the dialog, then the deal’s new status, when the dispute was settled before the step reached it', async () => {
    const dispute = makeDispute()
    const market: Market = { disputes: [dispute], resolve: { status: 409, message: TRANSACTION_MESSAGES.alreadyInStatus } }
    const dialog = await startRefund(market)
    // another admin refunded the buyer a moment ago, and no live event has reached this page yet
    market.disputes = []
    market.evidence = makeEvidence({ ...dispute, status: 'refunded', actions: [] })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund buyer' }))
    expect(await within(dialog).findByText(TRANSACTION_MESSAGES.alreadyInStatus)).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('dispute-item')).toBeNull())
    expect((await within(dialog).findByText(/^Another admin already settled/)).textContent).toBe(
      'Another admin already settled this dispute: bob got the money back, and the deal is now Refunded.',
    )
    expect(screen.getByRole('dialog', { name: 'Refund bob?' })).toBe(dialog)
    expectNoteKeptAndConfirmOff(dialog)
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull()
  })

  it('starts the next decision with an empty note', async () => {
    stubApi({ disputes: [makeDispute(), makeDispute({ id: 8, displayId: 'ACC-008' })] })
    renderScreen()
    const items = await within(await section('Disputes')).findAllByTestId('dispute-item')
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Refund buyer' }))
    let dialog = await screen.findByRole('dialog', { name: 'Refund bob?' })
    fireEvent.change(within(dialog).getByLabelText('Note for both parties'), { target: { value: NOTE } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund buyer' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Release to seller' }))
    dialog = await screen.findByRole('dialog', { name: 'Release the funds to alice?' })
    expect((within(dialog).getByLabelText('Note for both parties') as HTMLTextAreaElement).value).toBe('')
    expect(within(dialog).queryByTestId('decision-overtaken')).toBeNull()
  })
})

describe('AdminDashboardScreen: withdrawals', () => {
  it('approves after asking, and rejects only with a reason', async () => {
    stubApi({ withdrawals: [makeWithdrawal()] })
    renderScreen()
    const item = await within(await section('Withdrawals to approve')).findByTestId('withdrawal-item')
    expect(within(item).getByText('$40.00')).toBeTruthy()

    fireEvent.click(within(item).getByRole('button', { name: 'Reject…' }))
    let dialog = await screen.findByRole('dialog', { name: 'Reject $40.00 for carol?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }))
    expect(await within(dialog).findByText('Give the user a reason')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Reason the user will see'), { target: { value: 'The payout address bounced' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }))
    await waitFor(() => expect(writes()).toHaveLength(1))
    expect(writes()[0]).toMatchObject({ path: rejectPath(31), body: { reason: 'The payout address bounced' } })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(within(item).getByRole('button', { name: 'Approve' }))
    dialog = await screen.findByRole('dialog', { name: 'Pay out $40.00 to carol?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve payout' }))
    await waitFor(() => expect(writes()).toHaveLength(2))
    expect(writes()[1]).toMatchObject({ path: apiUrl(paymentsEndpoints.postAdminWithdrawalsApprove, { params: { id: 31 } }) })
  })

  it('offers no decision on the admin’s own withdrawal: another admin decides it', async () => {
    stubApi({ withdrawals: [makeWithdrawal({ id: 32, userId: ADMIN.id, username: ADMIN.username })] })
    renderScreen()
    const item = await within(await section('Withdrawals to approve')).findByTestId('withdrawal-item')
    expect(within(item).getByText('Your own withdrawal: another admin decides it.')).toBeTruthy()
    expect(within(item).queryByRole('button')).toBeNull()
  })

  it('reaches every waiting withdrawal a page at a time, the page in the URL', async () => {
    const waiting = Array.from({ length: PAYMENTS_PAGE_SIZE + 3 }, (_, i) => makeWithdrawal({ id: 100 + i, destination: `user${i}@payouts.example` }))
    stubApi({ withdrawals: waiting })
    renderScreen()
    const queue = await section('Withdrawals to approve')
    expect(await within(queue).findByText('Showing 1-20 of 23 withdrawals')).toBeTruthy()
    expect(within(queue).getAllByTestId('withdrawal-item')).toHaveLength(PAYMENTS_PAGE_SIZE)
    fireEvent.click(within(within(queue).getByRole('navigation', { name: 'Withdrawals pages' })).getByRole('button', { name: /Next/ }))
    expect(screen.getByTestId('location').textContent).toBe('/admin-dashboard?withdrawalsPage=2')
    expect(await within(queue).findByText('Showing 21-23 of 23 withdrawals')).toBeTruthy()
    await waitFor(() => expect(within(queue).getAllByTestId('withdrawal-item')).toHaveLength(3))
    expect(within(queue).getByText('user22@payouts.example')).toBeTruthy()
    expect(calls.map((call) => call.path)).toContain(apiUrl(paymentsEndpoints.getAdminWithdrawals, { query: { status: 'requested', page: 2 } }))
  })

  it('says a page past the end of the queue is past the end and leads back', async () => {
    stubApi({ withdrawals: [makeWithdrawal()] })
    renderScreen('/admin-dashboard?withdrawalsPage=4')
    const queue = await section('Withdrawals to approve')
    expect(await within(queue).findByText('Page 4 is past the end')).toBeTruthy()
    expect(within(queue).queryByText('No withdrawals are waiting.')).toBeNull()
    fireEvent.click(within(queue).getByRole('button', { name: 'Go to page 1' }))
    expect(screen.getByTestId('location').textContent).toBe('/admin-dashboard')
    expect(await within(queue).findByTestId('withdrawal-item')).toBeTruthy()
  })

  it('leaves out "Showing x-y of N" on a page past the end of a queue of several pages, where the notice says it', async () => {
    stubApi({ withdrawals: Array.from({ length: PAYMENTS_PAGE_SIZE + 3 }, (_, i) => makeWithdrawal({ id: 100 + i })) })
    renderScreen('/admin-dashboard?withdrawalsPage=4')
    const queue = await section('Withdrawals to approve')
    expect(await within(queue).findByText('Page 4 is past the end')).toBeTruthy()
    expect(within(queue).queryByText(/^Showing /)).toBeNull()
    fireEvent.click(within(queue).getByRole('button', { name: 'Go to page 2' }))
    expect(await within(queue).findByText('Showing 21-23 of 23 withdrawals')).toBeTruthy()
  })
})

describe('AdminDashboardScreen: a withdrawal decided by another admin first', () => {
  const REASON = 'The payout address bounced.'
  const ONE_READ = withdrawalPath(31)

  /** the withdrawal as another admin's decision left it */
  const decided = (status: 'approved' | 'rejected', id = 31) =>
    makeWithdrawal({ id, status, reason: status === 'rejected' ? 'Not this account.' : null, decidedAt: new Date().toISOString() })

  async function startReject(market: Market, url?: string) {
    stubApi(market)
    renderScreen(url)
    const [item] = await within(await section('Withdrawals to approve')).findAllByTestId('withdrawal-item')
    fireEvent.click(within(item!).getByRole('button', { name: 'Reject…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject $40.00 for carol?' })
    fireEvent.change(within(dialog).getByLabelText('Reason the user will see'), { target: { value: REASON } })
    return dialog
  }

  /** what the withdrawals' live event does */
  const liveEvent = () => client.invalidateQueries({ queryKey: adminKeys.allWithdrawals() })

  /** the reason is still there to copy (read-only, not disabled), and the decision cannot be sent */
  function expectReasonKeptAndConfirmOff(dialog: HTMLElement) {
    const reason = within(dialog).getByLabelText('Reason the user will see') as HTMLTextAreaElement
    expect([reason.value, reason.readOnly, reason.disabled]).toEqual([REASON, true, false])
    expect(within(dialog).getByText('Your note was not sent. It is kept below so you can copy it.')).toBeTruthy()
    expect((within(dialog).getByRole('button', { name: 'Reject withdrawal' }) as HTMLButtonElement).disabled).toBe(true)
  }

  it('keeps the dialog and the reason when a live event drops the withdrawal, says how it was decided, and turns off the button', async () => {
    const market: Market = { withdrawals: [makeWithdrawal()] }
    const dialog = await startReject(market)
    // another admin approved it: the live event refreshes the queue, which no longer lists it
    market.withdrawals = []
    market.current = decided('approved')
    await liveEvent()
    await waitFor(() => expect(screen.queryByTestId('withdrawal-item')).toBeNull())
    expect(screen.getByRole('dialog', { name: 'Reject $40.00 for carol?' })).toBe(dialog)
    expect((await within(dialog).findByTestId('decision-overtaken')).textContent).toContain(
      'Another admin already approved this withdrawal: $40.00 is on its way to carol@payouts.example.',
    )
    expect(calls.map((call) => call.path)).toContain(ONE_READ)
    expectReasonKeptAndConfirmOff(dialog)
    fireEvent.submit(within(dialog).getByLabelText('Reason the user will see'))
    expect(writes()).toEqual([])
    // the footer's Close (the corner's ✕ has the same name)
    fireEvent.click(within(dialog).getByText('Close'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows the server’s 409 in the dialog, then how the withdrawal was decided, when it was decided before the request reached it', async () => {
    const market: Market = { withdrawals: [makeWithdrawal()], decide: { status: 409, message: PAYMENT_MESSAGES.withdrawalDecided } }
    const dialog = await startReject(market)
    // another admin rejected it a moment ago, and no live event has reached this page yet
    market.withdrawals = []
    market.current = decided('rejected')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }))
    expect(await within(dialog).findByText(PAYMENT_MESSAGES.withdrawalDecided)).toBeTruthy()
    expect((await within(dialog).findByText(/^Another admin already rejected/)).textContent).toBe(
      'Another admin already rejected this withdrawal: $40.00 is back in carol’s balance.',
    )
    expect(screen.getByRole('dialog', { name: 'Reject $40.00 for carol?' })).toBe(dialog)
    expectReasonKeptAndConfirmOff(dialog)
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(writes()).toHaveLength(1)
  })

  it('says someone else decided it when the 409 comes and the decision cannot be read', async () => {
    const dialog = await startReject({ withdrawals: [makeWithdrawal()], decide: { status: 409, message: PAYMENT_MESSAGES.withdrawalDecided } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }))
    expect((await within(dialog).findByTestId('decision-overtaken')).textContent).toContain(
      'Someone else already decided this withdrawal while this dialog was open.',
    )
    await waitFor(() => expect(calls.map((call) => call.path)).toContain(ONE_READ))
    expectReasonKeptAndConfirmOff(dialog)
  })

  it('does not call a withdrawal decided that only moved up to an earlier page', async () => {
    const waiting = Array.from({ length: PAYMENTS_PAGE_SIZE + 1 }, (_, i) => makeWithdrawal({ id: 100 + i }))
    const market: Market = { withdrawals: waiting }
    const dialog = await startReject(market, '/admin-dashboard?withdrawalsPage=2')
    // another admin decided the oldest one, on page 1: this one moves up to page 1
    market.withdrawals = waiting.slice(1)
    market.current = makeWithdrawal({ id: 100 + PAYMENTS_PAGE_SIZE })
    await liveEvent()
    await waitFor(() => expect(screen.queryByTestId('withdrawal-item')).toBeNull())
    await waitFor(() => expect(calls.map((call) => call.path)).toContain(withdrawalPath(100 + PAYMENTS_PAGE_SIZE)))
    expect(screen.getByRole('dialog', { name: 'Reject $40.00 for carol?' })).toBe(dialog)
    expect(within(dialog).queryByTestId('decision-overtaken')).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(writes()[0]).toMatchObject({ path: rejectPath(100 + PAYMENTS_PAGE_SIZE), body: { reason: REASON } })
  })

  it('sends the decision under an Idempotency-Key, the same one again when the answer was lost', async () => {
    const market: Market = { withdrawals: [makeWithdrawal()], decide: { status: 503, message: 'Service temporarily unavailable' } }
    const dialog = await startReject(market)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }))
    expect(await within(dialog).findByText('Service temporarily unavailable')).toBeTruthy()
    market.decide = undefined
    fireEvent.click(within(dialog).getByRole('button', { name: /Reject withdrawal|Try again/ }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const [first, retry] = writes()
    expect(first!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(retry!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key'])
    expect(retry).toMatchObject({ path: rejectPath(31), body: { reason: REASON } })
  })

  it('does not blame another admin for a decision that may be the admin’s own, whose answer was lost', async () => {
    const market: Market = { withdrawals: [makeWithdrawal()], decide: { status: 504, message: 'Gateway Timeout' } }
    const dialog = await startReject(market)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }))
    expect(await within(dialog).findByText('Gateway Timeout')).toBeTruthy()
    // the server took it all the same: its live event drops the withdrawal
    market.withdrawals = []
    market.current = makeWithdrawal({ status: 'rejected', reason: REASON, decidedAt: new Date().toISOString() })
    await liveEvent()
    expect((await within(dialog).findByTestId('decision-overtaken')).textContent).toBe(
      'Your request got no answer, and the withdrawal has been rejected since: $40.00 is back in carol’s balance. It may have been your own decision.If it was, your note went with it. It is kept below either way.',
    )
    expect(within(dialog).queryByText(/Another admin/)).toBeNull()
  })

  it('keeps a lost answer’s key for its retry when another withdrawal is decided meanwhile', async () => {
    const market: Market = {
      withdrawals: [makeWithdrawal(), makeWithdrawal({ id: 32, username: 'dave' })],
      decide: { status: 503, message: 'Service temporarily unavailable' },
    }
    const first = await startReject(market)
    fireEvent.click(within(first).getByRole('button', { name: 'Reject withdrawal' }))
    expect(await within(first).findByText('Service temporarily unavailable')).toBeTruthy()
    fireEvent.click(within(first).getByText('Cancel'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // the other one is approved, which settles its own key only
    market.decide = undefined
    const items = within(await section('Withdrawals to approve')).getAllByTestId('withdrawal-item')
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Approve' }))
    const approve = await screen.findByRole('dialog', { name: 'Pay out $40.00 to dave?' })
    fireEvent.click(within(approve).getByRole('button', { name: 'Approve payout' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // the first again, the same reason: the same request, under its first key
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Reject…' }))
    const again = await screen.findByRole('dialog', { name: 'Reject $40.00 for carol?' })
    fireEvent.change(within(again).getByLabelText('Reason the user will see'), { target: { value: REASON } })
    fireEvent.click(within(again).getByRole('button', { name: 'Reject withdrawal' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const rejects = writes().filter((call) => call.path === rejectPath(31))
    expect(rejects).toHaveLength(2)
    expect(rejects[1]!.headers['Idempotency-Key']).toBe(rejects[0]!.headers['Idempotency-Key'])
  })

  it('says nothing of someone else while the admin’s own decision runs, though its live event drops the withdrawal first', async () => {
    let answer = () => {}
    const market: Market = { withdrawals: [makeWithdrawal()], hold: new Promise<void>((resolve) => (answer = resolve)) }
    const dialog = await startReject(market)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }))
    expect(await within(dialog).findByRole('button', { name: 'Working…' })).toBeTruthy()
    market.withdrawals = []
    market.current = decided('rejected')
    await liveEvent()
    await waitFor(() => expect(screen.queryByTestId('withdrawal-item')).toBeNull())
    expect(screen.getByRole('dialog', { name: 'Reject $40.00 for carol?' })).toBe(dialog)
    expect(within(dialog).queryByTestId('decision-overtaken')).toBeNull()
    answer()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.map((call) => call.path)).not.toContain(ONE_READ)
  })
})
