// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import type { ListingDto } from '@shared/api/listings'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { ProfileScreen } from './profile-screen'

const ALICE = { id: 1000, username: 'alice', avatar: null, balance: '15.00' }

function listing(id: number, status: NonNullable<ListingDto['status']>, extra: Partial<ListingDto> = {}): ListingDto {
  return {
    id,
    platform: 'youtube',
    username: `channel${id}`,
    displayName: `Channel ${id}`,
    niche: 'Pets',
    description: 'Daily cat videos.',
    accountTitle: `Channel ${id}`,
    price: 100 + id,
    followers: 1_000,
    monthlyIncome: 0,
    isVerified: false,
    isMonetized: false,
    isPremium: false,
    isPinned: false,
    isActive: status === 'active',
    status,
    rejectionReason: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    images: [],
    sellerId: ALICE.id,
    seller: { id: ALICE.id, username: 'alice' },
    ...extra,
  }
}

function Location() {
  const { pathname, search } = useLocation()
  return <output data-testid="location">{pathname + search}</output>
}

function renderProfile(me: typeof ALICE | null, listings: ListingDto[] = []) {
  const fetchMock = vi.fn(async (path: string) => {
    if (path === apiUrl(authEndpoints.getAuthMe)) return me ? Response.json(me) : new Response('', { status: 401 })
    if (path === apiUrl(listingsEndpoints.getAccountsUser)) return Response.json(listings)
    return new Response('', { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  if (me !== undefined) client.setQueryData(authKeys.me(), me)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route
            path="/profile"
            element={
              <ProfileScreen
                renderDeals={(role) => <p data-testid={`deals-${role}`}>{role} deals</p>}
                renderReviews={(id) => <p data-testid="reviews">reviews of {id}</p>}
              />
            }
          />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return fetchMock
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ProfileScreen', () => {
  it('sends a visitor to sign in, and back here afterwards', async () => {
    renderProfile(null)
    expect(await screen.findByText('elsewhere')).toBeTruthy()
    expect(screen.getByTestId('location').textContent).toBe('/login?redirect=%2Fprofile&reason=profile')
  })

  it('lists every own listing with its status, and Edit only where the listing can still be changed', async () => {
    renderProfile(ALICE, [
      listing(1, 'active'),
      listing(2, 'pending_review'),
      listing(3, 'reserved'),
      listing(4, 'suspended', { rejectionReason: 'Misleading audience figures' }),
      listing(5, 'sold'),
      listing(6, 'removed'),
    ])
    expect(await screen.findByRole('heading', { level: 1, name: 'alice' })).toBeTruthy()
    const rows = within(await screen.findByRole('list', { name: 'Your listings' })).getAllByTestId('own-listing')
    expect(rows.map((row) => within(row).getByTestId('listing-status').textContent)).toEqual([
      'Live',
      'In review',
      'In a deal',
      'Suspended',
      'Sold',
      'Removed',
    ])
    const editable = rows.map(
      (row) =>
        within(row)
          .queryByRole('link', { name: /^Edit / })
          ?.getAttribute('href') ?? null,
    )
    expect(editable).toEqual(['/create-listing?edit=1', '/create-listing?edit=2', null, '/create-listing?edit=4', null, null])
    expect(within(rows[4]!).getByRole('link', { name: 'View Channel 5' }).getAttribute('href')).toBe('/listing/5')
    expect(rows[3]!.textContent).toContain('Suspended: Misleading audience figures')
    expect(screen.getByTestId('own-listing-counts').textContent).toBe('1 live · 1 in review · 1 in a deal · 1 suspended · 1 sold · 1 removed')
    expect(screen.getByRole('link', { name: /View public profile/ }).getAttribute('href')).toBe('/seller/1000')
  })

  it('puts the sales, the purchases and the reviews received in their own sections', async () => {
    renderProfile(ALICE)
    expect(await screen.findByText('You have not listed an account yet.')).toBeTruthy()
    expect(within(screen.getByRole('region', { name: 'Your sales' })).getByTestId('deals-seller')).toBeTruthy()
    expect(within(screen.getByRole('region', { name: 'Your purchases' })).getByTestId('deals-buyer')).toBeTruthy()
    expect(screen.getByTestId('reviews').textContent).toBe('reviews of 1000')
    expect(document.title).toBe('My Profile | Handover')
  })
})
