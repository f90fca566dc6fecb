// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { MODERATION_MESSAGES, type AdminListingDto, type AdminUserDto } from '@shared/api/moderation'
import { toastStore } from '@/hooks/use-toast'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { moderationEndpoints } from '@shared/api/endpoints/moderation'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { AdminModerationScreen } from './admin-moderation-screen'

const ADMIN = { id: 1000, username: 'admin', avatar: null, balance: '0.00' }

const USERS = moderationEndpoints.getAdminUsers
const LISTINGS = moderationEndpoints.getAdminListingsSearch
/** Where every admin endpoint lives: the folder of any one of them. */
const ADMIN_API = USERS.path.replace(/[^/]+$/, '')

const user = (overrides: Partial<AdminUserDto> = {}): AdminUserDto => ({
  id: 1001,
  username: 'alice',
  email: 'alice@example.com',
  isAdmin: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  bannedAt: null,
  banReason: null,
  deletedAt: null,
  flags: 0,
  lastFlag: null,
  ...overrides,
})

const listing = (overrides: Partial<AdminListingDto> = {}): AdminListingDto => ({
  id: 42,
  platform: 'youtube',
  username: 'catclips',
  displayName: 'Cat Clips',
  niche: 'Pets',
  description: 'Daily cat videos for cat people.',
  accountTitle: 'Cat Clips channel',
  price: 1250,
  followers: 125_000,
  monthlyIncome: 800,
  isVerified: false,
  isMonetized: false,
  isPremium: false,
  isPinned: false,
  isActive: true,
  status: 'active',
  rejectionReason: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  images: [],
  sellerId: 1002,
  seller: { id: 1002, username: 'bob' },
  flags: 0,
  lastFlag: null,
  ...overrides,
})

interface Call {
  method: string
  path: string
  body?: unknown
}

/** The admin API as the screen sees it; `answer` may replace the answer to an action. */
function stubServer(
  options: { users?: AdminUserDto[]; listings?: AdminListingDto[]; total?: number; answer?: (call: Call) => Response | undefined } = {},
) {
  const calls: Call[] = []
  const users = options.users ?? [
    user(),
    user({ id: 1003, username: 'carol', email: 'carol@example.com', bannedAt: '2026-02-01T00:00:00.000Z', banReason: 'Scam reports' }),
  ]
  const listings = options.listings ?? [listing(), listing({ id: 43, accountTitle: 'Reserved one', status: 'reserved', isActive: false })]
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined }
    calls.push(call)
    if (path === apiUrl(authEndpoints.getAuthAdminMe)) return Response.json({ user: { ...ADMIN, isAdmin: true, twoFactorEnabled: true } })
    const answered = options.answer?.(call)
    if (answered) return answered
    const headers = (n: number) => ({ headers: { 'X-Total-Count': String(options.total ?? n) } })
    if (path.startsWith(USERS.path) && method === 'GET') return Response.json(users, headers(users.length))
    if (path.startsWith(LISTINGS.path)) return Response.json(listings, headers(listings.length))
    const userAction = /^\/api\/admin\/users\/(\d+)\/(\w+)$/.exec(path)
    if (userAction) {
      const target = users.find((u) => u.id === Number(userAction[1]))!
      const banned = userAction[2] === 'ban' ? { bannedAt: '2026-03-01T00:00:00.000Z', banReason: (call.body as { reason: string }).reason } : {}
      return Response.json({ ...target, ...banned })
    }
    const listingAction = /^\/api\/admin\/listings\/(\d+)\/(\w+)$/.exec(path)
    if (listingAction) return Response.json({ ...listings.find((l) => l.id === Number(listingAction[1]))!, status: 'suspended', isActive: false })
    return new Response(null, { status: 404 })
  })
  return {
    calls,
    actions: () => calls.filter((c) => c.method === 'POST'),
    lists: () => calls.filter((c) => c.method === 'GET' && c.path.startsWith(ADMIN_API)).map((c) => c.path),
  }
}

function Location() {
  const { pathname, search } = useLocation()
  return <output data-testid="location">{pathname + search}</output>
}

function renderScreen(url = '/admin/moderation') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), ADMIN)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AdminModerationScreen />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

const location = () => screen.getByTestId('location').textContent
/** The first rows: the admin check and the list both load first, which takes a while on a busy machine. */
const rowsOf = (testId: 'moderation-user-row' | 'moderation-listing-row') => screen.findAllByTestId(testId, {}, { timeout: 5_000 })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  toastStore.clear()
})

