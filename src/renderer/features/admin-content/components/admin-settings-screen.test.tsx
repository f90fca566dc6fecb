// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '@shared/api/settings'
import { toastStore } from '@/hooks/use-toast'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { transactionEndpoints } from '@shared/api/endpoints/transactions'
import { settingsEndpoints } from '@shared/api/endpoints/settings'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { AdminSettingsScreen } from './admin-settings-screen'

const ADMIN = { id: 1000, username: 'admin', avatar: null, balance: '0.00' }
const SETTINGS = apiUrl(settingsEndpoints.getAdminSettings)
const STEPS = {
  youtube: [
    { position: 1, title: 'Invite the buyer as owner', description: 'In YouTube Studio, add the buyer.' },
    { position: 2, title: 'Wait seven days', description: '' },
  ],
  instagram: [{ position: 1, title: 'Share the login', description: '' }],
  tiktok: [],
  facebook: [],
  twitter: [],
  telegram: [],
}

interface Call {
  method: string
  path: string
  body?: unknown
}

/**
 * The settings API as the screen sees it: GET answers what is stored, PUT stores the patch (trimmed and
 * checked like the server does) unless `refusePut` answers instead.
 */
function stubServer(options: { refusePut?: Response } = {}) {
  const stepsPath = transactionEndpoints.getAdminHandoverSteps.path
  let stored: Settings = { ...DEFAULT_SETTINGS }
  const calls: Call[] = []
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method, path, body })
    if (path === apiUrl(authEndpoints.getAuthAdminMe)) return Response.json({ user: { ...ADMIN, isAdmin: true, twoFactorEnabled: true } })
    if (path === SETTINGS && method === 'GET') return Response.json(stored)
    if (path === SETTINGS && method === 'PUT') {
      if (options.refusePut) return options.refusePut
      stored = settingsSchema.parse({ ...stored, ...body, countdownDays: { ...stored.countdownDays, ...body.countdownDays } })
      return Response.json(stored)
    }
    if (path === stepsPath && method === 'GET') return Response.json(STEPS)
    if (path.startsWith(`${stepsPath}/`) && method === 'PUT') return Response.json({ platform: path.split('/').pop(), steps: body.steps })
    return new Response(null, { status: 404 })
  })
  return { calls, puts: () => calls.filter((c) => c.method === 'PUT') }
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), ADMIN)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin-settings']}>
        <AdminSettingsScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

async function replace(user: ReturnType<typeof userEvent.setup>, label: string | RegExp, text: string) {
  const box = await screen.findByLabelText(label)
  await user.clear(box)
  if (text) await user.type(box, text)
}

const countdowns = () => screen.getByRole('group', { name: 'Countdown per platform' })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  toastStore.clear()
})

