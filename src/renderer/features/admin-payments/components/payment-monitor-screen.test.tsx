// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, useLocation } from 'react-router-dom'
import {
  RESOLVE_REVERSAL_MESSAGES,
  STUCK_MESSAGES,
  type AdminDealDto,
  type AdminPaymentOrderDto,
  type ReconcileResult,
  type RefundResult,
  type ResolveReversalResult,
} from '@shared/api/admin-payments'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { Toaster } from '@/components/ui/toaster'
import { toastStore } from '@/hooks/use-toast'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { apiUrl } from '@/lib/api'
import { adminKeys, authKeys } from '@/lib/query-keys'
import { PaymentMonitorScreen } from './payment-monitor-screen'

const ADMIN = { id: 1000, username: 'admin', avatar: null, balance: '0.00' }
const ADMIN_ME = apiUrl(authEndpoints.getAuthAdminMe)
const ORDERS = adminEndpoints.getAdminPaymentsOrders
const DEALS = adminEndpoints.getAdminPaymentsTransactions
/** the toast stack renders lazily; on a busy machine the first toast takes longer than findBy's default second */
const TOAST_WAIT = { timeout: 5_000 }
const AN_HOUR_AGO = new Date(Date.now() - 60 * 60_000).toISOString()

function order(over: Partial<AdminPaymentOrderDto> = {}): AdminPaymentOrderDto {
  return {
    id: 1,
    orderId: 'deposit_1001_1700000000',
    kind: 'deposit',
    transactionId: null,
    user: { id: 1001, username: 'alice' },
    provider: 'sandbox',
    providerRef: 'sbx_1',
    method: 'card',
    amount: 25,
    processorFee: 1.03,
    total: 26.03,
    status: 'created',
    createdAt: AN_HOUR_AGO,
    updatedAt: AN_HOUR_AGO,
    paidAt: null,
    creditedAt: null,
    refundedAt: null,
    reversedAt: null,
    reversalResolvedAt: null,
    complainedAt: null,
    complaintClosedAt: null,
    stuck: null,
    ...over,
  }
}

function deal(over: Partial<AdminDealDto> = {}): AdminDealDto {
  return {
    id: 7,
    displayId: 'ACC-007',
    listing: { id: 3, title: 'Cat Channel', platform: 'youtube' },
    buyer: { id: 1001, username: 'alice' },
    seller: { id: 1002, username: 'bob' },
    status: 'pending',
    price: 120,
    escrowFee: 6,
    processorFee: 0,
    total: 126,
    paymentMethod: null,
    createdAt: AN_HOUR_AGO,
    updatedAt: AN_HOUR_AGO,
    paidAt: null,
    reservedUntil: AN_HOUR_AGO,
    countdownEndsAt: null,
    stuck: null,
    ...over,
  }
}

const STUCK_ORDER = order({ id: 2, orderId: 'deposit_1001_1700000100', stuck: { reason: 'open_too_long', message: STUCK_MESSAGES.open_too_long } })
const CREDITED = order({
  id: 3,
  orderId: 'deposit_1002_1700000200',
  user: { id: 1002, username: 'bob' },
  status: 'credited',
  creditedAt: AN_HOUR_AGO,
})
const HELD = order({
  id: 4,
  orderId: 'deposit_1003_1700000300',
  user: { id: 1003, username: 'carol' },
  status: 'paid',
  paidAt: AN_HOUR_AGO,
  stuck: { reason: 'paid_not_credited', message: STUCK_MESSAGES.paid_not_credited },
})
const REFUNDED = order({
  id: 5,
  orderId: 'deposit_1003_1700000400',
  user: { id: 1003, username: 'carol' },
  status: 'refunded',
  paidAt: AN_HOUR_AGO,
  refundedAt: AN_HOUR_AGO,
})
const REVERSED = order({
  id: 6,
  orderId: 'deposit_1003_1700000500',
  user: { id: 1003, username: 'carol' },
  status: 'credited',
  paidAt: AN_HOUR_AGO,
  creditedAt: AN_HOUR_AGO,
  stuck: { reason: 'reversed_at_provider', message: STUCK_MESSAGES.reversed_at_provider },
})
const STUCK_DEAL = deal({ stuck: { reason: 'reservation_not_lapsed', message: STUCK_MESSAGES.reservation_not_lapsed } })

