import { useEffect, useRef } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { AlertTriangle, ArrowLeft, Loader2, MessagesSquare } from 'lucide-react'
import type { CurrentUser } from '@shared/api/auth'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { SignInRedirect } from '@/components/sign-in-redirect'
import { describeError } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth'
import { useOpenConversation } from '@/lib/open-conversation'
import { useSeo } from '@/lib/seo'
import { cn } from '@/lib/utils'
import { parseId } from '../lib/parse-id'
import { ChatNotice } from './chat-notice'
import { ChatThread, ThreadSkeleton, type RenderDeal } from './chat-thread'
import { ConversationList } from './conversation-list'

/** Back to the list: only under the two-pane breakpoint, where the list and the thread take turns. */
function BackToList() {
  return (
    <Button asChild variant="ghost" size="icon" className="-ml-1 shrink-0 md:hidden">
      <Link to={paths.messages} aria-label="Back to conversations">
        <ArrowLeft aria-hidden="true" />
      </Link>
    </Button>
  )
}

/** /messages?user={sellerId}: opens the conversation with that seller, or starts it, then shows it (SPEC §2). */
function StartConversation({ sellerId }: { sellerId: number }) {
  const open = useOpenConversation()
  const navigate = useNavigate()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    open.mutate({ sellerId }, { onSuccess: (conversation) => navigate(paths.conversation(conversation.id), { replace: true }) })
  }, [open, sellerId, navigate])

  if (open.isError) {
    return (
      <ChatNotice
        icon={<AlertTriangle aria-hidden="true" />}
        title="Could not start the conversation"
        text={describeError(open.error, 'Please try again.')}
      >
        <BackToList />
      </ChatNotice>
    )
  }
  return <ChatNotice icon={<Loader2 className="animate-spin" aria-hidden="true" />} title="Opening the conversation…" />
}

function NothingSelected() {
  return <ChatNotice icon={<MessagesSquare aria-hidden="true" />} title="Your messages" text="Choose a conversation to read it and reply." />
}

function MessagesLayout({ user, renderDeal }: { user: CurrentUser; renderDeal?: RenderDeal }) {
  const [params] = useSearchParams()
  const conversationId = parseId(params.get('conversation'))
  const sellerId = conversationId === null ? parseId(params.get('user')) : null
  const open = conversationId !== null || sellerId !== null
  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-7xl md:px-6 md:py-6 lg:px-8">
      <div className="flex min-w-0 flex-1 overflow-hidden bg-card md:rounded-2xl md:border md:shadow-sm">
        {/* under 768 px the list and the thread take turns; from there on they sit side by side */}
        <aside className={cn('min-h-0 w-full flex-col md:flex md:w-80 md:border-r lg:w-96', open ? 'hidden' : 'flex')} aria-label="Conversations">
          <ConversationList selectedId={conversationId} />
        </aside>
        <section className={cn('min-h-0 min-w-0 flex-1 flex-col', open ? 'flex' : 'hidden md:flex')} aria-label="Conversation">
          {conversationId !== null ? (
            <ChatThread key={conversationId} conversationId={conversationId} user={user} back={<BackToList />} renderDeal={renderDeal} />
          ) : sellerId !== null ? (
            <StartConversation key={sellerId} sellerId={sellerId} />
          ) : (
            <NothingSelected />
          )}
        </section>
      </div>
    </div>
  )
}

/** /messages, /messages?conversation={id}, /messages?user={sellerId}; signed-in users only. */
export function MessagesScreen({ renderDeal }: { renderDeal?: RenderDeal }) {
  const { user, isLoading } = useCurrentUser()
  useSeo({ title: 'Messages | Handover', description: 'Your conversations with buyers and sellers on Handover.', noIndex: true })
  if (isLoading)
    return (
      <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-7xl">
        <ThreadSkeleton />
      </div>
    )
  if (!user) return <SignInRedirect reason="messages" />
  return <MessagesLayout user={user} renderDeal={renderDeal} />
}
