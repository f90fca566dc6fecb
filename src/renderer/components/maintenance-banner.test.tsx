// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { settingsEndpoints } from '@shared/api/endpoints/settings'
import { apiUrl } from '@/lib/api'
import { MaintenanceBanner } from './maintenance-banner'

/** The site API; answers are counted so a test can wait until the banner has had its answer. */
function stubSite(answer: () => Response) {
  const fetch = vi.fn(async (path: string) => (path === apiUrl(settingsEndpoints.getSite) ? answer() : new Response(null, { status: 404 })))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

function renderBanner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MaintenanceBanner />
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  sessionStorage.clear()
})

describe('MaintenanceBanner', () => {
  it('shows the announcement until it is dismissed, and stays dismissed for the session', async () => {
    const fetch = stubSite(() => Response.json({ maintenanceBanner: 'Payouts pause at 22:00 UTC.', welcomeBonus: '15.00' }))
    renderBanner()
    expect(await screen.findByText('Payouts pause at 22:00 UTC.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }))
    expect(screen.queryByText('Payouts pause at 22:00 UTC.')).toBeNull()

    cleanup()
    renderBanner()
    // the next page of the same session: the answer arrives and the banner still stays away
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2))
    await settle()
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull()
  })

  it('shows a new announcement even after an older one was dismissed', async () => {
    sessionStorage.setItem('handover.dismissed-banner', 'Old news')
    stubSite(() => Response.json({ maintenanceBanner: 'New maintenance window on Sunday.', welcomeBonus: '15.00' }))
    renderBanner()
    expect(await screen.findByRole('region', { name: 'Announcement' })).toBeTruthy()
  })

  it('shows nothing without an announcement or when the request fails', async () => {
    stubSite(() => Response.json({ maintenanceBanner: null, welcomeBonus: '15.00' }))
    const { container } = renderBanner()
    await settle()
    expect(container.innerHTML).toBe('')
    cleanup()
    stubSite(() => new Response('oops', { status: 500 }))
    const failed = renderBanner()
    await settle()
    expect(failed.container.innerHTML).toBe('')
  })
})
