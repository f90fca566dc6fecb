import { useState } from 'react'
import { Link } from 'react-router-dom'
import { AlertTriangle, MessagesSquare, Search } from 'lucide-react'
import { ADMIN_SENDER_NAME, type ConversationDto } from '@shared/api/conversations'
import { BADGE_CAP } from '@shared/constants'
import { capBadge, formatRelativeTime } from '@shared/format'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { useConversations } from '../api/get-conversations'
import { flattenConversations } from '../lib/conversation-cache'
import { conversationTitle, filterConversations } from '../lib/search'
import { isOwnMessage } from '../lib/viewer'
import { useNow } from '../hooks/use-now'
import { ChatNotice } from './chat-notice'
import { OnlineAvatar } from './online-avatar'

function preview(conversation: ConversationDto): string {
  const last = conversation.lastMessage
  if (!last) return 'No messages yet'
  if (isOwnMessage(last, conversation, conversation.role)) return `You: ${last.content}`
  if (last.isFromAdmin) return `${ADMIN_SENDER_NAME}: ${last.content}`
  return last.content
}

function ConversationItem({ conversation, selected, now }: { conversation: ConversationDto; selected: boolean; now: Date }) {
  const unread = conversation.unreadCount > 0
  return (
    <li>
      <Link
        to={paths.conversation(conversation.id)}
        aria-current={selected ? 'true' : undefined}
        data-testid="conversation-item"
        className={cn(
          'flex gap-3 border-b px-4 py-3 transition-colors outline-none hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
          selected && 'bg-mint-300/15 hover:bg-mint-300/20',
        )}
      >
        <OnlineAvatar user={conversation.counterpart} className="size-11" />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline gap-2">
            <p className={cn('min-w-0 flex-1 truncate', unread ? 'font-bold' : 'font-semibold')}>{conversationTitle(conversation)}</p>
            <time dateTime={conversation.lastMessageAt} className="shrink-0 text-[0.6875rem] text-muted-foreground">
              {formatRelativeTime(conversation.lastMessageAt, now)}
            </time>
          </div>
          {conversation.listing && (
            <p className="truncate text-xs font-medium text-mint-700 dark:text-mint-400">{conversation.listing.accountTitle}</p>
          )}
          <div className="mt-0.5 flex items-center gap-2">
            <p className={cn('min-w-0 flex-1 truncate text-sm', unread ? 'font-medium text-foreground' : 'text-muted-foreground')}>
              {preview(conversation)}
            </p>
            {unread && (
              <span
                data-testid="unread-badge"
                className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-destructive px-1.5 text-[0.6875rem] font-bold text-destructive-foreground"
              >
                <span className="sr-only">Unread messages: </span>
                {capBadge(conversation.unreadCount, BADGE_CAP.chat)}
              </span>
            )}
          </div>
        </div>
      </Link>
    </li>
  )
}

function ListSkeleton() {
  return (
    <div aria-label="Loading conversations">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex gap-3 border-b px-4 py-3">
          <Skeleton className="size-11 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-4/5" />
          </div>
        </div>
      ))}
    </div>
  )
}

/** The viewer's conversations, newest activity first, with a search over people and listings. */
export function ConversationList({ selectedId }: { selectedId: number | null }) {
  const list = useConversations(true)
  const [search, setSearch] = useState('')
  const now = useNow()
  const conversations = flattenConversations(list.data)
  const shown = filterConversations(conversations, search)

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b px-4 pt-4 pb-3">
        <h1 className="text-xl font-extrabold tracking-tight">Messages</h1>
        <div className="relative mt-3">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-navy-400" aria-hidden="true" />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search people or listings"
            aria-label="Search conversations"
            className="h-10 pl-9"
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <ChatNotice icon={<AlertTriangle aria-hidden="true" />} title="Could not load your conversations" text={list.error.message}>
            <Button variant="primary" onClick={() => void list.refetch()}>
              Try Again
            </Button>
          </ChatNotice>
        ) : conversations.length === 0 ? (
          <ChatNotice
            icon={<MessagesSquare aria-hidden="true" />}
            title="No conversations yet"
            text="Message a seller from any listing and the conversation appears here."
          >
            <Button asChild variant="primary">
              <Link to={paths.browse}>Browse accounts</Link>
            </Button>
          </ChatNotice>
        ) : shown.length === 0 ? (
          <ChatNotice icon={<Search aria-hidden="true" />} title="No matches" text={`No conversation matches “${search.trim()}”.`}>
            <Button variant="outline" onClick={() => setSearch('')}>
              Clear search
            </Button>
          </ChatNotice>
        ) : (
          <ul aria-label="Conversations">
            {shown.map((conversation) => (
              <ConversationItem key={conversation.id} conversation={conversation} selected={conversation.id === selectedId} now={now} />
            ))}
          </ul>
        )}
        {list.hasNextPage && !search.trim() && (
          <div className="p-3 text-center">
            <Button variant="ghost" size="sm" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {list.isFetchingNextPage ? 'Loading…' : 'Show older conversations'}
            </Button>
          </div>
        )}
      </div>
    </div>
  )
}