interface Stub {
  orders?: AdminPaymentOrderDto[]
  /** X-Total-Count of the orders; how many `orders` holds when undefined */
  ordersTotal?: number
  deals?: AdminDealDto[]
  /** X-Total-Count of the deals; how many `deals` holds when undefined */
  dealsTotal?: number
  reconcile?: ReconcileResult | { status: number; message: string }
  refund?: RefundResult | { status: number; message: string }
  resolveReversal?: ResolveReversalResult
}

/** The admin check passes; the monitor's endpoints answer from `stub`; every request is remembered. */
function stubApi(stub: Stub = {}) {
  const calls: { method: string; path: string; body?: unknown }[] = []
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', path, ...(typeof init?.body === 'string' ? { body: JSON.parse(init.body) as unknown } : {}) })
    if (path === ADMIN_ME) return Response.json({ user: { isAdmin: true, twoFactorEnabled: true } })
    if (path.startsWith(`${ORDERS.path}?`) || path === ORDERS.path) {
      const items = stub.orders ?? [STUCK_ORDER, CREDITED]
      return Response.json(items, { headers: { [TOTAL_COUNT_HEADER]: String(stub.ordersTotal ?? items.length) } })
    }
    if (path.startsWith(DEALS.path)) {
      const items = stub.deals ?? [STUCK_DEAL]
      return Response.json(items, { headers: { [TOTAL_COUNT_HEADER]: String(stub.dealsTotal ?? items.length) } })
    }
    if (path === apiUrl(adminEndpoints.getAdminPaymentsSummary)) return Response.json({ stuckOrders: 1, stuckTransactions: 1 })
    if (path.endsWith('/reconcile')) {
      const answer = stub.reconcile
      if (answer && 'status' in answer && typeof answer.status === 'number')
        return Response.json({ error: { code: 'x', message: answer.message }, message: answer.message }, { status: answer.status })
      return Response.json(answer)
    }
    if (path.endsWith('/resolve-reversal')) return Response.json(stub.resolveReversal)
    if (path.endsWith('/refund')) {
      const answer = stub.refund
      if (answer && 'status' in answer && typeof answer.status === 'number')
        return Response.json({ error: { code: 'x', message: answer.message }, message: answer.message }, { status: answer.status })
      return Response.json(answer)
    }
    return new Response(null, { status: 404 })
  })
  return calls
}

/**
 * The monitor with one order whose POST to `/{action}` is answered only when the test says; `changed()` makes the
 * lists show `after` from then on, as the order's own live event would before the POST is answered.
 */
function stubSlowAction(action: 'reconcile' | 'refund', before: AdminPaymentOrderDto, after: AdminPaymentOrderDto) {
  let answer: (response: Response) => void = () => {}
  let changed = false
  vi.stubGlobal('fetch', async (path: string) => {
    if (path === ADMIN_ME) return Response.json({ user: { isAdmin: true, twoFactorEnabled: true } })
    if (path.endsWith(`/${action}`)) return new Promise<Response>((resolve) => (answer = resolve))
    if (path.startsWith(ORDERS.path)) return Response.json([changed ? after : before], { headers: { [TOTAL_COUNT_HEADER]: '1' } })
    if (path.startsWith(DEALS.path)) return Response.json([], { headers: { [TOTAL_COUNT_HEADER]: '0' } })
    return Response.json({ stuckOrders: 0, stuckTransactions: 0 })
  })
  return { changed: () => (changed = true), answer: (response: Response) => answer(response) }
}

function Location() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

function renderScreen(url = '/admin/payment-monitor', live = true) {
  return renderWithClient(url, live).view
}

function renderWithClient(url = '/admin/payment-monitor', live = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), ADMIN)
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <PaymentMonitorScreen live={live} />
        <Location />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { client, view }
}

// the toast stack is a lazy chunk: loaded once here, so the first toast of a test does not wait on the import
beforeAll(async () => {
  await import('@/components/ui/toast-stack')
})

afterEach(() => {
  cleanup()
  toastStore.clear()
  vi.unstubAllGlobals()
})

