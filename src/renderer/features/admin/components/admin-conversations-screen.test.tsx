// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import type { AdminConversationDto } from '@shared/api/admin-conversations'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { makeAdminConversation, message } from '@/lib/admin/test-fixtures'
import { AdminConversationsScreen } from './admin-conversations-screen'

const ADMIN = { id: 1, username: 'admin', avatar: null, balance: '0.00' }

let requested: string[]

const LIST = conversationsEndpoints.getAdminConversations

/** Every list request answers `items` with X-Total-Count `total`. */
function stubList(items: AdminConversationDto[], total = items.length) {
  requested = []
  vi.stubGlobal('fetch', async (path: string) => {
    if (path === apiUrl(authEndpoints.getAuthAdminMe)) return Response.json({ user: { isAdmin: true, twoFactorEnabled: true } })
    if (path.startsWith(LIST.path)) {
      requested.push(path)
      return Response.json(items, { headers: { [TOTAL_COUNT_HEADER]: String(total) } })
    }
    return new Response(null, { status: 404 })
  })
}

function Location() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

function renderScreen(url = '/admin/chats') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), ADMIN)
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/admin/chats" element={<AdminConversationsScreen />} />
          <Route path="/admin/chat/:id" element={<p>support view</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const location = () => screen.getByTestId('location').textContent

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('AdminConversationsScreen', () => {
  it('lists every conversation with both parties, the deal and what support has not read; a row opens the support view', async () => {
    stubList([
      makeAdminConversation(12),
      makeAdminConversation(9, {
        transactionId: null,
        deal: null,
        listing: null,
        unreadCount: 0,
        adminJoined: true,
        lastMessage: message(41, {
          conversationId: 9,
          content: 'How can we help?',
          isFromAdmin: true,
          senderId: 999,
          sender: { id: 999, username: 'Handover Support' },
        }),
      }),
    ])
    renderScreen()
    const rows = await screen.findAllByTestId('admin-conversation')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByText('ACC-007 · In dispute')).toBeTruthy()
    expect(within(rows[0]!).getByTestId('unread-badge').textContent).toBe('Unread by support: 2')
    expect(within(rows[0]!).getByText('bob: Is it still available?')).toBeTruthy()
    expect(within(rows[1]!).getByText('No listing')).toBeTruthy()
    expect(within(rows[1]!).getByText('Support joined')).toBeTruthy()
    expect(within(rows[1]!).getByText('Handover Support: How can we help?')).toBeTruthy()
    expect(within(rows[1]!).queryByTestId('unread-badge')).toBeNull()
    expect(screen.getByText('Showing 1-2 of 2 conversations')).toBeTruthy()
    expect(rows[0]!.getAttribute('href')).toBe('/admin/chat/12')
    fireEvent.click(rows[1]!)
    expect(await screen.findByText('support view')).toBeTruthy()
    expect(location()).toBe('/admin/chat/9')
  })

  it('asks the server with the filters of the URL', async () => {
    stubList([makeAdminConversation(12)], 60)
    renderScreen('/admin/chats?q=bob&disputed=true&page=2')
    await screen.findAllByTestId('admin-conversation')
    expect(requested).toEqual([apiUrl(LIST, { query: { q: 'bob', disputed: true, page: 2 } })])
    expect((screen.getByRole('searchbox', { name: 'Search conversations' }) as HTMLInputElement).value).toBe('bob')
    expect(screen.getByRole('button', { name: 'Disputed' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: 'With a deal' }).getAttribute('aria-pressed')).toBe('false')
    expect(screen.getByText('Page 2 of 3')).toBeTruthy()
  })

  it('keeps filters and page in the URL, back to the first page when a filter changes', async () => {
    stubList([makeAdminConversation(12)], 60)
    renderScreen('/admin/chats?page=2')
    await screen.findAllByTestId('admin-conversation')
    fireEvent.click(screen.getByRole('button', { name: 'Unread by support' }))
    await waitFor(() => expect(location()).toBe('/admin/chats?unread=true'))
    fireEvent.click(await screen.findByRole('button', { name: /Next/ }))
    await waitFor(() => expect(location()).toBe('/admin/chats?unread=true&page=2'))
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search conversations' }), { target: { value: ' ACC-007 ' } })
    await waitFor(() => expect(location()).toBe('/admin/chats?q=ACC-007&unread=true'))
    await waitFor(() => expect(requested.at(-1)).toBe(apiUrl(LIST, { query: { q: 'ACC-007', unread: true } })))
  })

  it('says when nothing matches and clears the filters', async () => {
    stubList([])
    renderScreen('/admin/chats?q=nobody&deal=true')
    expect(await screen.findByText('No conversations match')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(location()).toBe('/admin/chats'))
    expect(await screen.findByText('No conversations yet')).toBeTruthy()
  })
})
