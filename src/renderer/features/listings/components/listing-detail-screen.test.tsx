// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { authKeys } from '@/lib/query-keys'
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
})
