import { Link } from 'react-router-dom'
import { MessageCircle } from 'lucide-react'
import { BADGE_CAP } from '@shared/constants'
import { capBadge } from '@shared/format'
import { paths } from '@/config/paths'
import { useChatUnreadCount } from '@/lib/chat-unread'

/** Signed-in shortcut to the conversations, with an unread badge capped at "99+" (SPEC §2, §9). */
export function FloatingChatButton() {
  const unread = useChatUnreadCount(true)
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages'
  return (
    <Link
      to={paths.messages}
      aria-label={label}
      data-testid="floating-chat"
      className="fixed right-5 bottom-5 z-30 flex size-14 items-center justify-center rounded-full bg-mint-400 text-navy-950 shadow-xl shadow-navy-950/25 transition-transform hover:scale-105 focus-visible:ring-4 focus-visible:ring-mint-300 focus-visible:outline-none sm:right-8 sm:bottom-8"
    >
      <MessageCircle className="size-6" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="chat-unread-badge"
          className="absolute -top-1 -right-1 flex h-6 min-w-6 items-center justify-center rounded-full bg-destructive px-1.5 text-xs font-bold text-destructive-foreground ring-2 ring-background"
        >
          {capBadge(unread, BADGE_CAP.chat)}
        </span>
      )}
    </Link>
  )
}
