// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { DesktopBridge } from '@shared/ipc/contract'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { notificationsEndpoints } from '@shared/api/endpoints/notifications'
import { apiUrl } from './api'
import { authKeys, conversationKeys, notificationKeys } from './query-keys'
import { unreadTotal, useUnreadBadge } from './unread-badge'

afterEach(() => {
  cleanup()
  delete window.desktop
  vi.unstubAllGlobals()
})

function Badge() {
  useUnreadBadge()
  return null
}

function setup(counts: { notifications: number; messages: number }) {
  const setBadge = vi.fn(async () => {})
  window.desktop = { setBadge } as unknown as DesktopBridge
  vi.stubGlobal('fetch', async (path: string) => {
    if (path === apiUrl(authEndpoints.getAuthMe)) return Response.json({ id: 1001, username: 'bob', avatar: null, balance: '15.00' })
    if (path === apiUrl(notificationsEndpoints.getNotificationsUnreadCount)) return Response.json({ count: counts.notifications })
    if (path === apiUrl(conversationsEndpoints.getConversationsUnreadCount)) return Response.json({ count: counts.messages })
    return new Response(null, { status: 404 })
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = render(
    <QueryClientProvider client={client}>
      <Badge />
    </QueryClientProvider>,
  )
  const lastCount = () => (setBadge.mock.calls.at(-1) as unknown as [{ count: number }] | undefined)?.[0].count
  return { client, setBadge, view, lastCount }
}

describe('the unread badge', () => {
  it('adds unread messages to unread notifications, only for a signed-in user', () => {
    expect(unreadTotal(true, 3, 4)).toBe(7)
    expect(unreadTotal(false, 3, 4)).toBe(0)
  })

  it('shows the total on the desktop badge, follows either count and clears on sign-out', async () => {
    const { client, lastCount } = setup({ notifications: 2, messages: 3 })
    await waitFor(() => expect(lastCount()).toBe(5))
    act(() => client.setQueryData(conversationKeys.unreadCount(), 4))
    await waitFor(() => expect(lastCount()).toBe(6))
    act(() => client.setQueryData(notificationKeys.unreadCount(), 0))
    await waitFor(() => expect(lastCount()).toBe(4))
    act(() => client.setQueryData(authKeys.me(), null))
    await waitFor(() => expect(lastCount()).toBe(0))
  })

  it('keeps both counts refetching on focus and every 30 s (SPEC §9 high priority)', async () => {
    const { client, lastCount } = setup({ notifications: 1, messages: 1 })
    await waitFor(() => expect(lastCount()).toBe(2))
    for (const queryKey of [notificationKeys.unreadCount(), conversationKeys.unreadCount()]) {
      const observers = client.getQueryCache().find({ queryKey })?.observers ?? []
      expect(observers.map(({ options }) => [options.refetchInterval, options.refetchOnWindowFocus])).toEqual([[30_000, true]])
    }
  })

  it('clears the badge when the app unmounts it', async () => {
    const { view, lastCount } = setup({ notifications: 1, messages: 0 })
    await waitFor(() => expect(lastCount()).toBe(1))
    view.unmount()
    expect(lastCount()).toBe(0)
  })
})
