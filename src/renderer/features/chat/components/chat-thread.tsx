import { useEffect, useMemo, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import { AlertTriangle, MessageSquareOff } from 'lucide-react'
import type { ConversationDto } from '@shared/api/conversations'
import type { CurrentUser } from '@shared/api/auth'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { TooltipProvider } from '@/components/ui/tooltip'
import { focusesComposer } from '@/lib/chat-arrival'
import { useConversation } from '../api/get-conversation'
import { useMessages } from '../api/get-messages'
import { useMarkRead } from '../api/mark-read'
import { useSendMessage } from '../api/send-message'
import { usePageVisible } from '../hooks/use-page-visible'
import { usePollNewest } from '../hooks/use-poll-newest'
import { flattenPages, hasRead, isLocal } from '../lib/message-cache'
import { isOwnMessage, viewerIn, type ChatViewer } from '../lib/viewer'
import { ChatNotice } from './chat-notice'
import { Composer } from './composer'
import { MessageList } from './message-list'
import { ThreadHeader } from './thread-header'
import { TypingIndicator } from './typing-indicator'

/** What the app shows above a deal's messages, from the deal's own feature: its panel (features do not import each other). */
export type RenderDeal = (transactionId: number) => ReactNode

interface ChatThreadProps {
  conversationId: number
  user: CurrentUser
  /** a back control for the header (mobile list, full-page thread) */
  back?: ReactNode
  renderDeal?: RenderDeal
}

export function ThreadSkeleton() {
  return (
    <div className="flex flex-1 flex-col" aria-label="Loading the conversation">
      <div className="flex items-center gap-3 border-b px-5 py-3">
        <Skeleton className="size-10 rounded-full" />
        <Skeleton className="h-4 w-40" />
      </div>
      <div className="flex flex-1 flex-col justify-end gap-3 p-5">
        <Skeleton className="h-12 w-2/3 rounded-2xl" />
        <Skeleton className="ml-auto h-12 w-1/2 rounded-2xl" />
        <Skeleton className="h-16 w-3/5 rounded-2xl" />
      </div>
    </div>
  )
}

/** Marks the thread read while it is on screen: on opening, on each new message from someone else, on returning to the tab. */
function useReadWhileVisible(conversation: ConversationDto, viewer: ChatViewer) {
  const messages = useMessages(conversation.id)
  const visible = usePageVisible()
  const markRead = useMarkRead(conversation.id, viewer.role)
  const items = useMemo(() => flattenPages(messages.data), [messages.data])
  const unread = useMemo(
    () => items.some((m) => !isLocal(m) && !isOwnMessage(m, conversation, viewer.role) && !hasRead(m, viewer.role)),
    [items, conversation, viewer],
  )
  const loaded = messages.data !== undefined
  const needed = loaded && (unread || conversation.unreadCount > 0)
  useEffect(() => {
    if (visible && needed) markRead()
  }, [visible, needed, items, markRead])
}

function ThreadView({
  conversation,
  user,
  back,
  renderDeal,
}: {
  conversation: ConversationDto
  user: CurrentUser
  back?: ReactNode
  renderDeal?: RenderDeal
}) {
  const { role } = conversation
  // a buyer who has just paid lands here to write to the seller
  const arrivedPaying = focusesComposer(useLocation().state)
  // rebuilt only when the side changes, so a new preview or presence does not redraw every message
  const viewer = useMemo(() => viewerIn({ role }, user), [role, user])
  const messages = useMessages(conversation.id)
  const { send, retry } = useSendMessage(conversation, viewer)
  useReadWhileVisible(conversation, viewer)
  usePollNewest(conversation.id, role === 'admin' && !conversation.adminJoined)

  return (
    <TooltipProvider>
      <div className="flex min-h-0 flex-1 flex-col" data-testid="chat-thread">
        <ThreadHeader conversation={conversation} back={back} />
        {conversation.transactionId !== null && renderDeal?.(conversation.transactionId)}
        {messages.isPending ? (
          <ThreadSkeleton />
        ) : messages.isError ? (
          <ChatNotice icon={<AlertTriangle aria-hidden="true" />} title="Could not load the messages" text={messages.error.message}>
            <Button variant="primary" onClick={() => void messages.refetch()}>
              Try Again
            </Button>
          </ChatNotice>
        ) : (
          <div className="flex min-h-0 flex-1 flex-col bg-background">
            <MessageList conversation={conversation} viewer={viewer} onRetry={retry} />
          </div>
        )}
        <div className="bg-background">
          <TypingIndicator conversation={conversation} />
        </div>
        <Composer conversationId={conversation.id} onSend={send} disabled={!messages.isSuccess} focusWhenReady={arrivedPaying} />
      </div>
    </TooltipProvider>
  )
}

/** One conversation: header, virtualised messages, typing indicator and composer (SPEC §2 /messages, /chat/{id}, /admin/chat/{id}). */
export function ChatThread({ conversationId, user, back, renderDeal }: ChatThreadProps) {
  const conversation = useConversation(conversationId)
  if (conversation.isPending) return <ThreadSkeleton />
  if (conversation.isError) {
    return (
      <ChatNotice icon={<AlertTriangle aria-hidden="true" />} title="Could not load the conversation" text={conversation.error.message}>
        <Button variant="primary" onClick={() => void conversation.refetch()}>
          Try Again
        </Button>
      </ChatNotice>
    )
  }
  if (!conversation.data) {
    return (
      <ChatNotice icon={<MessageSquareOff aria-hidden="true" />} title="Conversation not found" text="It does not exist, or it is not one of yours.">
        {back}
      </ChatNotice>
    )
  }
  return <ThreadView conversation={conversation.data} user={user} back={back} renderDeal={renderDeal} />
}
