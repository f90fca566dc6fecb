// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { makeSellerProfile } from '../test-fixtures'
import { ListingSellerCard } from './listing-seller-card'

function renderCard(body: unknown, status = 200) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }))
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ListingSellerCard sellerId={3} username="bob" />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ListingSellerCard', () => {
  it('shows the seller’s rating and completed sales, as their seller page counts them', async () => {
    renderCard(makeSellerProfile({ id: 3, username: 'bob', completedSales: 17, rating: { average: 4.5, count: 8 } }))
    expect((await screen.findByTestId('seller-sales')).textContent).toBe('17 sales completed')
    expect(screen.getByTestId('seller-rating').getAttribute('aria-label')).toMatch(/4\.5/)
    expect(screen.getByRole('link', { name: 'View profile' }).getAttribute('href')).toBe('/seller/3')
  })

  it('keeps the name and the link when the profile cannot be read', async () => {
    renderCard({ message: 'Seller not found' }, 404)
    expect(screen.getByText('bob')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View profile' })).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByTestId('seller-sales')).toBeNull()
  })
})