describe('PaymentMonitorScreen', () => {
  it('shows orders and escrow transactions, stuck rows marked with the reason', async () => {
    stubApi()
    renderScreen()
    const orders = await screen.findByRole('table', { name: 'Payment orders' })
    const rows = within(orders).getAllByTestId('order-row')
    expect(rows).toHaveLength(2)
    expect(rows[0]!.dataset.stuck).toBe('open_too_long')
    expect(within(rows[0]!).getByText(STUCK_MESSAGES.open_too_long)).toBeTruthy()
    expect(within(rows[0]!).getByText('$25.00')).toBeTruthy()
    expect(rows[1]!.dataset.stuck).toBeUndefined()
    const deals = await screen.findByRole('table', { name: 'Escrow transactions' })
    const dealRow = within(deals).getByTestId('deal-row')
    expect(within(dealRow).getByRole('link', { name: 'ACC-007' }).getAttribute('href')).toBe('/transaction/7')
    expect(within(dealRow).getByText(STUCK_MESSAGES.reservation_not_lapsed)).toBeTruthy()
    expect(await screen.findByTestId('stuck-summary')).toHaveProperty(
      'textContent',
      expect.stringContaining('1 stuck order and 1 stuck escrow transaction need a look.'),
    )
    expect(screen.getByTestId('live-badge').textContent).toBe('Live')
  })

  it('offers Reconcile only for orders not yet credited', async () => {
    stubApi()
    renderScreen()
    await screen.findByRole('table', { name: 'Payment orders' })
    expect(screen.getByRole('button', { name: `Reconcile ${STUCK_ORDER.orderId}` })).toBeTruthy()
    expect(screen.queryByRole('button', { name: `Reconcile ${CREDITED.orderId}` })).toBeNull()
  })

  it('offers Reconcile and Mark recovered on a credited payment the provider gave back, and sends the note', async () => {
    const result: ResolveReversalResult = { order: { ...REVERSED, stuck: null }, changed: true, message: RESOLVE_REVERSAL_MESSAGES.resolved }
    const calls = stubApi({ orders: [REVERSED, CREDITED], resolveReversal: result })
    renderScreen()
    await screen.findByRole('table', { name: 'Payment orders' })
    expect(screen.getByRole('button', { name: `Reconcile ${REVERSED.orderId}` })).toBeTruthy()
    expect(screen.queryByRole('button', { name: `Mark ${CREDITED.orderId} recovered` })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: `Mark ${REVERSED.orderId} recovered` }))
    const dialog = await screen.findByRole('dialog', { name: 'Mark $25.00 credited to carol recovered?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark recovered' }))
    expect(await within(dialog).findByText('Say how the money was recovered')).toBeTruthy()
    expect(calls.some((c) => c.path.endsWith('/resolve-reversal'))).toBe(false)
    fireEvent.change(within(dialog).getByLabelText('How the money was recovered (kept in the audit log)'), {
      target: { value: 'Taken back from the balance' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark recovered' }))
    expect(await screen.findByText(result.message, {}, TOAST_WAIT)).toBeTruthy()
    expect(calls).toContainEqual({
      method: 'POST',
      path: apiUrl(adminEndpoints.postAdminPaymentsOrdersResolveReversal, { params: { orderId: REVERSED.orderId } }),
      body: { note: 'Taken back from the balance' },
    })
  })

  it('keeps what the provider did after the credit on the row, with when, after its flag has gone', async () => {
    const settled = order({
      id: 9,
      orderId: 'trans_12_1700000000',
      kind: 'purchase',
      transactionId: 12,
      status: 'credited',
      creditedAt: AN_HOUR_AGO,
      complainedAt: new Date(Date.now() - 50 * 60_000).toISOString(),
      complaintClosedAt: new Date(Date.now() - 40 * 60_000).toISOString(),
      reversedAt: new Date(Date.now() - 40 * 60_000).toISOString(),
      reversalResolvedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    })
    stubApi({ orders: [settled, CREDITED] })
    renderScreen()
    await screen.findByRole('table', { name: 'Payment orders' })
    const rows = screen.getAllByTestId('order-row')
    const history = within(rows.find((row) => row.textContent?.includes(settled.orderId))!).getByTestId('after-credit')
    expect([...history.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Complaint at the provider 50 minutes ago',
      'Provider past the complaint 40 minutes ago',
      'Given back to the payer 40 minutes ago',
      'Marked recovered 5 minutes ago',
    ])
    expect(
      within(history)
        .getAllByRole('time')
        .map((t) => t.getAttribute('datetime')),
    ).toEqual([settled.complainedAt, settled.complaintClosedAt, settled.reversedAt, settled.reversalResolvedAt])
    expect(within(rows.find((row) => row.textContent?.includes(CREDITED.orderId))!).queryByTestId('after-credit')).toBeNull()
  })

  it("stacks a row's actions in their cell and sets no min width, so the table fits the admin column (checked in Chromium at 1280-1920 px)", async () => {
    stubApi({
      orders: [{ ...HELD, reversedAt: AN_HOUR_AGO, stuck: { reason: 'reversed_at_provider', message: STUCK_MESSAGES.reversed_at_provider } }],
    })
    renderScreen()
    const table = await screen.findByRole('table', { name: 'Payment orders' })
    expect(table.className).not.toMatch(/min-w-/)
    const actions = within(table).getByTestId('order-actions')
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reconcile', 'Refund…', 'Mark recovered…'])
    expect(actions.className.split(' ')).toEqual(expect.arrayContaining(['flex-wrap', 'lg:flex-col']))
    // below lg each row is a card whose cells name their column
    expect([...within(table).getByTestId('order-row').querySelectorAll('td[data-label]')].map((td) => td.getAttribute('data-label'))).toEqual([
      'Order',
      'User',
      'Provider',
      'Amount',
      'Status',
      'Opened',
    ])
  })

  it('stacks the escrow deals like the orders and sets no min width, so two 50-character usernames wrap in the column (checked in Chromium at 375 and 1280-1920 px)', async () => {
    const seller = { id: 1011, username: 'digitalharvest_media_group_international_official' }
    const buyer = { id: 1008, username: 'northstar.media.and.marketing.agency.worldwide.llc' }
    stubApi({ deals: [deal({ seller, buyer, stuck: STUCK_DEAL.stuck })] })
    renderScreen()
    const table = await screen.findByRole('table', { name: 'Escrow transactions' })
    expect(table.className).not.toMatch(/min-w-/)
    const row = within(table).getByTestId('deal-row')
    // below lg each deal is a card whose cells name their column
    expect([...row.querySelectorAll('td[data-label]')].map((td) => td.getAttribute('data-label'))).toEqual([
      'Transaction',
      'Listing',
      'Seller → Buyer',
      'Total',
      'Status',
      'Opened',
    ])
    const parties = within(row).getByText(`${seller.username} → ${buyer.username}`)
    expect(parties.className).not.toMatch(/whitespace-nowrap/)
    expect(parties.className.split(' ')).toContain('wrap-anywhere')
  })

  it('offers Refund only for a payment held for an operator, and neither action once it is refunded', async () => {
    stubApi({ orders: [STUCK_ORDER, HELD, REFUNDED, CREDITED] })
    renderScreen()
    await screen.findByRole('table', { name: 'Payment orders' })
    expect(screen.getByRole('button', { name: `Refund ${HELD.orderId}` })).toBeTruthy()
    expect(screen.getByRole('button', { name: `Reconcile ${HELD.orderId}` })).toBeTruthy()
    for (const other of [STUCK_ORDER, REFUNDED, CREDITED]) expect(screen.queryByRole('button', { name: `Refund ${other.orderId}` })).toBeNull()
    expect(screen.queryByRole('button', { name: `Reconcile ${REFUNDED.orderId}` })).toBeNull()
    expect(within(screen.getAllByTestId('order-row')[2]!).getByText('Refunded')).toBeTruthy()
  })

  it('asks for a reason before refunding, then sends it and says what the server answered', async () => {
    const result: RefundResult = {
      order: { ...HELD, status: 'refunded', refundedAt: new Date().toISOString(), stuck: null },
      changed: true,
      refunded: 26.03,
      message: '$26.03 goes back to the payer at the provider; the order is marked refunded.',
    }
    const calls = stubApi({ orders: [HELD], refund: result })
    renderScreen()
    fireEvent.click(await screen.findByRole('button', { name: `Refund ${HELD.orderId}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Refund $26.03 to carol?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund payment' }))
    expect(await within(dialog).findByText('Say why the payment is refunded')).toBeTruthy()
    expect(calls.some((c) => c.path.endsWith('/refund'))).toBe(false)
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'Account deleted before the deposit arrived' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund payment' }))
    expect(await screen.findByText(result.message, {}, TOAST_WAIT)).toBeTruthy()
    expect(calls).toContainEqual({
      method: 'POST',
      path: apiUrl(adminEndpoints.postAdminPaymentsOrdersRefund, { params: { orderId: HELD.orderId } }),
      body: { reason: 'Account deleted before the deposit arrived' },
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("still tells the refund's answer when its live event took the row away first", async () => {
    const result: RefundResult = {
      order: { ...HELD, status: 'refunded', stuck: null },
      changed: true,
      refunded: 26.03,
      message: '$26.03 goes back to the payer at the provider; the order is marked refunded.',
    }
    const slow = stubSlowAction('refund', HELD, result.order)
    const { client } = renderWithClient()
    fireEvent.click(await screen.findByRole('button', { name: `Refund ${HELD.orderId}` }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Account deleted' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund payment' }))
    slow.changed()
    await client.invalidateQueries({ queryKey: adminKeys.paymentMonitor() })
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Refund / })).toBeNull())
    slow.answer(Response.json(result))
    expect(await screen.findByText(result.message, {}, TOAST_WAIT)).toBeTruthy()
  })

  it("keeps the refund dialog open with the provider's refusal", async () => {
    const refusal = "Trustap reports the transaction funds_released: it cannot be cancelled from Handover, refund it in Trustap's dashboard"
    stubApi({ orders: [HELD], refund: { status: 409, message: refusal } })
    renderScreen()
    fireEvent.click(await screen.findByRole('button', { name: `Refund ${HELD.orderId}` }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Paid twice' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund payment' }))
    expect(await within(dialog).findByText(refusal)).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('sends the filters in the URL to the API, and builds the CSV links from them without the page', async () => {
    const calls = stubApi()
    renderScreen('/admin/payment-monitor?status=created&provider=sandbox&olderThan=30&stuck=true&page=2&txStatus=pending')
    await screen.findByRole('table', { name: 'Payment orders' })
    const paths = calls.map((c) => c.path)
    expect(paths).toContain(apiUrl(ORDERS, { query: { status: 'created', provider: 'sandbox', olderThan: 30, stuck: true, page: 2 } }))
    expect(paths).toContain(apiUrl(DEALS, { query: { status: 'pending', olderThan: 30, stuck: true } }))
    const [ordersCsv, dealsCsv] = screen.getAllByRole('link', { name: 'Export CSV' })
    expect(ordersCsv!.getAttribute('href')).toBe(
      apiUrl(adminEndpoints.getAdminPaymentsOrdersCsv, { query: { status: 'created', provider: 'sandbox', olderThan: 30, stuck: true } }),
    )
    expect(dealsCsv!.getAttribute('href')).toBe(
      apiUrl(adminEndpoints.getAdminPaymentsTransactionsCsv, { query: { status: 'pending', olderThan: 30, stuck: true } }),
    )
    expect((screen.getByLabelText('Order status') as HTMLSelectElement).value).toBe('created')
    expect((screen.getByLabelText('Stuck only') as HTMLInputElement).checked).toBe(true)
  })

  it('keeps a changed filter in the URL and starts its list again at page 1', async () => {
    const calls = stubApi()
    renderScreen('/admin/payment-monitor?page=3')
    await screen.findByRole('table', { name: 'Payment orders' })
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'trustap' } })
    expect(screen.getByTestId('location').textContent).toBe('/admin/payment-monitor?provider=trustap')
    await waitFor(() => expect(calls.map((c) => c.path)).toContain(apiUrl(ORDERS, { query: { provider: 'trustap' } })))
    fireEvent.click(screen.getByLabelText('Stuck only'))
    expect(screen.getByTestId('location').textContent).toBe('/admin/payment-monitor?provider=trustap&stuck=true')
    fireEvent.change(screen.getByLabelText('Transaction status'), { target: { value: 'disputed' } })
    expect(screen.getByTestId('location').textContent).toBe('/admin/payment-monitor?provider=trustap&stuck=true&txStatus=disputed')
  })

  it('reconciles an order and says what the provider answered in a toast', async () => {
    const result: ReconcileResult = {
      order: { ...STUCK_ORDER, status: 'credited', stuck: null },
      outcome: 'credited',
      changed: true,
      message: 'The provider reports it paid: the order is now credited.',
    }
    const calls = stubApi({ reconcile: result })
    renderScreen()
    fireEvent.click(await screen.findByRole('button', { name: `Reconcile ${STUCK_ORDER.orderId}` }))
    expect(await screen.findByText(result.message, {}, TOAST_WAIT)).toBeTruthy()
    expect(screen.getByText(`Reconciled ${STUCK_ORDER.orderId}`)).toBeTruthy()
    expect(calls).toContainEqual({
      method: 'POST',
      path: apiUrl(adminEndpoints.postAdminPaymentsOrdersReconcile, { params: { orderId: STUCK_ORDER.orderId } }),
    })
    // the lists are fetched again to show the order as it is now
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith(ORDERS.path)).length).toBeGreaterThan(1))
  })

  it("still tells the answer when a live refresh took the row's button away first", async () => {
    const result: ReconcileResult = {
      order: { ...STUCK_ORDER, status: 'credited', stuck: null },
      outcome: 'credited',
      changed: true,
      message: 'The provider reports it paid: the order is now credited.',
    }
    const slow = stubSlowAction('reconcile', STUCK_ORDER, result.order)
    const { client } = renderWithClient()
    fireEvent.click(await screen.findByRole('button', { name: `Reconcile ${STUCK_ORDER.orderId}` }))
    // the order's own payment_monitor_update arrives before the POST is answered
    slow.changed()
    await client.invalidateQueries({ queryKey: adminKeys.paymentMonitor() })
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Reconcile/ })).toBeNull())
    slow.answer(Response.json(result))
    expect(await screen.findByText(result.message, {}, TOAST_WAIT)).toBeTruthy()
  })

  it("shows the server's refusal when a reconcile fails", async () => {
    stubApi({ reconcile: { status: 503, message: 'The payment provider cannot be reached. Try again in a moment.' } })
    renderScreen()
    fireEvent.click(await screen.findByRole('button', { name: `Reconcile ${STUCK_ORDER.orderId}` }))
    expect(await screen.findByText('The payment provider cannot be reached. Try again in a moment.', {}, TOAST_WAIT)).toBeTruthy()
    expect(screen.getByText(`Could not reconcile ${STUCK_ORDER.orderId}`)).toBeTruthy()
  })

  it('says when nothing matches the filters, and that it polls while the live connection is down', async () => {
    stubApi({ orders: [], deals: [] })
    renderScreen('/admin/payment-monitor?kind=purchase&txStatus=disputed', false)
    expect(await screen.findByText('No order matches these filters.')).toBeTruthy()
    expect(await screen.findByText('No transaction matches these filters.')).toBeTruthy()
    expect(screen.getByTestId('live-badge').textContent).toBe('Refreshing every 15 s')
  })

  it('says a page past the end is past the end, not that there are no orders, and leads back', async () => {
    const calls = stubApi({ orders: [], ordersTotal: 30 })
    renderScreen('/admin/payment-monitor?page=999&provider=sandbox')
    const orders = await screen.findByRole('region', { name: 'Payment orders' })
    expect(await within(orders).findByText('Page 999 is past the end')).toBeTruthy()
    expect(within(orders).getByText('There are 30 orders, on 2 pages.')).toBeTruthy()
    expect(within(orders).queryByText('No payment orders')).toBeNull()
    expect(within(orders).queryByRole('navigation')).toBeNull()
    fireEvent.click(within(orders).getByRole('button', { name: 'Go to page 2' }))
    expect(screen.getByTestId('location').textContent).toBe('/admin/payment-monitor?provider=sandbox&page=2')
    await waitFor(() => expect(calls.map((c) => c.path)).toContain(apiUrl(ORDERS, { query: { provider: 'sandbox', page: 2 } })))
    fireEvent.click(await within(orders).findByRole('button', { name: 'Go to page 1' }))
    expect(screen.getByTestId('location').textContent).toBe('/admin/payment-monitor?provider=sandbox')
  })

  it('leaves out "Showing x-y of N" on a page past the end, where the notice says it, and keeps it on the other list', async () => {
    stubApi({ orders: [], ordersTotal: 30, deals: [STUCK_DEAL], dealsTotal: 35 })
    renderScreen('/admin/payment-monitor?page=999')
    const orders = await screen.findByRole('region', { name: 'Payment orders' })
    expect(await within(orders).findByText('Page 999 is past the end')).toBeTruthy()
    expect(within(orders).queryByText(/^Showing /)).toBeNull()
    // the transactions are on their own first page, so their line stays
    const deals = screen.getByRole('region', { name: 'Escrow transactions' })
    expect(await within(deals).findByText('Showing 1-25 of 35 transactions')).toBeTruthy()
  })

  it('says that orders show up from the moment their checkout opens, paid or not, when there are none', async () => {
    stubApi({ orders: [], deals: [] })
    renderScreen()
    const orders = await screen.findByRole('region', { name: 'Payment orders' })
    expect(await within(orders).findByText('No payment orders')).toBeTruthy()
    expect(within(orders).getByText('Deposits and purchases show up here as soon as their checkout opens, paid or not.')).toBeTruthy()
  })
})
