import { Link } from 'react-router-dom'
import type { AdminConversationDto } from '@shared/api/admin-conversations'
import { ADMIN_SENDER_NAME } from '@shared/api/conversations'
import { TRANSACTION_STATUS_LABELS } from '@shared/api/transactions'
import { BADGE_CAP } from '@shared/constants'
import { capBadge, formatRelativeTime } from '@shared/format'
import { Badge } from '@/components/ui/badge'
import { UserAvatar } from '@/components/user-avatar'
import { paths } from '@/config/paths'
import { PLATFORMS } from '@/config/platforms'
import { cn } from '@/lib/utils'

/** The last line as support reads it: who wrote it, then what. */
function preview(conversation: AdminConversationDto): string {
  const last = conversation.lastMessage
  if (!last) return 'No messages yet'
  if (last.isSystem) return last.content
  return `${last.isFromAdmin ? ADMIN_SENDER_NAME : last.sender.username}: ${last.content}`
}

function Party({ user, role }: { user: AdminConversationDto['buyer']; role: string }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <UserAvatar username={user.username} avatar={user.avatar} className="size-6 text-xs" />
      <span className="truncate font-semibold">{user.username}</span>
      <span className="text-xs font-normal text-muted-foreground">{role}</span>
    </span>
  )
}

/** One conversation in the support desk's list; the whole row opens it as support. */
export function ConversationRow({ conversation, now }: { conversation: AdminConversationDto; now: Date }) {
  const unread = conversation.unreadCount > 0
  const { listing, deal } = conversation
  return (
    <li>
      <Link
        to={paths.adminChat(conversation.id)}
        data-testid="admin-conversation"
        className="grid grid-cols-[minmax(0,1fr)] gap-1 border-b px-4 py-3 transition-colors outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-4"
      >
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <Party user={conversation.buyer} role="buyer" />
          <span aria-hidden="true" className="text-navy-300">
            ⇄
          </span>
          <Party user={conversation.seller} role="seller" />
        </div>
        <div className="flex items-center gap-2 sm:justify-end">
          <time dateTime={conversation.lastMessageAt} className="text-xs whitespace-nowrap text-muted-foreground">
            {formatRelativeTime(conversation.lastMessageAt, now)}
          </time>
          {unread && (
            <span
              data-testid="unread-badge"
              className="flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-[0.6875rem] font-bold text-destructive-foreground"
            >
              <span className="sr-only">Unread by support: </span>
              {capBadge(conversation.unreadCount, BADGE_CAP.chat)}
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-wrap items-center gap-2 text-xs sm:col-span-2">
          <span className="max-w-full min-w-0 truncate">
            <span className="text-muted-foreground">#{conversation.id} · </span>
            {listing ? (
              <span className="font-medium text-mint-700 dark:text-mint-400">
                {PLATFORMS[listing.platform].label} · {listing.accountTitle}
              </span>
            ) : (
              <span className="text-muted-foreground">No listing</span>
            )}
          </span>
          {deal && (
            <Badge variant={deal.status === 'disputed' ? 'outline' : 'secondary'} className={cn(deal.status === 'disputed' && 'text-warning')}>
              {deal.displayId} · {TRANSACTION_STATUS_LABELS[deal.status]}
            </Badge>
          )}
          {conversation.adminJoined && <Badge variant="secondary">Support joined</Badge>}
        </div>
        <p className={cn('truncate text-sm sm:col-span-2', unread ? 'font-medium text-foreground' : 'text-muted-foreground')}>
          {preview(conversation)}
        </p>
      </Link>
    </li>
  )
}
