// @vitest-environment jsdom
import type React from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, useLocation } from 'react-router-dom'
import type { CurrentUser } from '@shared/api/auth'
import type { ChatUser, ConversationDto } from '@shared/api/conversations'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { makeListing } from '../test-fixtures'
import { ListingPurchasePanel } from './listing-purchase-panel'

const buyer: ChatUser = { id: 5, username: 'bob', avatar: null, isOnline: true }
const seller: ChatUser = { id: 3, username: 'seller3', avatar: null, isOnline: false }
const opened: ConversationDto = {
  id: 12,
  conversationId: 12,
  buyerId: 5,
  sellerId: 3,
  buyer,
  seller,
  listing: { id: 7, accountTitle: 'Cat Clips channel', platform: 'youtube', price: 1250.5, images: [] },
  transactionId: null,
  role: 'buyer',
  counterpart: seller,
  lastMessage: null,
  unreadCount: 0,
  adminJoined: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastMessageAt: '2026-03-01T10:00:00.000Z',
}

function Location() {
  const { pathname, search } = useLocation()
  return <output data-testid="location">{pathname + search}</output>
}

function renderPanel(user: CurrentUser | null, purchase?: React.ReactNode) {
  const requests: { method: string; path: string; body: unknown }[] = []
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    requests.push({ method: init.method ?? 'GET', path, body: init.body ? JSON.parse(String(init.body)) : undefined })
    return Response.json(opened, { status: 201 })
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), user)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/listing/7']}>
        <ListingPurchasePanel listing={makeListing()} purchase={purchase} />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { requests, location: () => screen.getByTestId('location').textContent }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const signedIn = (id: number): CurrentUser => ({ id, username: 'someone', avatar: null, balance: '15.00' })

describe('ListingPurchasePanel', () => {
  it('opens the conversation about the listing and goes to it', async () => {
    const { requests, location } = renderPanel(signedIn(5))
    await userEvent.click(screen.getByRole('button', { name: 'Message Seller' }))
    await waitFor(() => expect(location()).toBe('/messages?conversation=12'))
    expect(requests).toEqual([{ method: 'POST', path: apiUrl(conversationsEndpoints.postConversations), body: { listingId: 7 } }])
  })

  it('sends visitors to sign in first, saying why, and back to the listing afterwards', async () => {
    const { requests, location } = renderPanel(null)
    await userEvent.click(screen.getByRole('button', { name: 'Message Seller' }))
    expect(location()).toBe('/login?redirect=%2Flisting%2F7&reason=message')
    expect(requests).toEqual([])
  })

  it('offers the seller no chat with themselves', () => {
    renderPanel(signedIn(3))
    expect(screen.queryByRole('button', { name: 'Message Seller' })).toBeNull()
  })

  it('shows the purchase control the app hands it', () => {
    renderPanel(signedIn(5), <button type="button">Buy Now</button>)
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeTruthy()
  })
})
