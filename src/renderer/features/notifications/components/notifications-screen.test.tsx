// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import type { Endpoint } from '@shared/api/endpoint'
import { NOTIFICATION_TYPES, type NotificationDto, type NotificationType } from '@shared/api/notifications'
import { notificationsEndpoints } from '@shared/api/endpoints/notifications'
import { apiUrl, type ApiQuery } from '@/lib/api'
import { typesForFilter } from '@/lib/notification-display'
import { authKeys } from '@/lib/query-keys'
import { NotificationsScreen } from './notifications-screen'

const { getNotifications, getNotificationsUnreadCount, patchNotificationsRead, patchNotificationsReadAll } = notificationsEndpoints

/** A request as the stub records it: "METHOD path". */
const asked = (endpoint: Endpoint, args?: { params?: Record<string, number>; query?: ApiQuery }) => `${endpoint.method} ${apiUrl(endpoint, args)}`

const ALICE = { id: 1001, username: 'alice', avatar: null, balance: '15.00' }

function note(id: number, overrides: Partial<NotificationDto> = {}): NotificationDto {
  return {
    id,
    type: 'listing_approved',
    title: `Listing ${id} approved`,
    message: 'It is live.',
    isRead: false,
    createdAt: new Date().toISOString(),
    data: { accountId: id },
    ...overrides,
  }
}

/** Answers every list request with `items` and a total of `total`, marks them read on request; records what was asked. */
function stubServer(items: NotificationDto[], total = items.length, unread = 0) {
  const requests: string[] = []
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    requests.push(`${init.method ?? 'GET'} ${path}`)
    if (path === apiUrl(getNotificationsUnreadCount)) return Response.json({ count: unread })
    if (path.startsWith(`${getNotifications.path}?`) || path === apiUrl(getNotifications))
      return Response.json(items, { headers: { 'X-Total-Count': String(total) } })
    const id = Number(/(\d+)\/read$/.exec(path)?.[1])
    items = items.map((n) => (path.endsWith('/read-all') || n.id === id ? { ...n, isRead: true } : n))
    unread = items.filter((n) => !n.isRead).length
    return Response.json({})
  })
  return requests
}

function Location() {
  const { pathname, search } = useLocation()
  return <output data-testid="location">{pathname + search}</output>
}

function renderScreen(url = '/notifications', user: typeof ALICE | null = ALICE) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), user)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/notifications" element={<NotificationsScreen />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('NotificationsScreen', () => {
  it('sends a signed-out visitor to sign in and back here', async () => {
    const requests = stubServer([])
    renderScreen('/notifications', null)
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login?redirect=%2Fnotifications&reason=notifications'))
    expect(requests.filter((r) => r.includes(getNotifications.path))).toEqual([])
  })

  it('pages through the notifications with the page in the URL', async () => {
    const requests = stubServer(
      Array.from({ length: 20 }, (_, i) => note(i + 1)),
      45,
      3,
    )
    renderScreen()
    expect(await screen.findByText('Showing 1-20 of 45')).toBeTruthy()
    expect(screen.getByText('3 unread')).toBeTruthy()
    expect(within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')).toHaveLength(20)
    await userEvent.click(screen.getByRole('button', { name: /Next/ }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/notifications?page=2'))
    expect(await screen.findByText('Showing 21-40 of 45')).toBeTruthy()
    expect(requests).toContain(asked(getNotifications, { query: { page: 2 } }))
  })

  it('filters by type through the URL, asking for both spellings of a balance update', async () => {
    const requests = stubServer([note(1)])
    renderScreen()
    await screen.findByText('Showing 1-1 of 1')
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'balance_updated')
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/notifications?type=balance_updated'))
    await waitFor(() => expect(requests).toContain(asked(getNotifications, { query: { type: 'balance_updated,balance_update' } })))
  })

  it('says when nothing of a type exists and offers every type again', async () => {
    stubServer([])
    renderScreen('/notifications?type=user_banned')
    expect(await screen.findByText('No account banned notifications')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Show all types' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/notifications'))
    expect(await screen.findByText('No notifications yet')).toBeTruthy()
    expect((screen.getByRole('button', { name: /Mark all as read/ }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('opens an unread row and marks it read', async () => {
    const requests = stubServer([note(5)], 1, 1)
    renderScreen()
    const list = await screen.findByRole('list', { name: 'Notifications' })
    await userEvent.click(within(list).getByRole('button'))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/listing/5'))
    expect(requests).toContain(asked(patchNotificationsRead, { params: { id: 5 } }))
  })

  it('still opens a read row that leads somewhere, without marking it again; one that leads nowhere is no button', async () => {
    const requests = stubServer(
      [note(6, { isRead: true, data: {} }), note(7, { isRead: true, type: 'escrow_payment_released', data: { transactionId: 42 } })],
      2,
      0,
    )
    renderScreen()
    const list = await screen.findByRole('list', { name: 'Notifications' })
    const [nowhere, deal] = within(list).getAllByRole('listitem')
    expect(within(nowhere!).queryByRole('button')).toBeNull()
    await userEvent.click(within(deal!).getByRole('button'))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/transaction/42'))
    expect(requests.filter((r) => r.startsWith('PATCH'))).toEqual([])
  })

  it('offers every type of the shared list once, each under a name of its own', async () => {
    stubServer([])
    renderScreen()
    const options = within(await screen.findByLabelText('Type'))
      .getAllByRole('option')
      .map((option) => option as HTMLOptionElement)
      .filter((option) => option.value !== '')
    const asksFor = options.flatMap((option) => typesForFilter(option.value as NotificationType))
    expect([...asksFor].sort()).toEqual([...NOTIFICATION_TYPES].sort())
    const names = options.map((option) => option.textContent)
    expect(new Set(names).size).toBe(names.length)
  })

  it('marks all read at once', async () => {
    const requests = stubServer([note(5), note(7)], 2, 2)
    renderScreen()
    const list = await screen.findByRole('list', { name: 'Notifications' })
    const readFlags = () =>
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.dataset.read)
    expect(readFlags()).toEqual(['false', 'false'])
    await userEvent.click(screen.getByRole('button', { name: /Mark all as read/ }))
    await waitFor(() => expect(requests).toContain(asked(patchNotificationsReadAll)))
    await waitFor(() => expect(readFlags()).toEqual(['true', 'true']))
  })
})