describe('AdminSettingsScreen', () => {
  it('shows the fee in per cent and money in dollars', async () => {
    stubServer()
    renderScreen()
    expect(((await screen.findByLabelText('Fee')) as HTMLInputElement).value).toBe('5')
    expect((screen.getByLabelText('Minimum fee') as HTMLInputElement).value).toBe('1.00')
    expect((screen.getByLabelText('Welcome bonus') as HTMLInputElement).value).toBe('15.00')
    expect((screen.getByLabelText('Reservation') as HTMLInputElement).value).toBe('30')
    expect((within(countdowns()).getByLabelText('YouTube') as HTMLInputElement).value).toBe('7')
    expect((screen.getByLabelText('New listings need approval') as HTMLInputElement).checked).toBe(true)
    expect(screen.getByRole('button', { name: 'Save settings' }).hasAttribute('disabled')).toBe(true)
  })

  it('sends only the changed settings in cents and basis points, then shows what the server stored', async () => {
    const server = stubServer()
    const user = renderScreen()
    await replace(user, 'Fee', '7.5')
    await replace(user, 'Welcome bonus', '20')
    await user.clear(within(countdowns()).getByLabelText('TikTok'))
    await user.type(within(countdowns()).getByLabelText('TikTok'), '10')
    await replace(user, 'Banner text', '  Payouts pause at 22:00 UTC.  ')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))

    await waitFor(() => expect(server.puts()).toHaveLength(1))
    expect(server.puts()[0]).toEqual({
      method: 'PUT',
      path: SETTINGS,
      body: {
        escrowFeeBps: 750,
        welcomeBonusCents: 2000,
        countdownDays: { tiktok: 10 },
        maintenanceBanner: 'Payouts pause at 22:00 UTC.',
      },
    })
    // read back from the server: the form now holds the stored values and nothing is left to save
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'GET' && c.path === SETTINGS)).toHaveLength(2))
    await waitFor(() => expect((screen.getByLabelText('Welcome bonus') as HTMLInputElement).value).toBe('20.00'))
    expect((screen.getByLabelText('Banner text') as HTMLTextAreaElement).value).toBe('Payouts pause at 22:00 UTC.')
    expect(screen.getByRole('button', { name: 'Save settings' }).hasAttribute('disabled')).toBe(true)
    expect(toastStore.getState()).toEqual([expect.objectContaining({ variant: 'success', title: 'Settings saved' })])
  })

  it('shows a problem next to its field and sends nothing', async () => {
    const server = stubServer()
    const user = renderScreen()
    await replace(user, 'Fee', '80')
    await replace(user, 'Reservation', 'soon')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))

    expect(await screen.findByText('The escrow fee is at most 50 %')).toBeTruthy()
    expect(screen.getByText('Enter a whole number of minutes')).toBeTruthy()
    expect(screen.getByLabelText('Fee').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Please fix the 2 highlighted settings.')).toBeTruthy()
    expect(server.puts()).toEqual([])
  })

  it("shows the server's refusal next to the form and keeps what was typed", async () => {
    const refusal = Response.json(
      { error: { code: 'validation_error', message: 'The welcome bonus is at most $1,000' }, message: 'The welcome bonus is at most $1,000' },
      { status: 400 },
    )
    const server = stubServer({ refusePut: refusal })
    const user = renderScreen()
    await replace(user, 'Welcome bonus', '999')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))

    const form = screen.getByRole('form', { name: 'Marketplace settings' })
    expect(await within(form).findByText('The welcome bonus is at most $1,000')).toBeTruthy()
    expect(server.puts()).toHaveLength(1)
    expect((screen.getByLabelText('Welcome bonus') as HTMLInputElement).value).toBe('999')
    expect(toastStore.getState()).toEqual([])
  })

  it("saves a platform's checklist as a whole list, in the order shown", async () => {
    const server = stubServer()
    const user = renderScreen()
    const checklist = await screen.findByRole('form', { name: 'YouTube checklist' })
    await user.click(within(checklist).getByRole('button', { name: 'Move step 2 up' }))
    await user.clear(within(checklist).getByLabelText('Step 1 title'))
    await user.type(within(checklist).getByLabelText('Step 1 title'), 'Wait a week')
    await user.click(within(checklist).getByRole('button', { name: 'Save YouTube checklist' }))

    await waitFor(() => expect(server.puts()).toHaveLength(1))
    expect(server.puts()[0]).toEqual({
      method: 'PUT',
      path: apiUrl(transactionEndpoints.putAdminHandoverStepsByPlatform, { params: { platform: 'youtube' } }),
      body: {
        steps: [
          { title: 'Wait a week', description: '' },
          { title: 'Invite the buyer as owner', description: 'In YouTube Studio, add the buyer.' },
        ],
      },
    })
  })

  it('refuses a checklist with an untitled step or no steps, without sending it', async () => {
    const server = stubServer()
    const user = renderScreen()
    await user.click(await screen.findByRole('tab', { name: 'Instagram' }))
    const checklist = screen.getByRole('form', { name: 'Instagram checklist' })
    await user.click(within(checklist).getByRole('button', { name: 'Add step' }))
    await user.click(within(checklist).getByRole('button', { name: 'Save Instagram checklist' }))
    expect(await within(checklist).findByText('Each step needs a title of at least 3 characters')).toBeTruthy()

    await user.click(within(checklist).getByRole('button', { name: 'Remove step 2' }))
    await user.click(within(checklist).getByRole('button', { name: 'Remove step 1' }))
    await user.click(within(checklist).getByRole('button', { name: 'Save Instagram checklist' }))
    expect(await within(checklist).findByText('Keep at least one step')).toBeTruthy()
    expect(server.puts()).toEqual([])
  })
})
