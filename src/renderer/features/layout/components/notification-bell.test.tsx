// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, useLocation } from 'react-router-dom'
import type { NotificationDto, NotificationType } from '@shared/api/notifications'
import { notificationsEndpoints } from '@shared/api/endpoints/notifications'
import { apiUrl } from '@/lib/api'
import { toastStore } from '@/hooks/use-toast'
import { NotificationBell } from './notification-bell'

let nextId = 1
function note(type: NotificationType, overrides: Partial<NotificationDto> = {}): NotificationDto {
  const id = nextId++
  return { id, type, title: `${type} ${id}`, message: `About ${type}.`, isRead: false, createdAt: new Date().toISOString(), data: {}, ...overrides }
}

interface Server {
  items: NotificationDto[]
  unread: number
  failWrites?: boolean
  requests: { method: string; path: string }[]
}

function stubServer(server: Server) {
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET'
    server.requests.push({ method, path })
    if (path === apiUrl(notificationsEndpoints.getNotificationsUnreadCount)) return Response.json({ count: server.unread })
    if (method === 'GET' && path.startsWith(notificationsEndpoints.getNotifications.path)) {
      return Response.json(server.items, { headers: { 'X-Total-Count': String(server.items.length) } })
    }
    if (server.failWrites)
      return Response.json({ error: { code: 'internal', message: 'Database is down' }, message: 'Database is down' }, { status: 500 })
    if (path === apiUrl(notificationsEndpoints.patchNotificationsReadAll)) {
      server.items = server.items.map((n) => ({ ...n, isRead: true }))
      server.unread = 0
      return Response.json({ updated: 1, unreadCount: 0 })
    }
    const id = Number(/\/api\/notifications\/(\d+)\/read/.exec(path)?.[1])
    server.items = server.items.map((n) => (n.id === id ? { ...n, isRead: true } : n))
    server.unread = server.items.filter((n) => !n.isRead).length
    return Response.json(server.items.find((n) => n.id === id))
  })
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>
}

function renderBell(server: Server) {
  stubServer(server)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NotificationBell />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { user, server }
}

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Notifications/ }))
  const menu = await screen.findByRole('menu')
  await waitFor(() => expect(within(menu).queryByLabelText('Loading notifications')).toBeNull())
  return menu
}

const rows = (menu: HTMLElement) => within(within(menu).getByTestId('notification-list')).queryAllByRole('menuitem')
const listRequests = (server: Server) =>
  server.requests.filter((r) => r.method === 'GET' && r.path.startsWith(`${notificationsEndpoints.getNotifications.path}?`))
