// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import type { ReactNode } from 'react'
import type { ListingDto, SellerProfile } from '@shared/api/listings'
import { sellersEndpoints } from '@shared/api/endpoints/sellers'
import { apiUrl } from '@/lib/api'
import { makeSellerProfile } from '../test-fixtures'
import { SellerProfileScreen } from './seller-profile-screen'

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function renderScreen(id: string, path = `/seller/${id}`, renderReviews?: (seller: SellerProfile) => ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SellerProfileScreen
          id={id}
          renderListing={(listing) => <span data-testid="card">{listing.accountTitle}</span>}
          renderReviews={renderReviews}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content')

function makeListing(id: number): ListingDto {
  return {
    id,
    platform: 'youtube',
    username: `channel${id}`,
    displayName: `Channel ${id}`,
    niche: 'Pets',
    description: 'Daily cat videos.',
    accountTitle: `Channel ${id}`,
    price: 100,
    followers: 1_000,
    monthlyIncome: 0,
    isVerified: false,
    isMonetized: false,
    isPremium: false,
    isPinned: false,
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    images: [],
    sellerId: 1004,
    seller: { id: 1004, username: 'nova.media' },
  }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('SellerProfileScreen', () => {
  it('says "Seller not found" for a 404, with a way home, and keeps the page out of search results', async () => {
    const fetchMock = answer(404, { error: { code: 'not_found', message: 'Seller not found' }, message: 'Seller not found' })
    renderScreen('999')
    expect((await screen.findByRole('heading', { name: 'Seller not found' })).tagName).toBe('H1')
    expect(fetchMock.mock.calls[0]![0]).toBe(apiUrl(sellersEndpoints.getSellersById, { params: { id: 999 } }))
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: 'See top sellers' }).getAttribute('href')).toBe('/top-sellers')
    expect(document.title).toBe('Seller not found | Handover')
    expect(robots()).toBe('noindex, nofollow')
  })

  it('shows the seller, their listings through the given card, and their recent sales', async () => {
    answer(
      200,
      makeSellerProfile({
        listings: [
          {
            id: 7,
            platform: 'youtube',
            username: 'catclips',
            displayName: 'Cat Clips',
            niche: 'Pets',
            description: 'Daily cat videos.',
            accountTitle: 'Cat Clips channel',
            price: 1250.5,
            followers: 125_000,
            monthlyIncome: 800,
            isVerified: true,
            isMonetized: false,
            isPremium: false,
            isPinned: false,
            isActive: true,
            createdAt: '2025-01-01T00:00:00.000Z',
            images: [],
            sellerId: 1004,
            seller: { id: 1004, username: 'nova.media' },
          },
        ],
        recentSales: [{ id: 3, platform: 'tiktok', accountTitle: 'Comedy TikTok account', price: 4641, soldAt: '2026-10-15T12:00:00.000Z' }],
      }),
    )
    renderScreen('1004')
    expect(await screen.findByRole('heading', { name: 'nova.media', level: 1 })).toBeTruthy()
    expect(screen.getByText('Member since May 2024')).toBeTruthy()
    expect(screen.getByText('$640,502.50')).toBeTruthy()
    expect(screen.getAllByTestId('card').map((card) => card.textContent)).toEqual(['Cat Clips channel'])
    expect(screen.getByText('Comedy TikTok account')).toBeTruthy()
    expect(screen.getByText('Oct 15, 2026')).toBeTruthy()
    expect(screen.getByText('$4,641')).toBeTruthy()
    expect(document.title).toBe('nova.media – Seller Profile | Handover')
    expect(robots()).toBe('index, follow')
  })

  it('shows the rating in the header, linked to the reviews the app renders below', async () => {
    answer(200, makeSellerProfile({ rating: { average: 4.67, count: 3 } }))
    renderScreen('1004', '/seller/1004', (seller) => <section id="reviews" data-testid="reviews">{`reviews of ${seller.id}`}</section>)
    const rating = await screen.findByRole('img', { name: 'Rated 4.7 out of 5 from 3 reviews' })
    expect(rating.closest('a')?.getAttribute('href')).toBe('#reviews')
    expect(screen.getByTestId('reviews').textContent).toBe('reviews of 1004')
  })

  it('says so when nobody has reviewed the seller yet', async () => {
    answer(200, makeSellerProfile({ rating: { average: null, count: 0 } }))
    renderScreen('1004')
    expect(await screen.findByText('No reviews yet')).toBeTruthy()
    expect(screen.queryByRole('img', { name: /^Rated/ })).toBeNull()
  })

  it("counts every active listing from the seller's figures, not only the ones sent with the profile", async () => {
    answer(200, makeSellerProfile({ activeListings: 140, listings: Array.from({ length: 100 }, (_, i) => makeListing(i + 1)) }))
    renderScreen('1004')
    expect((await screen.findByRole('heading', { level: 2, name: /^Accounts for sale/ })).textContent).toBe('Accounts for sale (140)')
    expect(screen.getAllByTestId('card')).toHaveLength(100)
    expect(screen.getByText('Showing the 100 newest.')).toBeTruthy()
  })

  it('keeps /profile/{id} out of search results: /seller/{id} is the public address', async () => {
    answer(200, makeSellerProfile())
    renderScreen('1004', '/profile/1004')
    expect(await screen.findByRole('heading', { name: 'nova.media', level: 1 })).toBeTruthy()
    expect(robots()).toBe('noindex, nofollow')
  })

  it('offers a retry when the profile cannot be loaded', async () => {
    answer(503, 'down')
    renderScreen('1004')
    expect(await screen.findByText('Could not load this seller')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy()
  })
})
