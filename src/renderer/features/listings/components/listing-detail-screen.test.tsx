// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState, type ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import { apiUrl } from '@/lib/api'
import { authKeys, listingKeys } from '@/lib/query-keys'
import { makeListing } from '../test-fixtures'
import { ListingDetailScreen } from './listing-detail-screen'

function renderAt(url: string) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(makeListing({ id: 7 })), { status: 200 }))
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  // a visitor: no session request needed
  client.setQueryData(authKeys.me(), null)
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/listing/:id" element={<ListingDetailScreen id="7" />} />
          <Route path="/account/:id" element={<ListingDetailScreen id="7" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ListingDetailScreen', () => {
  it.each(['/listing/7', '/account/7'])('names /listing/{id} as the canonical address at %s', async (url) => {
    renderAt(url)
    expect(await screen.findByRole('heading', { level: 1, name: 'Cat Clips channel' })).toBeTruthy()
    expect(canonical()).toBe(`${window.location.origin}/listing/7`)
    expect(document.head.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(`${window.location.origin}/listing/7`)
  })

  it('keeps a purchase in progress on screen when the listing goes off sale under it', async () => {
    let onSale = true
    vi.stubGlobal('fetch', async () =>
      onSale ? Response.json(makeListing({ id: 7 })) : Response.json({ message: 'Listing not found' }, { status: 404 }),
    )
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    client.setQueryData(authKeys.me(), null)
    // the purchase's own state, as Buy Now's open dialog and its error are
    function Purchase() {
      const [step, setStep] = useState('closed')
      return <button onClick={() => setStep('open')}>{step === 'open' ? 'Dialog open' : 'Buy Now'}</button>
    }
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/listing/7']}>
          <Routes>
            <Route path="/listing/:id" element={<ListingDetailScreen id="7" renderPurchase={() => <Purchase />} />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now' }))
    expect(screen.getByRole('button', { name: 'Dialog open' })).toBeTruthy()
    // another buyer reserved it: the refetch answers 404
    onSale = false
    await client.invalidateQueries()
    await waitFor(() => expect(client.getQueryData(listingKeys.detail('7'))).toBeNull())
    expect(screen.getByRole('heading', { level: 1, name: 'Cat Clips channel' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Dialog open' })).toBeTruthy()
  })

  it('says a reserved listing is reserved, with no Buy Now or chat for anyone but its buyer', async () => {
    stubListing(makeListing({ id: 7, isActive: false, status: 'reserved' }))
    renderScreen(() => <button>Buy Now</button>)
    expect(await screen.findByText('Reserved — a purchase is in progress')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Message Seller' })).toBeNull()
    // Buy Now decides for itself (its buyer continues the purchase): the page keeps it
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeTruthy()
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('index, follow')
  })

  it('shows a sold listing as sold, with its date and price, not indexed, and live listings like it', async () => {
    const similar = [makeListing({ id: 8, accountTitle: 'Dog Clips channel' }), makeListing({ id: 7 })]
    stubListing(makeListing({ id: 7, isActive: false, status: 'sold', soldAt: '2026-11-20T12:00:00.000Z' }), similar)
    renderScreen(() => <button>Buy Now</button>)
    expect(await screen.findByText('Sold on November 20, 2026')).toBeTruthy()
    expect(screen.getByText('Sold for')).toBeTruthy()
    expect(screen.getByText('It sold for $1,250.50 through Handover’s escrow and is no longer for sale.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Message Seller' })).toBeNull()
    expect(document.title).toBe('Sold: Cat Clips channel | Handover')
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow')
    const section = await screen.findByRole('region', { name: 'Similar YouTube accounts on sale' })
    // the sold listing itself is not one of them
    expect([...section.querySelectorAll('li a')].map((a) => a.getAttribute('href'))).toEqual(['/listing/8'])
    expect(screen.getByRole('link', { name: 'See all YouTube accounts' }).getAttribute('href')).toBe('/?platform=youtube#filterable-listings')
  })

  it('keeps the price and Buy Now in a bar at the bottom on a phone, and only there', async () => {
    stubListing(makeListing({ id: 7 }))
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 640px)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    renderScreen(() => <button>Buy Now</button>)
    const bar = await screen.findByTestId('buy-bar')
    expect(within(bar).getByText('$1,250.50')).toBeTruthy()
    expect(within(bar).getByRole('button', { name: 'Buy Now' })).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Buy Now' })).toHaveLength(1)
  })

  it('shows no income figure of $0 for an account that is not monetized', async () => {
    stubListing(makeListing({ id: 7, monthlyIncome: 0, isMonetized: false }))
    renderScreen()
    expect(await screen.findByText('Not monetized')).toBeTruthy()
    expect(screen.queryByText('$0')).toBeNull()
  })
})

function stubListing(listing: ReturnType<typeof makeListing>, catalogue: ReturnType<typeof makeListing>[] = []) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost')
    if (url.pathname === new URL(apiUrl(listingsEndpoints.getAccounts), 'http://localhost').pathname)
      return Response.json(catalogue, { headers: { 'X-Total-Count': String(catalogue.length) } })
    return Response.json(listing)
  })
}

function renderScreen(purchase?: () => ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), null)
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/listing/7']}>
        <Routes>
          <Route path="/listing/:id" element={<ListingDetailScreen id="7" renderPurchase={purchase} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}
