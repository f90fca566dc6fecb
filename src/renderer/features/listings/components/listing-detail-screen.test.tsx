// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
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
})
