import { describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { adminKeys, authKeys, balanceKeys, conversationKeys, listingKeys, notificationKeys, transactionKeys } from '@/lib/query-keys'
import { invalidateForEvent, nextOnlineUsers } from './realtime-events'
import { realtimeUrl } from './realtime-provider'
import { makeNotification } from '@/lib/notification-fixture'

function invalidatedBy(event: Parameters<typeof invalidateForEvent>[1]) {
  const client = new QueryClient()
  const spy = vi.spyOn(client, 'invalidateQueries')
  invalidateForEvent(client, event)
  return spy.mock.calls.map(([filters]) => filters?.queryKey)
}

describe('realtime event routing', () => {
  it('refreshes the current user and the balance page on balance_updated, showing the new figure at once', () => {
    expect(invalidatedBy({ type: 'balance_updated', balance: '20.00' })).toEqual([authKeys.me(), balanceKeys.all])
    const client = new QueryClient()
    client.setQueryData(authKeys.me(), { id: 1, username: 'alice', avatar: null, balance: '15.00' })
    invalidateForEvent(client, { type: 'balance_updated', balance: '20.00' })
    expect(client.getQueryData(authKeys.me())).toMatchObject({ balance: '20.00' })
  })

  it('refreshes open deals when a deal writes or rewrites a system line in its chat', () => {
    const line = {
      id: 1,
      conversationId: 4,
      content: 'alice marked “Invite” done.',
      senderId: 2,
      sender: { id: 2, username: 'alice' },
      createdAt: new Date().toISOString(),
      isFromAdmin: false,
      buyerHasRead: false,
      sellerHasRead: true,
      adminHasRead: false,
      tickStatus: {},
      isSystem: true as const,
    }
    expect(invalidatedBy({ type: 'new_message', conversationId: 4, message: line })).toEqual([transactionKeys.all])
    expect(invalidatedBy({ type: 'new_message', conversationId: 4, message: { ...line, isSystem: undefined } })).toEqual([])
    // the checklist's one line, rewritten at a tick: the deal panel in the chat and an open deal page follow
    const rewritten = { ...line, content: 'Handover checklist: 1 of 5 steps confirmed. Latest: bob confirmed “Invite”.', editedAt: line.createdAt }
    expect(invalidatedBy({ type: 'message_updated', conversationId: 4, message: rewritten })).toEqual([transactionKeys.all])
  })

  it('refreshes notifications on new_notification and notification_read_all', () => {
    expect(invalidatedBy({ type: 'new_notification', notification: makeNotification() })).toEqual([notificationKeys.all])
    expect(invalidatedBy({ type: 'notification_read_all', unreadCount: 0 })).toEqual([notificationKeys.all])
    expect(invalidatedBy({ type: 'notification_read', notificationId: 3, unreadCount: 2 })).toEqual([notificationKeys.all])
  })

  it('refreshes the open page of a listing a notification is about (an approval reaches its seller)', () => {
    const approved = makeNotification('listing_approved', { data: { accountId: 42 } })
    expect(invalidatedBy({ type: 'new_notification', notification: approved })).toEqual([notificationKeys.all, listingKeys.detail('42')])
    expect(invalidatedBy({ type: 'new_notification', notification: makeNotification('balance_updated', { data: { transactionId: 42 } }) })).toEqual([
      notificationKeys.all,
    ])
  })

  it('refreshes conversation summaries and transactions for their events', () => {
    expect(invalidatedBy({ type: 'transaction_created', transactionId: 1 })).toEqual([
      transactionKeys.all,
      adminKeys.allStats(),
      conversationKeys.list(),
    ])
    expect(invalidatedBy({ type: 'transaction_updated', transactionId: 1 })).toEqual([transactionKeys.all, adminKeys.allStats(), balanceKeys.all])
    expect(invalidatedBy({ type: 'TRANSACTION_CANCELLED', transactionId: 1 })).toEqual([transactionKeys.all, adminKeys.allStats(), listingKeys.all])
  })

  it('refreshes the admin dashboard figures with the disputes queue on every deal event, whatever the range', () => {
    const deals: Parameters<typeof invalidateForEvent>[1][] = [
      { type: 'transaction_created', transactionId: 1 },
      { type: 'transaction_updated', transactionId: 1 },
      { type: 'transaction_update', transactionId: 1 },
      { type: 'TRANSACTION_CANCELLED', transactionId: 1 },
      { type: 'payment_completed', redirect_to_chat: true, conversationId: 1 },
    ]
    for (const event of deals) {
      const client = new QueryClient()
      for (const key of [adminKeys.stats(30), adminKeys.stats(90), adminKeys.disputes()]) client.setQueryData(key, {})
      invalidateForEvent(client, event)
      const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated
      expect([stale(adminKeys.stats(30)), stale(adminKeys.stats(90)), stale(adminKeys.disputes())], event.type).toEqual([true, true, true])
    }
  })

  it('refreshes every page of the admins’ withdrawals queue and the dashboard figures when a withdrawal is requested or decided', () => {
    for (const status of ['requested', 'approved', 'rejected'] as const) {
      const client = new QueryClient()
      const keys = [adminKeys.withdrawals(1), adminKeys.withdrawals(2), adminKeys.stats(30), adminKeys.stats(90), adminKeys.disputes()]
      for (const key of keys) client.setQueryData(key, {})
      invalidateForEvent(client, { type: 'withdrawal_queue_update', withdrawalId: 7, status })
      // the deals' queue has nothing to do with it
      expect(
        keys.map((key) => client.getQueryState(key)?.isInvalidated),
        status,
      ).toEqual([true, true, true, true, false])
    }
  })

  it('leaves listing events to the listing live updates (no blanket invalidation)', () => {
    expect(invalidatedBy({ type: 'listing_update', accountId: 1, listingStatus: 'sold' })).toEqual([])
    expect(invalidatedBy({ type: 'listing_created', accountId: 1 })).toEqual([])
    expect(invalidatedBy({ type: 'account_status_updated', accountId: 1, isActive: false })).toEqual([])
  })

  it('leaves chat events to the chat live updates, which never refetch every page of a thread', () => {
    expect(invalidatedBy({ type: 'new_message', conversationId: 1, message: {} } as never)).toEqual([])
    expect(invalidatedBy({ type: 'messages_read', conversationId: 1, userId: 2, userRole: 'seller' })).toEqual([])
    expect(invalidatedBy({ type: 'payment_completed', redirect_to_chat: true, conversationId: 1 })).not.toContainEqual(conversationKeys.all)
  })

  it('leaves the cache alone for presence and typing', () => {
    expect(invalidatedBy({ type: 'user_online', userId: 1 })).toEqual([])
    expect(invalidatedBy({ type: 'user_typing', conversationId: 1, userId: 2 })).toEqual([])
  })
})

describe('presence', () => {
  it('replaces, adds and removes online user ids', () => {
    const listed = nextOnlineUsers(new Set(), { type: 'online_users_list', userIds: [1, 2] })
    expect([...listed!]).toEqual([1, 2])
    expect([...nextOnlineUsers(listed!, { type: 'user_online', userId: 3 })!]).toEqual([1, 2, 3])
    expect([...nextOnlineUsers(listed!, { type: 'user_offline', userId: 1 })!]).toEqual([2])
    expect(nextOnlineUsers(listed!, { type: 'user_online', userId: 1 })).toBeNull()
    expect(nextOnlineUsers(listed!, { type: 'pong' })).toBeNull()
  })
})

describe('realtimeUrl', () => {
  it('uses ws on http and wss on https, on the page host', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws')
    expect(realtimeUrl({ protocol: 'https:', host: 'handover.example' })).toBe('wss://handover.example/ws')
  })
})
