// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import BalanceRoute from './balance'

const USER = { id: 1, username: 'dana', avatar: null, balance: '15.00' }

function renderRoute(isAdmin: boolean) {
  const requests: string[] = []
  vi.stubGlobal('fetch', async (path: string) => {
    requests.push(path)
    if (path === apiUrl(authEndpoints.getAuthAdminMe)) return Response.json({ user: { ...USER, isAdmin, twoFactorEnabled: true } })
    return new Response(null, { status: 404 })
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), USER)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/balance']}>
        <BalanceRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return requests
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('/balance', () => {
  it('tells an admin that admins hold no balance, leads to the admin dashboard, and reads no money', async () => {
    const requests = renderRoute(true)
    expect(await screen.findByRole('heading', { level: 1, name: 'Admins don’t hold a balance' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to the admin dashboard' }).getAttribute('href')).toBe('/admin-dashboard')
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull()
    expect(requests).toEqual([apiUrl(authEndpoints.getAuthAdminMe)])
  })

  it('shows a buyer or seller their balance', async () => {
    renderRoute(false)
    expect(await screen.findByRole('heading', { level: 1, name: 'Balance' })).toBeTruthy()
    expect(screen.queryByText('Admins don’t hold a balance')).toBeNull()
  })
})
