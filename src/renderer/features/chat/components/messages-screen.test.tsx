// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import type { ConversationDto } from '@shared/api/conversations'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { BUYER, SELLER, conversation, message } from '../test-fixtures'
import { MessagesScreen } from './messages-screen'

const carol = { id: 1003, username: 'carol', avatar: null, isOnline: false }
const CONVERSATIONS: ConversationDto[] = [
  conversation({ lastMessage: message(3, 'seller', { content: 'See you soon' }), unreadCount: 120 }),
  conversation({
    id: 9,
    conversationId: 9,
    sellerId: carol.id,
    seller: carol,
    counterpart: carol,
    listing: null,
    lastMessage: message(2, 'buyer', { content: 'Thanks!' }),
  }),
]

function Location() {
  const { pathname, search } = useLocation()
  return <output data-testid="location">{pathname + search}</output>
}

function renderAt(url: string, signedIn = true) {
  const posts: unknown[] = []
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (init.method === 'POST' && path === apiUrl(conversationsEndpoints.postConversations)) {
      posts.push(JSON.parse(String(init.body)))
      return Response.json(conversation({ id: 9, conversationId: 9, sellerId: carol.id, seller: carol, counterpart: carol, listing: null }), {
        status: 201,
      })
    }
    if (path === apiUrl(conversationsEndpoints.getConversations)) return Response.json(CONVERSATIONS)
    if (/^\/api\/conversations\/\d+$/.test(path))
      return Response.json(CONVERSATIONS.find((c) => path.endsWith(`/${c.id}`)) ?? { message: 'Conversation not found' }, { status: 200 })
    if (/\/messages/.test(path)) return Response.json([])
    return Response.json({ updated: 0 })
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), signedIn ? { id: BUYER.id, username: BUYER.username, avatar: null, balance: '15.00' } : null)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/messages" element={<MessagesScreen />} />
          <Route path="/login" element={<p>Sign in page</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { posts, location: () => screen.getByTestId('location').textContent }
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600)
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('MessagesScreen', () => {
  it('lists conversations with the other party, the listing, a preview and a capped unread badge', async () => {
    renderAt('/messages')
    const items = await screen.findAllByTestId('conversation-item')
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining(SELLER.username), expect.stringContaining('carol')])
    expect(items[0]!.textContent).toContain('Travel photography, 48K followers')
    expect(items[0]!.textContent).toContain('See you soon')
    expect(screen.getByTestId('unread-badge').textContent).toContain('99+')
    expect(items[1]!.textContent).toContain('You: Thanks!')
    expect(screen.getByText('Choose a conversation to read it and reply.')).toBeTruthy()
  })

  it('filters by person or listing, and says when nothing matches', async () => {
    const user = userEvent.setup()
    renderAt('/messages')
    await screen.findAllByTestId('conversation-item')
    const search = screen.getByLabelText('Search conversations')
    await user.type(search, 'CAR')
    expect(screen.getAllByTestId('conversation-item').map((i) => i.textContent)).toEqual([expect.stringContaining('carol')])
    await user.clear(search)
    await user.type(search, 'travel photo')
    expect(screen.getAllByTestId('conversation-item').map((i) => i.textContent)).toEqual([expect.stringContaining(SELLER.username)])
    await user.clear(search)
    await user.type(search, 'nobody')
    expect(screen.getByText('No conversation matches “nobody”.')).toBeTruthy()
  })

  it('opens the conversation named by ?conversation=', async () => {
    renderAt('/messages?conversation=9')
    expect(await screen.findByRole('heading', { name: 'carol' })).toBeTruthy()
    expect(screen.getAllByTestId('conversation-item')[1]!.getAttribute('aria-current')).toBe('true')
  })

  it('starts a conversation with the seller named by ?user=, then shows it', async () => {
    const { posts, location } = renderAt(`/messages?user=${carol.id}`)
    await waitFor(() => expect(location()).toBe('/messages?conversation=9'))
    expect(posts).toEqual([{ sellerId: carol.id }])
  })

  it('sends visitors to sign in and back to the conversation they opened', async () => {
    const { location } = renderAt('/messages?conversation=9', false)
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fmessages%3Fconversation%3D9&reason=messages'))
  })
})