const lastToast = () => toastStore.getState()[0]

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  vi.stubGlobal('ResizeObserver', NoResizeObserver)
  toastStore.clear()
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('NotificationBell', () => {
  it('shows the 8 newest, leaving the chat types out, and asks the server for exactly those', async () => {
    const items = [
      note('new_message'),
      ...Array.from({ length: 5 }, () => note('listing_approved')),
      note('message_received'),
      ...Array.from({ length: 5 }, () => note('transaction_created')),
    ]
    const { user, server } = renderBell({ items, unread: 12, requests: [] })
    const menu = await openMenu(user)

    const shown = rows(menu)
    expect(shown).toHaveLength(8)
    expect(shown.map((row) => row.textContent)).toEqual(
      items
        .filter((n) => !n.type.endsWith('message') && n.type !== 'message_received')
        .slice(0, 8)
        .map((n) => expect.stringContaining(n.title)),
    )
    expect(within(menu).queryByText(/^new_message/)).toBeNull()
    expect(within(menu).queryByText(/^message_received/)).toBeNull()
    expect(listRequests(server)[0]!.path).toBe(
      apiUrl(notificationsEndpoints.getNotifications, { query: { pageSize: 8, exclude: 'new_message,message_received' } }),
    )
    expect(within(menu).getByRole('menuitem', { name: 'View all notifications' }).getAttribute('href')).toBe('/notifications')
  })

  it('lets only unread items be chosen: one marks it read and opens its page, the badge drops', async () => {
    const unread = note('listing_approved', { data: { accountId: 42 } })
    const read = note('transaction_created', { isRead: true, data: { transactionId: 7 } })
    const { user, server } = renderBell({ items: [unread, read], unread: 1, requests: [] })
    expect(await screen.findByTestId('notification-badge')).toBeTruthy()
    const menu = await openMenu(user)

    const [unreadRow, readRow] = rows(menu)
    expect(unreadRow!.getAttribute('aria-disabled')).toBeNull()
    expect(readRow!.getAttribute('aria-disabled')).toBe('true')
    await user.click(readRow!)
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false)
    expect(screen.getByTestId('location').textContent).toBe('/')

    await user.click(unreadRow!)
    expect(server.requests.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: apiUrl(notificationsEndpoints.patchNotificationsRead, { params: { id: unread.id } }) },
    ])
    expect(screen.getByTestId('location').textContent).toBe('/listing/42')
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull())
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('shows the ban reason for user_banned only', async () => {
    const banned = note('user_banned', { data: { banReason: 'Selling stolen accounts' } })
    const other = note('listing_removed', { data: { banReason: 'Not for this type' } })
    const { user } = renderBell({ items: [banned, other], unread: 2, requests: [] })
    const menu = await openMenu(user)
    expect(within(menu).getByText('Selling stolen accounts')).toBeTruthy()
    expect(within(menu).queryByText('Not for this type')).toBeNull()
  })

  it('marks all read and keeps the menu open', async () => {
    const { user, server } = renderBell({ items: [note('listing_approved'), note('account_verified')], unread: 2, requests: [] })
    const menu = await openMenu(user)
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark all as read' }))
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.path)).toEqual([apiUrl(notificationsEndpoints.patchNotificationsReadAll)])
    await waitFor(() => expect(rows(menu).every((row) => row.getAttribute('aria-disabled') === 'true')).toBe(true))
    expect(screen.getByRole('menu')).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull())
  })

  it('says "Failed to mark as read" when the server refuses, and the item stays unread', async () => {
    const item = note('listing_approved')
    const { user } = renderBell({ items: [item], unread: 1, requests: [], failWrites: true })
    const menu = await openMenu(user)
    await user.click(rows(menu)[0]!)
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ variant: 'destructive', title: 'Failed to mark as read', description: 'Database is down' }),
    )
    expect(screen.getByTestId('notification-badge').textContent).toBe('1')
    expect(rows(menu)[0]!.getAttribute('aria-disabled')).toBeNull()
  })

  it('says "Failed to mark all as read" when the server refuses, and nothing turns read', async () => {
    const { user } = renderBell({ items: [note('listing_approved'), note('account_verified')], unread: 2, requests: [], failWrites: true })
    const menu = await openMenu(user)
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark all as read' }))
    await waitFor(() => expect(lastToast()).toMatchObject({ variant: 'destructive', title: 'Failed to mark all as read' }))
    expect(rows(menu).map((row) => row.getAttribute('aria-disabled'))).toEqual([null, null])
    expect(screen.getByTestId('notification-badge').textContent).toBe('2')
  })

  it('polls the list every 5 s while open, and stops once closed', async () => {
    const { user, server } = renderBell({ items: [note('listing_approved')], unread: 1, requests: [] })
    await openMenu(user)
    const opened = listRequests(server).length
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(listRequests(server).length).toBe(opened + 1)
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(listRequests(server).length).toBe(opened + 2)

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    const closed = listRequests(server).length
    await act(() => vi.advanceTimersByTimeAsync(20_000))
    expect(listRequests(server).length).toBe(closed)
  })

  it('caps the badge at 99 and opens 384 px wide on a desktop screen', async () => {
    const { user } = renderBell({ items: [], unread: 150, requests: [] })
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('99+'))
    const menu = await openMenu(user)
    expect(menu.style.width).toBe('384px')
    expect(within(menu).getByText('Your unread notifications are on the notifications page.')).toBeTruthy()
  })

  it('caps the badge at 9 and opens 320 px wide on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }))
    const { user } = renderBell({ items: [], unread: 0, requests: [] })
    const menu = await openMenu(user)
    expect(menu.style.width).toBe('320px')
    expect(within(menu).getByText("You're all caught up.")).toBeTruthy()
    cleanup()
    renderBell({ items: [], unread: 10, requests: [] })
    await waitFor(() => expect(screen.getByTestId('notification-badge').textContent).toBe('9+'))
  })
})
