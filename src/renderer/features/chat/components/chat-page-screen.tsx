import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { ArrowLeft, MessageSquareOff } from 'lucide-react'
import type { CurrentUser } from '@shared/api/auth'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { SignInRedirect } from '@/components/sign-in-redirect'
import { useCurrentUser } from '@/lib/auth'
import { useSeo } from '@/lib/seo'
import { parseId } from '../lib/parse-id'
import { ChatNotice } from './chat-notice'
import { ChatThread, ThreadSkeleton, type RenderDeal } from './chat-thread'

/** A thread on a page of its own, under the site header. */
export function FullPageThread({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-4xl md:px-6 md:py-6">
      <div className="flex min-w-0 flex-1 flex-col overflow-hidden bg-card md:rounded-2xl md:border md:shadow-sm">{children}</div>
    </div>
  )
}

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild variant="ghost" size="icon" className="-ml-1 shrink-0">
      <Link to={to} aria-label={label}>
        <ArrowLeft aria-hidden="true" />
      </Link>
    </Button>
  )
}

/** The thread for a signed-in user, or a notice when the address holds no conversation id. */
export function ThreadPage({ id, user, back, renderDeal }: { id: number | null; user: CurrentUser; back: ReactNode; renderDeal?: RenderDeal }) {
  if (id === null) {
    return (
      <FullPageThread>
        <ChatNotice icon={<MessageSquareOff aria-hidden="true" />} title="Conversation not found" text="This address does not name a conversation.">
          {back}
        </ChatNotice>
      </FullPageThread>
    )
  }
  return (
    <FullPageThread>
      <ChatThread key={id} conversationId={id} user={user} back={back} renderDeal={renderDeal} />
    </FullPageThread>
  )
}

/** /chat/{conversationId}: one conversation, full page (where a completed payment lands, SPEC §4). */
export function ChatPageScreen({ conversationId, renderDeal }: { conversationId: string; renderDeal?: RenderDeal }) {
  const { user, isLoading } = useCurrentUser()
  useSeo({ title: 'Chat | Handover', description: 'A conversation on Handover.', noIndex: true })
  const id = parseId(conversationId)
  if (isLoading)
    return (
      <FullPageThread>
        <ThreadSkeleton />
      </FullPageThread>
    )
  if (!user) return <SignInRedirect reason="chat" />
  const back = <BackLink to={id === null ? paths.messages : paths.conversation(id)} label="All conversations" />
  return <ThreadPage id={id} user={user} back={back} renderDeal={renderDeal} />
}
