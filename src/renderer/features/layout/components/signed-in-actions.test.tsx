// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { notificationsEndpoints } from '@shared/api/endpoints/notifications'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { SignedInActions } from './signed-in-actions'

const USER = { id: 1, username: 'dana', avatar: null, balance: '1250.00' }

/** What admin-me says of the account: a plain user, an admin, or an admin who has not turned two-factor on yet. */
type Standing = 'user' | 'admin' | 'admin-without-two-factor'

function stubServer(standing: Standing) {
  vi.stubGlobal('fetch', async (path: string) => {
    if (path === apiUrl(authEndpoints.getAuthAdminMe))
      return Response.json({ user: { ...USER, isAdmin: standing !== 'user', twoFactorEnabled: standing === 'admin' } })
    if (path === apiUrl(notificationsEndpoints.getNotificationsUnreadCount)) return Response.json({ count: 0 })
    return new Response(null, { status: 404 })
  })
}

async function renderHeader(standing: Standing) {
  stubServer(standing)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), USER)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SignedInActions user={USER} signingOut={false} onSignOut={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  // the header shows what it shows an admin only once the admin check has answered
  await waitFor(() => expect(client.getQueryState(authKeys.adminMe())?.status).toBe('success'))
  return userEvent.setup()
}

async function openAccountMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Account menu' }))
  return screen.findByRole('menu')
}

const menuItems = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.trim())

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver)
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('SignedInActions: the header of a buyer or seller', () => {
  it('shows Create Listing, the balance on the account button and in the menu, and the Balance link', async () => {
    const user = await renderHeader('user')
    expect(screen.getByRole('link', { name: 'Create Listing' }).getAttribute('href')).toBe('/create-listing')
    expect(within(screen.getByRole('button', { name: 'Account menu' })).getByText('$1,250.00')).toBeTruthy()
    const menu = await openAccountMenu(user)
    expect(within(menu).getByText('$1,250.00')).toBeTruthy()
    expect(menuItems(menu)).toEqual(['My Profile', 'Transactions', 'Balance', 'Settings', 'Sign Out'])
  })

  it('treats an admin without two-factor as the server does, as an ordinary user', async () => {
    const user = await renderHeader('admin-without-two-factor')
    expect(screen.getByRole('link', { name: 'Create Listing' })).toBeTruthy()
    expect(within(screen.getByRole('button', { name: 'Account menu' })).getByText('$1,250.00')).toBeTruthy()
    expect(menuItems(await openAccountMenu(user))).toContain('Balance')
  })
})

describe('SignedInActions: the header of an admin, who neither buys nor sells', () => {
  it('shows no Create Listing and no balance figure on the account button', async () => {
    await renderHeader('admin')
    expect(screen.queryByRole('link', { name: 'Create Listing' })).toBeNull()
    const account = screen.getByRole('button', { name: 'Account menu' })
    expect(within(account).getByText('dana')).toBeTruthy()
    expect(account.textContent).not.toContain('$')
  })

  it('leaves the balance and its link out of the account menu, with the way into the admin area instead', async () => {
    const user = await renderHeader('admin')
    const menu = await openAccountMenu(user)
    expect(menu.textContent).not.toContain('$')
    expect(within(menu).queryByText('Balance')).toBeNull()
    expect(menuItems(menu)).toEqual(['My Profile', 'Transactions', 'Settings', 'Admin area', 'Sign Out'])
    expect(within(menu).getByRole('menuitem', { name: 'Admin area' }).getAttribute('href')).toBe('/admin-dashboard')
  })
})
