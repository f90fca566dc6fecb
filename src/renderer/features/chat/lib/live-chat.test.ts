import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { conversationKeys } from '@/lib/query-keys'
import { BUYER, SELLER, conversation, message, pages } from '../test-fixtures'
import { flattenConversations, type ConversationPages } from './conversation-cache'
import { createChatLiveUpdates } from './live-chat'
import { flattenPages, type MessagePages } from './message-cache'
import type { TypingState } from './typing-state'

const list = (...items: ReturnType<typeof conversation>[]): ConversationPages => ({ pages: [{ items, nextCursor: null }], pageParams: [undefined] })

describe('chat live updates', () => {
  let client: QueryClient
  let invalidated: unknown[]
  beforeEach(() => {
    vi.useFakeTimers()
    client = new QueryClient()
    invalidated = []
    vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push(filters?.queryKey)
    })
  })
  afterEach(() => vi.useRealTimers())

  const summaryRefetches = () => invalidated.filter((key) => JSON.stringify(key) === JSON.stringify(conversationKeys.list())).length

  it('adds a new message to the open thread and the list, counting it unread, without a duplicate', () => {
    client.setQueryData(conversationKeys.messages(7), pages([message(1, 'buyer')]))
    client.setQueryData(conversationKeys.list(), list(conversation({ id: 8, conversationId: 8 }), conversation()))
    const live = createChatLiveUpdates(client)
    const incoming = message(2, 'seller', { content: 'Still available' })
    live.handle({ type: 'new_message', conversationId: 7, message: incoming })
    live.handle({ type: 'new_message', conversationId: 7, message: incoming })
    expect(flattenPages(client.getQueryData<MessagePages>(conversationKeys.messages(7))).map((m) => m.id)).toEqual([1, 2])
    const [top] = flattenConversations(client.getQueryData(conversationKeys.list()))
    expect(top).toMatchObject({ id: 7, unreadCount: 1, lastMessage: { content: 'Still available' } })
    live.dispose()
  })

  it('replaces the sender’s optimistic copy with message_sent', () => {
    const sending = { ...message(-1, 'buyer', { content: 'hi', clientId: 'web-1' }), localState: 'sending' as const }
    client.setQueryData(conversationKeys.messages(7), pages([message(1, 'seller'), sending]))
    const live = createChatLiveUpdates(client)
    live.handle({ type: 'message_sent', conversationId: 7, clientId: 'web-1', message: message(2, 'buyer', { content: 'hi', clientId: 'web-1' }) })
    expect(flattenPages(client.getQueryData<MessagePages>(conversationKeys.messages(7))).map((m) => [m.id, m.localState])).toEqual([
      [1, undefined],
      [2, undefined],
    ])
    live.dispose()
  })

  it('marks a copy failed when the server refuses a message sent over the socket', () => {
    const sending = { ...message(-1, 'buyer', { content: 'hi', clientId: 'web-2' }), localState: 'sending' as const }
    client.setQueryData(conversationKeys.messages(7), pages([sending]))
    const live = createChatLiveUpdates(client)
    live.handle({
      type: 'send_message_error',
      conversationId: 7,
      clientId: 'web-2',
      code: 'rate_limited',
      message: 'You are sending messages too fast.',
    })
    expect(flattenPages(client.getQueryData<MessagePages>(conversationKeys.messages(7)))[0]).toMatchObject({
      localState: 'failed',
      localError: 'You are sending messages too fast.',
    })
    live.dispose()
  })

  it('rewrites a deal’s checklist line in place: no second line, the list keeps its order, the counts are fetched again', () => {
    const line = message(2, 'seller', { isSystem: true, content: 'Handover checklist: 0 of 5 steps confirmed.' })
    client.setQueryData(conversationKeys.messages(7), pages([message(1, 'buyer'), line, message(3, 'buyer')]))
    client.setQueryData(conversationKeys.list(), list(conversation({ id: 8, conversationId: 8 }), conversation({ lastMessage: message(3, 'buyer') })))
    client.setQueryData(conversationKeys.detail(7), conversation({ lastMessage: line }))
    const live = createChatLiveUpdates(client)
    const rewritten = { ...line, content: 'Handover checklist: 1 of 5 steps confirmed.', editedAt: '2026-03-01T11:00:00.000Z' }
    expect(live.handle({ type: 'message_updated', conversationId: 7, message: rewritten })).toBe(true)
    expect(flattenPages(client.getQueryData<MessagePages>(conversationKeys.messages(7))).map((m) => [m.id, m.content])).toEqual([
      [1, 'message 1'],
      [2, 'Handover checklist: 1 of 5 steps confirmed.'],
      [3, 'message 3'],
    ])
    // not a new message: the list keeps its order and preview, nothing is counted here (the refetch counts it)
    expect(flattenConversations(client.getQueryData(conversationKeys.list())).map((c) => [c.id, c.lastMessage?.id, c.unreadCount])).toEqual([
      [8, undefined, 0],
      [7, 3, 0],
    ])
    // a conversation whose last message is the line shows it rewritten
    expect(client.getQueryData(conversationKeys.detail(7))).toMatchObject({ lastMessage: { content: 'Handover checklist: 1 of 5 steps confirmed.' } })
    expect(summaryRefetches()).toBe(1)
    live.dispose()
  })

  it('refetches the list and the badge at most once per 3 s after messages, and per 1 s after reads', () => {
    const live = createChatLiveUpdates(client)
    for (let i = 1; i <= 5; i++) live.handle({ type: 'new_message', conversationId: 7, message: message(i, 'seller') })
    expect(summaryRefetches()).toBe(1)
    vi.advanceTimersByTime(2_999)
    expect(summaryRefetches()).toBe(1)
    vi.advanceTimersByTime(1)
    expect(summaryRefetches()).toBe(2)
    expect(invalidated).toContainEqual(conversationKeys.unreadCount())

    invalidated = []
    live.handle({ type: 'messages_read', conversationId: 7, userId: SELLER.id, userRole: 'seller' })
    live.handle({ type: 'MESSAGE_READ_UPDATE', conversationId: 7, messageId: 5, userId: SELLER.id, userRole: 'seller' })
    expect(summaryRefetches()).toBe(1)
    vi.advanceTimersByTime(1_000)
    expect(summaryRefetches()).toBe(2)
    live.dispose()
  })

  it('turns ticks read for the reader’s role, and clears the badge when our own side read it', () => {
    client.setQueryData(conversationKeys.messages(7), pages([message(1, 'buyer'), message(2, 'buyer'), message(3, 'seller')]))
    client.setQueryData(conversationKeys.detail(7), conversation({ unreadCount: 1 }))
    const live = createChatLiveUpdates(client)
    live.handle({ type: 'MESSAGE_READ_UPDATE', conversationId: 7, messageId: 1, userId: SELLER.id, userRole: 'seller' })
    expect(flattenPages(client.getQueryData<MessagePages>(conversationKeys.messages(7))).map((m) => m.sellerHasRead)).toEqual([true, false, true])
    expect(client.getQueryData(conversationKeys.detail(7))).toMatchObject({ unreadCount: 1 })
    live.handle({ type: 'messages_read', conversationId: 7, userId: BUYER.id, userRole: 'buyer' })
    expect(client.getQueryData(conversationKeys.detail(7))).toMatchObject({ unreadCount: 0 })
    live.dispose()
  })

  it('shows who is typing until they stop, send, or go quiet for 6 s', () => {
    const live = createChatLiveUpdates(client)
    const typing = () => client.getQueryData<TypingState>(conversationKeys.typing(7))
    live.handle({ type: 'user_typing', conversationId: 7, userId: SELLER.id })
    expect(typing()).toEqual([SELLER.id])
    live.handle({ type: 'user_stopped_typing', conversationId: 7, userId: SELLER.id })
    expect(typing()).toEqual([])
    live.handle({ type: 'user_typing', conversationId: 7, userId: SELLER.id })
    live.handle({ type: 'new_message', conversationId: 7, message: message(4, 'seller') })
    expect(typing()).toEqual([])
    live.handle({ type: 'user_typing', conversationId: 7, userId: SELLER.id })
    vi.advanceTimersByTime(5_999)
    expect(typing()).toEqual([SELLER.id])
    vi.advanceTimersByTime(1)
    expect(typing()).toEqual([])
    live.dispose()
  })

  it('keeps presence current on every cached conversation', () => {
    client.setQueryData(conversationKeys.list(), list(conversation()))
    client.setQueryData(conversationKeys.detail(7), conversation())
    const live = createChatLiveUpdates(client)
    live.handle({ type: 'user_online', userId: SELLER.id })
    expect(flattenConversations(client.getQueryData(conversationKeys.list()))[0]?.counterpart.isOnline).toBe(true)
    expect(client.getQueryData(conversationKeys.detail(7))).toMatchObject({ seller: { isOnline: true }, counterpart: { isOnline: true } })
    live.handle({ type: 'online_users_list', userIds: [SELLER.id] })
    expect(client.getQueryData(conversationKeys.detail(7))).toMatchObject({ buyer: { isOnline: false }, seller: { isOnline: true } })
    live.handle({ type: 'user_offline', userId: SELLER.id })
    expect(client.getQueryData(conversationKeys.detail(7))).toMatchObject({ seller: { isOnline: false } })
    live.dispose()
  })

  it('ignores events that are not about chat', () => {
    const live = createChatLiveUpdates(client)
    expect(live.handle({ type: 'listing_created', accountId: 1 })).toBe(false)
    expect(invalidated).toEqual([])
    live.dispose()
  })
})
