// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { TOTAL_COUNT_HEADER, type ListingDto } from '@shared/api/listings'
import { authKeys } from '@/lib/query-keys'
import { AdminDashboardScreen } from './admin-dashboard-screen'

const ADMIN = { id: 1, username: 'admin', avatar: null, balance: '0.00' }

function pending(id: number): ListingDto {
  return {
    id, platform: 'youtube', username: `channel${id}`, displayName: `Channel ${id}`, niche: 'Pets', description: 'Daily cat videos for cat people.',
    accountTitle: `Channel ${id}`, price: 100, followers: 1_000, monthlyIncome: 0, isVerified: false, isMonetized: false,
    isPremium: false, isPinned: false, isActive: false, status: 'pending_review', createdAt: '2025-01-01T00:00:00.000Z', images: [],
    sellerId: 3, seller: { id: 3, username: 'bob' },
  }
}

/** The admin check passes; the queue answers with `items` and, when given, an X-Total-Count of `total`. */
function stubQueue(items: ListingDto[], total?: number) {
  vi.stubGlobal('fetch', async (path: string) => {
    if (path === '/api/auth/admin-me') return Response.json({ user: { isAdmin: true } })
    if (path.startsWith('/api/admin/listings')) {
      return Response.json(items, { headers: total === undefined ? {} : { [TOTAL_COUNT_HEADER]: String(total) } })
    }
    return new Response(null, { status: 404 })
  })
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), ADMIN)
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AdminDashboardScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('AdminDashboardScreen', () => {
  it('counts the whole queue from X-Total-Count, not only the listings on the page', async () => {
    stubQueue([pending(1), pending(2), pending(3)], 140)
    renderScreen()
    expect(await screen.findByText('140 listings, oldest 3 shown')).toBeTruthy()
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3)
  })

  it('says how many wait when all of them are on the page', async () => {
    stubQueue([pending(1)], 1)
    renderScreen()
    expect(await screen.findByText('1 listing')).toBeTruthy()
  })

  it('falls back to the listings it got when the header is missing', async () => {
    stubQueue([pending(1), pending(2)])
    renderScreen()
    expect(await screen.findByText('2 listings')).toBeTruthy()
  })
})
