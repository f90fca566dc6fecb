// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { NotForAdmins } from './not-for-admins'

const USER = { id: 1, username: 'dana', avatar: null, balance: '15.00' }

interface Account {
  /** null: signed out */
  user?: typeof USER | null
  isAdmin?: boolean
  twoFactorEnabled?: boolean
  /** admin-me answers once this settles */
  hold?: Promise<void>
}

function renderGate({ user = USER, isAdmin = false, twoFactorEnabled = true, hold }: Account = {}) {
  const requests: string[] = []
  vi.stubGlobal('fetch', async (path: string) => {
    requests.push(path)
    await hold
    if (path === apiUrl(authEndpoints.getAuthAdminMe)) return Response.json({ user: { ...USER, isAdmin, twoFactorEnabled } })
    return new Response(null, { status: 404 })
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), user)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NotForAdmins title="Admins don’t hold a balance" text="Admin accounts neither buy nor sell.">
          <h1>Balance</h1>
        </NotForAdmins>
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return requests
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('NotForAdmins', () => {
  it('tells an admin the page is not theirs and leads to the admin dashboard, under its own title', async () => {
    renderGate({ isAdmin: true })
    expect(await screen.findByRole('heading', { level: 1, name: 'Admins don’t hold a balance' })).toBeTruthy()
    expect(screen.getByText('Admin accounts neither buy nor sell.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to the admin dashboard' }).getAttribute('href')).toBe('/admin-dashboard')
    expect(screen.queryByRole('heading', { name: 'Balance' })).toBeNull()
    expect(document.title).toBe('Admins don’t hold a balance | Handover')
  })

  it('shows the page to a buyer or seller', async () => {
    renderGate({ isAdmin: false })
    expect(await screen.findByRole('heading', { name: 'Balance' })).toBeTruthy()
    expect(screen.queryByText('Admins don’t hold a balance')).toBeNull()
  })

  it('shows the page to an admin without two-factor, whom the server treats as an ordinary user', async () => {
    renderGate({ isAdmin: true, twoFactorEnabled: false })
    expect(await screen.findByRole('heading', { name: 'Balance' })).toBeTruthy()
  })

  it('shows neither the page nor the notice until the admin check answers', async () => {
    let answer = () => {}
    renderGate({ isAdmin: true, hold: new Promise<void>((resolve) => (answer = resolve)) })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByRole('heading')).toBeNull()
    answer()
    expect(await screen.findByRole('heading', { name: 'Admins don’t hold a balance' })).toBeTruthy()
  })

  it('leaves a signed-out visitor to the page, which sends them to sign in, and asks nothing of the admin check', async () => {
    const requests = renderGate({ user: null })
    expect(await screen.findByRole('heading', { name: 'Balance' })).toBeTruthy()
    expect(requests).toEqual([])
  })
})
