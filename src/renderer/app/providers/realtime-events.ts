import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { ServerEvent, ServerEventType } from '@shared/realtime/events'
import type { CurrentUser } from '@shared/api/auth'
import { accountKeys, adminKeys, authKeys, balanceKeys, conversationKeys, listingKeys, notificationKeys, transactionKeys } from '@/lib/query-keys'

/**
 * Which cached data each live event makes stale (SPEC §7: "the client refreshes the matching cached
 * data"). One table, so adding an event is one line. Listing and chat events (messages, receipts,
 * typing, presence) have their own cache updates.
 */
export const EVENT_INVALIDATIONS: Record<ServerEventType, readonly QueryKey[]> = {
  pong: [],
  authenticated: [],
  auth_error: [],
  user_online: [],
  user_offline: [],
  online_users_list: [],
  // a ban, a deleted account, a password changed elsewhere: the cached user goes, so the page shows the visitor signed out
  session_ended: [authKeys.all],
  // the user's picture, email or preferences changed in another tab or device
  account_updated: [authKeys.me(), accountKeys.all],
  user_typing: [],
  user_stopped_typing: [],
  // chat events update the cache in place and refetch the list throttled: features/chat/lib/live-chat.ts
  new_message: [],
  message_sent: [],
  message_updated: [],
  messages_read: [],
  message_read: [],
  MESSAGE_READ_UPDATE: [],
  send_message_error: [],
  // Deal events refresh the deals (the admin's disputes queue among them) and the admin dashboard's figures, which
  // count deals by status: the "Open disputes" card then moves with the queue instead of up to 30 s behind it.
  // The list and the badge, never every loaded page of an open thread.
  payment_completed: [
    transactionKeys.all,
    adminKeys.allStats(),
    conversationKeys.list(),
    conversationKeys.unreadCount(),
    authKeys.me(),
    balanceKeys.all,
  ],
  transaction_created: [transactionKeys.all, adminKeys.allStats(), conversationKeys.list()],
  // a step moves money into or out of escrow: the balance page's "in escrow" follows
  transaction_updated: [transactionKeys.all, adminKeys.allStats(), balanceKeys.all],
  transaction_update: [transactionKeys.all, adminKeys.allStats()],
  TRANSACTION_CANCELLED: [transactionKeys.all, adminKeys.allStats(), listingKeys.all],
  // the payment monitor refetches throttled, on this and on the transaction events: features/admin-payments/lib/payment-monitor-live.ts
  payment_monitor_update: [],
  // to admins: a withdrawal was requested or decided; the queue and the dashboard's pending-withdrawals card follow
  withdrawal_queue_update: [adminKeys.allWithdrawals(), adminKeys.allStats()],
  // to admins, alongside their own events: a submitted listing has no other one, so the review queue and the
  // "waiting for review" figure follow it here instead of at their next poll (the desktop alert: lib/desktop-alerts.ts)
  admin_alert: [adminKeys.reviewQueue(), adminKeys.allStats()],
  // listing events update the cache in place, throttled: features/listings/lib/live-updates.ts
  listing_created: [],
  listing_updated: [],
  listing_purchased: [],
  listing_update: [],
  LISTING_REACTIVATED: [],
  account_status_updated: [],
  new_notification: [notificationKeys.all],
  notification_read_all: [notificationKeys.all],
  notification_read: [notificationKeys.all],
  balance_updated: [authKeys.me(), balanceKeys.all],
}

/**
 * What may have changed while the connection was down, refetched after a reconnect (never the first connect, whose
 * page has just fetched it): the notifications and their unread count, the open conversation, the deals and the balance. Only what
 * is on screen refetches; the rest is marked stale. The chat list, its unread count and each open thread's newest
 * page are live chat's own catch-up, on every authentication (features/chat/lib/live-chat.ts): listing them here too
 * would fetch them twice.
 */
export const RECONNECT_INVALIDATIONS: readonly QueryKey[] = [
  notificationKeys.all,
  conversationKeys.details(),
  transactionKeys.all,
  // a `balance_updated` missed while away: the header's figure and the balance screens
  authKeys.me(),
  balanceKeys.all,
]

export function invalidateAfterReconnect(queryClient: QueryClient): void {
  for (const queryKey of RECONNECT_INVALIDATIONS) void queryClient.invalidateQueries({ queryKey })
}

export function invalidateForEvent(queryClient: QueryClient, event: ServerEvent): void {
  // the header shows the new balance at once; the refetch that follows confirms it
  if (event.type === 'balance_updated') {
    queryClient.setQueryData<CurrentUser | null>(authKeys.me(), (user) => (user ? { ...user, balance: event.balance } : user))
  }
  for (const queryKey of EVENT_INVALIDATIONS[event.type]) {
    void queryClient.invalidateQueries({ queryKey })
  }
  // A decision about one listing (approved, not approved, suspended, verified) reaches its owner as a
  // notification naming it: an open page of that listing shows the decision without a reload.
  const accountId = event.type === 'new_notification' ? (event.notification.data as { accountId?: unknown } | undefined)?.accountId : undefined
  if (typeof accountId === 'number') {
    void queryClient.invalidateQueries({ queryKey: listingKeys.detail(String(accountId)) })
  }
  // A deal writes a system line into its chat for every step and keeps one for its checklist, rewritten at every tick:
  // a new or rewritten line tells an open deal page, or the deal's panel in the chat, that the deal moved.
  if ((event.type === 'new_message' || event.type === 'message_sent' || event.type === 'message_updated') && event.message.isSystem) {
    void queryClient.invalidateQueries({ queryKey: transactionKeys.all })
  }
}

/** Presence: the next set of online user ids, or null when the event is not about presence. */
export function nextOnlineUsers(current: ReadonlySet<number>, event: ServerEvent): Set<number> | null {
  switch (event.type) {
    case 'online_users_list':
      return new Set(event.userIds)
    case 'user_online':
      return current.has(event.userId) ? null : new Set(current).add(event.userId)
    case 'user_offline': {
      if (!current.has(event.userId)) return null
      const next = new Set(current)
      next.delete(event.userId)
      return next
    }
    default:
      return null
  }
}