describe('AdminModerationScreen', () => {
  it('lists users with their state and only the actions each may take', async () => {
    stubServer()
    renderScreen()
    const rows = await rowsOf('moderation-user-row')
    expect(rows).toHaveLength(2)
    const alice = within(rows[0]!)
    expect(alice.getByText('alice')).toBeTruthy()
    expect(alice.getByText(/alice@example\.com/)).toBeTruthy()
    expect(alice.getByText('Active')).toBeTruthy()
    expect(alice.getByRole('button', { name: 'Ban alice' })).toBeTruthy()
    expect(alice.queryByRole('button', { name: 'Unban alice' })).toBeNull()
    const carol = within(rows[1]!)
    expect(carol.getByText('Banned')).toBeTruthy()
    expect(carol.getByText('Scam reports')).toBeTruthy()
    expect(carol.getByRole('button', { name: 'Unban carol' })).toBeTruthy()
    expect(screen.getByText('Showing 1-2 of 2 users')).toBeTruthy()
  })

  it('keeps search, filters and tab in the URL and asks the server with them', async () => {
    const server = stubServer()
    const ui = renderScreen()
    await rowsOf('moderation-user-row')
    await ui.type(screen.getByLabelText('Username, email or id'), 'ali{Enter}')
    await waitFor(() => expect(location()).toBe('/admin/moderation?q=ali'))
    await ui.selectOptions(screen.getByLabelText('Status'), 'banned')
    await ui.click(screen.getByLabelText('Flagged only'))
    await waitFor(() => expect(location()).toBe('/admin/moderation?q=ali&status=banned&flagged=true'))
    await waitFor(() => expect(server.lists()).toContain(apiUrl(USERS, { query: { q: 'ali', status: 'banned', flagged: true } })))

    await ui.click(screen.getByRole('tab', { name: 'Listings' }))
    await waitFor(() => expect(location()).toBe('/admin/moderation?tab=listings'))
    expect(await rowsOf('moderation-listing-row')).toHaveLength(2)
    expect(server.lists()).toContain(apiUrl(LISTINGS))
  })

  it('reads the page from the URL and pages through the results', async () => {
    const server = stubServer({ total: 60 })
    const ui = renderScreen('/admin/moderation?tab=listings&status=active&page=2')
    await rowsOf('moderation-listing-row')
    expect(server.lists()).toContain(apiUrl(LISTINGS, { query: { status: 'active', page: 2 } }))
    expect(screen.getByText('Page 2 of 3')).toBeTruthy()
    await ui.click(screen.getByRole('button', { name: /Next/ }))
    await waitFor(() => expect(location()).toBe('/admin/moderation?tab=listings&status=active&page=3'))
  })

  it('asks for a reason before a ban, refuses a short one, then bans and says so', async () => {
    const server = stubServer()
    const ui = renderScreen()
    await rowsOf('moderation-user-row')
    await ui.click(screen.getByRole('button', { name: 'Ban alice' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ban alice?' })
    await ui.click(within(dialog).getByRole('button', { name: 'Ban user' }))
    expect(within(dialog).getByText(MODERATION_MESSAGES.reason)).toBeTruthy()
    expect(server.actions()).toEqual([])

    await ui.type(within(dialog).getByLabelText('Reason the user will see'), '  Selling stolen accounts ')
    await ui.click(within(dialog).getByRole('button', { name: 'Ban user' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.actions()).toEqual([
      { method: 'POST', path: apiUrl(moderationEndpoints.banUser, { params: { id: 1001 } }), body: { reason: 'Selling stolen accounts' } },
    ])
    expect(toastStore.getState()).toEqual([expect.objectContaining({ variant: 'success', title: 'alice is banned' })])
  })

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    stubServer({
      answer: (call) =>
        call.method === 'POST'
          ? Response.json(
              { error: { code: 'in_deal', message: MODERATION_MESSAGES.reserved }, message: MODERATION_MESSAGES.reserved },
              { status: 409 },
            )
          : undefined,
    })
    const ui = renderScreen('/admin/moderation?tab=listings')
    const rows = await rowsOf('moderation-listing-row')
    // a reserved listing offers no suspension at all
    expect(within(rows[1]!).queryByRole('button', { name: 'Suspend listing 43' })).toBeNull()
    expect(within(rows[1]!).getByText('In a running deal')).toBeTruthy()

    await ui.click(within(rows[0]!).getByRole('button', { name: 'Suspend listing 42' }))
    const dialog = await screen.findByRole('dialog', { name: 'Suspend “Cat Clips channel”?' })
    await ui.type(within(dialog).getByLabelText('Reason the seller will see'), 'Follower count looks bought')
    await ui.click(within(dialog).getByRole('button', { name: 'Suspend listing' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MODERATION_MESSAGES.reserved)
    expect(screen.getByRole('dialog')).toBeTruthy()
    expect(toastStore.getState()).toEqual([])
  })

  it('sends an optional reason only when one is given', async () => {
    const server = stubServer()
    const ui = renderScreen('/admin/moderation?tab=listings')
    const rows = await rowsOf('moderation-listing-row')
    await ui.click(within(rows[0]!).getByRole('button', { name: 'Verify listing 42' }))
    const dialog = await screen.findByRole('dialog', { name: 'Verify “Cat Clips channel”?' })
    await ui.click(within(dialog).getByRole('button', { name: 'Verify account' }))
    await waitFor(() =>
      expect(server.actions()).toEqual([{ method: 'POST', path: apiUrl(moderationEndpoints.verifyListing, { params: { id: 42 } }), body: {} }]),
    )
  })

  it('shows a failed list with a way to try again', async () => {
    stubServer({
      answer: (call) => (call.path.startsWith(USERS.path) ? Response.json({ message: 'Database is away' }, { status: 500 }) : undefined),
    })
    renderScreen()
    expect(await screen.findByText('Could not load the users', {}, { timeout: 5_000 })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy()
  })
})
