// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { settingsEndpoints } from '@shared/api/endpoints/settings'
import { apiUrl } from '@/lib/api'
import { AuthSellingPoints } from './auth-aside'

function renderWithBonus(welcomeBonus: string) {
  vi.stubGlobal('fetch', async (path: string) =>
    path === apiUrl(settingsEndpoints.getSite) ? Response.json({ maintenanceBanner: null, welcomeBonus }) : new Response(null, { status: 404 }),
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <AuthSellingPoints />
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('AuthSellingPoints', () => {
  it('names the welcome bonus an admin has set', async () => {
    renderWithBonus('25.50')
    expect(await screen.findByText('$25.50 welcome bonus')).toBeTruthy()
  })

  it('leaves the bonus out when there is none', async () => {
    renderWithBonus('0.00')
    await screen.findByText('Secure transactions')
    await vi.waitFor(() => expect(screen.queryByText(/welcome bonus/)).toBeNull())
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })
})
