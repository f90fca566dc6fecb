import { useEffect } from 'react'
import { useCurrentUser } from './auth'
import { useChatUnreadCount } from './chat-unread'
import { useUnreadCount } from './notifications'
import { setBadgeCount } from './platform'

/** What the dock/taskbar badge (desktop) or the "(n) " title prefix (web) counts: unread messages and notifications. */
export function unreadTotal(signedIn: boolean, notifications: number, messages: number): number {
  return signedIn ? notifications + messages : 0
}

/**
 * The one place that sets the badge, mounted once at the root: it follows both unread counts, which live events
 * and the bell keep fresh, and goes to 0 when the user signs out.
 */
export function useUnreadBadge(): void {
  const { isSignedIn } = useCurrentUser()
  const notifications = useUnreadCount(isSignedIn)
  const messages = useChatUnreadCount(isSignedIn)
  const total = unreadTotal(isSignedIn, notifications, messages)

  useEffect(() => setBadgeCount(total), [total])
  // not in the effect above: clearing on every change would flash the badge to 0 between counts
  useEffect(() => () => setBadgeCount(0), [])
}
