// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { STEP_ENDPOINTS, transactionEndpoints } from '@shared/api/endpoints/transactions'
import type { DesktopBridge } from '@shared/ipc/contract'
import { TRANSACTION_MESSAGES, type QuoteDto } from '@shared/api/transactions'
import { apiUrl } from '@/lib/api'
import { focusesComposer } from '@/lib/chat-arrival'
import { authKeys } from '@/lib/query-keys'
import { makeDeal } from '../test-fixtures'
import { BuyNow, type BuyNowListing } from './buy-now'

const LISTING: BuyNowListing = { id: 11, accountTitle: 'Cat Clips channel', username: 'catclips', price: 1000, sellerId: 3, isActive: true }
const BOB = { id: 5, username: 'bob', avatar: null, balance: '2000.00' }
const QUOTE: QuoteDto = {
  listingId: 11,
  price: 1000,
  escrowFee: 50,
  methods: [
    { method: 'balance', processorFee: 0, total: 1050, available: true },
    { method: 'card', processorFee: 30.75, total: 1080.75, available: true },
    { method: 'crypto', processorFee: 10.5, total: 1060.5, available: true },
  ],
  balance: 2000,
  countdownDays: 7,
  reservationMinutes: 15,
}

/** Where the buyer reserves the listing, and deal 7's checkout and payment from the balance. */
const PURCHASE = apiUrl(transactionEndpoints.postTransactions)
const CHECKOUT_7 = apiUrl(transactionEndpoints.postTransactionsCheckout, { params: { id: 7 } })
const PAY_7 = apiUrl(STEP_ENDPOINTS.pay, { params: { id: 7 } })

const CARD_CHECKOUT = { orderId: 'trans_7', checkoutUrl: '/sandbox/checkout/trans_7', amount: 1050, processorFee: 30.75, total: 1080.75 }

/** Buy Now, then Card in the dialog and its Continue button; answers the dialog. */
async function continueByCard(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Buy Now' }))
  const dialog = await screen.findByRole('dialog')
  await user.click(await within(dialog).findByLabelText(/Card/))
  await user.click(within(dialog).getByRole('button', { name: 'Continue to pay $1,080.75' }))
  return dialog
}

interface Sent {
  path: string
  key: string | null
  body: unknown
}

/** Quotes asked for, counted apart from `sent`. */
let quotesAsked = 0
/** What the server quotes now: a test changes it as a seller would change the price */
let QUOTE_NOW: QuoteDto = QUOTE

/** As the server does: once the listing is reserved, it is no longer for sale and has no quote. */
function stubServer(answers: Record<string, () => Response> = {}) {
  const sent: Sent[] = []
  let reserved = false
  quotesAsked = 0
  QUOTE_NOW = QUOTE
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === apiUrl(authEndpoints.getAuthMe)) return Response.json(BOB)
    if (path.startsWith(`${transactionEndpoints.getTransactions.path}?`)) return Response.json([], { headers: { 'X-Total-Count': '0' } })
    if (path.startsWith(transactionEndpoints.getTransactionsQuote.path)) {
      quotesAsked++
      return reserved ? Response.json({ message: 'This account is no longer available' }, { status: 404 }) : Response.json(QUOTE_NOW)
    }
    const body = init.body ? JSON.parse(String(init.body)) : undefined
    sent.push({ path, key: new Headers(init.headers).get('Idempotency-Key'), body })
    const answer = answers[path]?.() ?? defaultAnswer(path, body)
    if (path === PURCHASE && answer.ok) reserved = true
    return answer
  })
  return sent
}

function defaultAnswer(path: string, body: { pay?: string } | undefined): Response {
  if (path === PURCHASE) return Response.json(makeDeal(body?.pay ? { status: 'fee_paid', actions: [] } : {}), { status: 201 })
  if (path === PAY_7) return Response.json(makeDeal({ status: 'fee_paid', actions: [] }))
  return Response.json({ message: 'not found' }, { status: 404 })
}

function Location() {
  const { pathname, search, state } = useLocation()
  return (
    <output data-testid="location" data-focus-composer={focusesComposer(state)}>
      {pathname + search}
    </output>
  )
}

