// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { DEFAULT_DESKTOP_SETTINGS, type DesktopBridge, type DesktopSettings, type DesktopSettingsChanges } from '@shared/ipc/contract'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { DesktopSection } from './desktop-section'

const USER = { id: 7, username: 'dana', avatar: null, balance: '0.00' }

function renderSection({ isAdmin = false, desktop = true, saved = DEFAULT_DESKTOP_SETTINGS, refuse = false } = {}) {
  let settings: DesktopSettings = saved
  const setSettings = vi.fn(async (changes: DesktopSettingsChanges) => {
    if (refuse) throw new Error('desktop:set-settings: not-allowed')
    settings = { openAtLogin: changes.openAtLogin ?? settings.openAtLogin, adminAlerts: { ...settings.adminAlerts, ...changes.adminAlerts } }
    return settings
  })
  if (desktop) window.desktop = { getSettings: async () => settings, setSettings } as unknown as DesktopBridge
  vi.stubGlobal('fetch', async (path: string) => {
    if (path === apiUrl(authEndpoints.getAuthAdminMe)) return Response.json({ user: { ...USER, isAdmin, twoFactorEnabled: true } })
    return new Response(null, { status: 404 })
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), USER)
  const view = render(
    <QueryClientProvider client={client}>
      <DesktopSection />
    </QueryClientProvider>,
  )
  return { setSettings, view, client }
}

const loginSwitch = () => screen.findByRole('switch', { name: 'Start Handover when I sign in to my computer' })
const ALERT_LABELS = ['Stuck payments', 'New disputes', 'Withdrawals waiting', 'Listings waiting for review']

afterEach(() => {
  cleanup()
  delete window.desktop
  vi.unstubAllGlobals()
})

describe('DesktopSection', () => {
  it('is not shown on the website', () => {
    const { view } = renderSection({ desktop: false })
    expect(view.container.innerHTML).toBe('')
  })

  it('shows the login switch, off by default, and no admin alerts to a seller', async () => {
    renderSection()
    expect(screen.getByRole('heading', { name: 'Desktop' })).toBeTruthy()
    expect((await loginSwitch()).getAttribute('aria-checked')).toBe('false')
    await new Promise((resolve) => setTimeout(resolve, 20))
    for (const label of ALERT_LABELS) expect(screen.queryByRole('switch', { name: label })).toBeNull()
  })

  it('starts Handover with the computer when the switch is turned on', async () => {
    const { setSettings } = renderSection()
    fireEvent.click(await loginSwitch())
    await waitFor(() => expect(setSettings).toHaveBeenCalledWith({ openAtLogin: true }))
    await waitFor(async () => expect((await loginSwitch()).getAttribute('aria-checked')).toBe('true'))
  })

  it('gives an admin a switch per alert kind, each saved on its own', async () => {
    const { setSettings } = renderSection({
      isAdmin: true,
      saved: { ...DEFAULT_DESKTOP_SETTINGS, adminAlerts: { ...DEFAULT_DESKTOP_SETTINGS.adminAlerts, withdrawal: false } },
    })
    for (const label of ALERT_LABELS) expect(await screen.findByRole('switch', { name: label })).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Withdrawals waiting' }).getAttribute('aria-checked')).toBe('false')
    expect(screen.getByRole('switch', { name: 'New disputes' }).getAttribute('aria-checked')).toBe('true')
    fireEvent.click(screen.getByRole('switch', { name: 'New disputes' }))
    await waitFor(() => expect(setSettings).toHaveBeenCalledWith({ adminAlerts: { dispute: false } }))
    await waitFor(() => expect(screen.getByRole('switch', { name: 'New disputes' }).getAttribute('aria-checked')).toBe('false'))
  })

  it('puts the switch back and says so when the change is refused', async () => {
    renderSection({ refuse: true })
    fireEvent.click(await loginSwitch())
    expect((await screen.findByRole('alert')).textContent).toBe('That change could not be saved. Please try again.')
    expect((await loginSwitch()).getAttribute('aria-checked')).toBe('false')
  })
})
