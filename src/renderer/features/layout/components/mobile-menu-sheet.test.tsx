// @vitest-environment jsdom
import { createRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { MobileMenuSheet } from './mobile-menu-sheet'

const USER = { id: 1, username: 'dana', avatar: null, balance: '1250.00' }

async function renderSheet(isAdmin: boolean) {
  vi.stubGlobal('fetch', async (path: string) =>
    path === apiUrl(authEndpoints.getAuthAdminMe)
      ? Response.json({ user: { ...USER, isAdmin, twoFactorEnabled: isAdmin } })
      : new Response(null, { status: 404 }),
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), USER)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MobileMenuSheet id="menu" open onOpenChange={() => {}} returnFocusTo={createRef()} user={USER} signingOut={false} onSignOut={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  // the sheet shows what it shows an admin only once the admin check has answered
  await waitFor(() => expect(client.getQueryState(authKeys.adminMe())?.status).toBe('success'))
  const dialog = screen.getByRole('dialog')
  return {
    account: within(dialog).getByRole('region', { name: 'Account' }),
    quickActions: within(dialog).getByRole('region', { name: 'Quick Actions' }),
  }
}

const linkNames = (section: HTMLElement) =>
  within(section)
    .queryAllByRole('link')
    .map((link) => link.textContent)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('MobileMenuSheet', () => {
  it('shows a buyer or seller the balance, the Balance link and Create Listing', async () => {
    const { account, quickActions } = await renderSheet(false)
    expect(within(account).getByText('$1,250.00')).toBeTruthy()
    expect(linkNames(account)).toEqual(['My Profile', 'Transactions', 'Balance', 'Settings'])
    expect(linkNames(quickActions)).toEqual(['Create Listing'])
  })

  it('shows an admin, who neither buys nor sells, no balance, no Balance link and no Create Listing', async () => {
    const { account, quickActions } = await renderSheet(true)
    expect(within(account).getByText('dana')).toBeTruthy()
    expect(account.textContent).not.toContain('$')
    expect(linkNames(account)).toEqual(['My Profile', 'Transactions', 'Settings', 'Admin area'])
    expect(linkNames(quickActions)).toEqual([])
    expect(within(quickActions).getByRole('button', { name: 'Sign Out' })).toBeTruthy()
  })
})