function renderBuy(user: typeof BOB | null, listing: BuyNowListing = LISTING) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), user)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/listing/11']}>
        <BuyNow listing={listing} />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { user: userEvent.setup(), location: () => screen.getByTestId('location').textContent }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('BuyNow', () => {
  it('is not offered to the seller', () => {
    stubServer()
    renderBuy({ ...BOB, id: 3 })
    expect(screen.queryByRole('button', { name: /Buy Now/ })).toBeNull()
  })

  it('sends visitors to sign in to buy @handle, and back to the listing afterwards (nothing bought meanwhile)', async () => {
    const sent = stubServer()
    const { user, location } = renderBuy(null)
    await user.click(screen.getByRole('button', { name: 'Buy Now' }))
    expect(location()).toBe('/login?redirect=%2Flisting%2F11&reason=buy&handle=catclips')
    expect(sent).toEqual([])
  })

  it('shows the full cost per way to pay, then reserves and pays from the balance in one request and goes to the chat', async () => {
    const sent = stubServer()
    const { user, location } = renderBuy(BOB)
    await user.click(screen.getByRole('button', { name: 'Buy Now' }))
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByTestId('quote-summary')
    expect(within(within(dialog).getByTestId('pay-option-card')).getByText('$1,080.75')).toBeTruthy()
    expect(within(dialog).getByText('Your balance of $2,000.00 covers it.')).toBeTruthy()
    expect(within(dialog).getByText('15 minutes')).toBeTruthy()
    expect(within(dialog).getByText('7-day')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Pay $1,050' }))
    await waitFor(() => expect(location()).toBe('/chat/12'))
    // where writing to the seller comes next: the chat puts the focus in its message box
    expect(screen.getByTestId('location').dataset.focusComposer).toBe('true')
    expect(sent.map((s) => [s.path, s.body])).toEqual([[PURCHASE, { listingId: 11, pay: 'balance', quotedTotal: 1050 }]])
    expect(sent.every((s) => s.key)).toBe(true)
    // the bought listing is not quoted again on the way out
    expect(quotesAsked).toBe(1)
  })

  it('reserves nothing when paying from the balance fails, and Retry sends the same request again', async () => {
    let calls = 0
    const sent = stubServer({
      [PURCHASE]: () =>
        ++calls === 1
          ? Response.json({ message: 'Insufficient balance' }, { status: 409 })
          : Response.json(makeDeal({ status: 'fee_paid', actions: [] }), { status: 201 }),
    })
    const { user, location } = renderBuy(BOB)
    await user.click(screen.getByRole('button', { name: 'Buy Now' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $1,050' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toBe('Insufficient balance')
    await user.click(within(dialog).getByRole('button', { name: 'Retry: Pay $1,050' }))
    await waitFor(() => expect(location()).toBe('/chat/12'))
    expect(sent.map((s) => [s.path, s.body])).toEqual([
      [PURCHASE, { listingId: 11, pay: 'balance', quotedTotal: 1050 }],
      [PURCHASE, { listingId: 11, pay: 'balance', quotedTotal: 1050 }],
    ])
    expect(sent[1]!.key).toBe(sent[0]!.key)
  })

  it('offers other accounts instead of Retry when another buyer reserved this one first', async () => {
    const sent = stubServer({ [PURCHASE]: () => Response.json({ message: 'This account is no longer available' }, { status: 409 }) })
    const { user } = renderBuy(BOB)
    await user.click(screen.getByRole('button', { name: 'Buy Now' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $1,050' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This account is no longer available')
    expect(within(dialog).queryByRole('button', { name: /Retry/ })).toBeNull()
    expect(within(dialog).getByRole('link', { name: 'Browse other accounts' }).getAttribute('href')).toBe('/browse')
    expect(sent.filter((s) => s.path === PURCHASE)).toHaveLength(1)
  })

  it('asks for the quote again when the total changed since it was shown, and buys at the new total the buyer then sees', async () => {
    let calls = 0
    const sent = stubServer({
      [PURCHASE]: () =>
        ++calls === 1
          ? Response.json({ message: TRANSACTION_MESSAGES.quoteChanged }, { status: 409 })
          : Response.json(makeDeal({ status: 'fee_paid', actions: [] }), { status: 201 }),
    })
    const { user, location } = renderBuy(BOB)
    await user.click(screen.getByRole('button', { name: 'Buy Now' }))
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByTestId('quote-summary')
    // the seller raised the price after the dialog opened
    QUOTE_NOW = { ...QUOTE, price: 1100, methods: QUOTE.methods.map((m) => (m.method === 'balance' ? { ...m, total: 1155 } : m)) }
    await user.click(within(dialog).getByRole('button', { name: 'Pay $1,050' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(TRANSACTION_MESSAGES.quoteChanged)
    await within(dialog).findByRole('button', { name: 'Retry: Pay $1,155' })
    expect(quotesAsked).toBe(2)
    await user.click(within(dialog).getByRole('button', { name: 'Retry: Pay $1,155' }))
    await waitFor(() => expect(location()).toBe('/chat/12'))
    expect(sent.map((s) => s.body)).toEqual([
      { listingId: 11, pay: 'balance', quotedTotal: 1050 },
      { listingId: 11, pay: 'balance', quotedTotal: 1155 },
    ])
  })

  it('keeps the reserved deal when the provider checkout fails, and Retry starts it without reserving again', async () => {
    let checkouts = 0
    const sent = stubServer({
      [CHECKOUT_7]: () =>
        ++checkouts === 1
          ? Response.json({ message: 'The payment provider cannot be reached. Try again in a moment.' }, { status: 503 })
          : Response.json(CARD_CHECKOUT),
    })
    vi.spyOn(console, 'error').mockImplementation(() => undefined) // jsdom cannot navigate away
    const { user } = renderBuy(BOB)
    const dialog = await continueByCard(user)
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'ACC-007 is reserved for you, but the payment did not go through: The payment provider cannot be reached.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Retry: Continue to pay $1,080.75' }))
    await waitFor(() => expect(localStorage.getItem('trustap_order_id')).toBe('trans_7'))
    expect(sent.map((s) => s.path)).toEqual([PURCHASE, CHECKOUT_7, CHECKOUT_7])
    expect(sent[2]!.key).toBe(sent[1]!.key)
    // the reserved listing has no quote any more; the dialog kept the one it paid by
    expect(quotesAsked).toBe(1)
  })

  it('starts the provider checkout for card and remembers the order for the return screen', async () => {
    const sent = stubServer({
      [CHECKOUT_7]: () => Response.json(CARD_CHECKOUT),
    })
    vi.spyOn(console, 'error').mockImplementation(() => undefined) // jsdom cannot navigate away
    const { user } = renderBuy(BOB)
    await continueByCard(user)
    await waitFor(() => expect(localStorage.getItem('trustap_order_id')).toBe('trans_7'))
    expect(localStorage.getItem('purchase_account_id')).toBe('11')
    expect(sent.map((s) => [s.path, s.body])).toEqual([
      [PURCHASE, { listingId: 11, quotedTotal: 1050 }],
      [CHECKOUT_7, { method: 'card' }],
    ])
  })

  it('in the desktop app, opens the checkout in the system browser and waits in the dialog', async () => {
    const checkoutUrl = 'http://127.0.0.1:3000/sandbox/checkout/trans_7?key=k'
    const sent = stubServer({ [CHECKOUT_7]: () => Response.json({ ...CARD_CHECKOUT, checkoutUrl }) })
    const openExternal = vi.fn(async () => {})
    window.desktop = { openExternal } as unknown as DesktopBridge
    try {
      const { user, location } = renderBuy(BOB)
      const dialog = await continueByCard(user)
      await within(dialog).findByText('Continue in your browser')
      expect(openExternal).toHaveBeenCalledWith({ url: checkoutUrl })
      expect(sent.at(-1)).toMatchObject({ path: CHECKOUT_7, body: { method: 'card', returnTo: 'desktop' } })
      expect(location()).toBe('/listing/11')
      await user.click(within(dialog).getByRole('button', { name: 'Open the checkout again' }))
      expect(openExternal).toHaveBeenCalledTimes(2)
    } finally {
      delete window.desktop
    }
  })

  it('offers no Buy Now on a listing that is not on sale (its page says why)', async () => {
    stubServer()
    renderBuy(BOB, { ...LISTING, isActive: false })
    // the open-purchase lookup answers first: nothing appears once it has
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('button', { name: /Buy Now/ })).toBeNull()
  })
})
