// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import type { MessageDto } from '@shared/api/conversations'
import { conversationKeys } from '@/lib/query-keys'
import { FakeSocket } from './fake-socket'
import { openRealtimeConnection } from './realtime-connection'

afterEach(() => vi.unstubAllGlobals())

const incoming: MessageDto = {
  id: 2,
  conversationId: 7,
  content: 'Still available?',
  senderId: 1001,
  sender: { id: 1001, username: 'bob' },
  createdAt: '2026-03-01T10:02:00.000Z',
  isFromAdmin: false,
  buyerHasRead: true,
  sellerHasRead: false,
  adminHasRead: false,
  tickStatus: { buyer: 'read' },
}

describe('openRealtimeConnection and chat', () => {
  it('writes a live message into the cached thread and types who is typing, instead of refetching every page', () => {
    vi.stubGlobal('WebSocket', FakeSocket)
    const queryClient = new QueryClient()
    queryClient.setQueryData(conversationKeys.messages(7), { pages: [{ items: [], nextCursor: null }], pageParams: [undefined] })
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    const connection = openRealtimeConnection({
      url: 'ws://test/ws',
      userId: 1002,
      queryClient,
      onEvent: () => {},
      onStatus: () => {},
      sounds: { handleEvent: () => null },
    })
    FakeSocket.last!.onopen?.()
    FakeSocket.last!.receive({ type: 'user_typing', conversationId: 7, userId: 1001 })
    expect(queryClient.getQueryData(conversationKeys.typing(7))).toEqual([1001])
    FakeSocket.last!.receive({ type: 'new_message', conversationId: 7, message: incoming })
    expect(queryClient.getQueryData(conversationKeys.messages(7))).toMatchObject({ pages: [{ items: [{ id: 2, content: 'Still available?' }] }] })
    expect(queryClient.getQueryData(conversationKeys.typing(7))).toEqual([])
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).not.toContainEqual(conversationKeys.messages(7))
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).not.toContainEqual(conversationKeys.all)
    connection.stop()
  })
})
