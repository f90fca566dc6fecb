// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import CreateListingRoute from './create-listing'

const USER = { id: 1, username: 'dana', avatar: null, balance: '15.00' }

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function renderRoute(isAdmin: boolean, url = '/create-listing') {
  // radix measures the form's switches and radios
  vi.stubGlobal('ResizeObserver', NoResizeObserver)
  vi.stubGlobal('fetch', async (path: string) => {
    if (path === apiUrl(authEndpoints.getAuthAdminMe)) return Response.json({ user: { ...USER, isAdmin, twoFactorEnabled: true } })
    return new Response(null, { status: 404 })
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), USER)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <CreateListingRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('/create-listing', () => {
  it('tells an admin that admins do not list accounts and leads to the admin dashboard, where listings are reviewed', async () => {
    renderRoute(true)
    expect(await screen.findByRole('heading', { level: 1, name: 'Admins don’t list accounts' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to the admin dashboard' }).getAttribute('href')).toBe('/admin-dashboard')
    expect(screen.queryByRole('heading', { name: 'Sell an account' })).toBeNull()
  })

  it('offers no edit form to an admin either', async () => {
    renderRoute(true, '/create-listing?edit=7')
    expect(await screen.findByRole('heading', { level: 1, name: 'Admins don’t list accounts' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Edit your listing' })).toBeNull()
  })

  it('shows a seller the form', async () => {
    renderRoute(false)
    expect(await screen.findByRole('heading', { level: 1, name: 'Sell an account' })).toBeTruthy()
  })
})
