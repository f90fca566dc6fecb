import { Link, Navigate } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, Lock } from 'lucide-react'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { adminMeQueryOptions, useCurrentUser } from '@/lib/auth'
import { useSeo } from '@/lib/seo'
import { parseId } from '../lib/parse-id'
import { ChatNotice } from './chat-notice'
import { ThreadSkeleton, type RenderDeal } from './chat-thread'
import { FullPageThread, ThreadPage } from './chat-page-screen'

/** /admin/chat/{conversationId}: the thread as support sees it; admins write as Handover Support (999). */
export function AdminChatScreen({ conversationId, renderDeal }: { conversationId: string; renderDeal?: RenderDeal }) {
  const { user, isLoading } = useCurrentUser()
  const admin = useQuery(adminMeQueryOptions(user !== null))
  useSeo({ title: 'Admin Chat | Handover', description: 'A conversation, as Handover Support.', noIndex: true })
  if (isLoading || (user && admin.isPending))
    return (
      <FullPageThread>
        <ThreadSkeleton />
      </FullPageThread>
    )
  if (!user) return <Navigate to={paths.login} replace />
  if (admin.data?.isAdmin !== true || !admin.data.twoFactorEnabled) {
    return (
      <FullPageThread>
        <ChatNotice icon={<Lock aria-hidden="true" />} title="Not allowed" text="Only Handover admins can open conversations from the support desk.">
          <Button asChild variant="primary">
            <Link to={paths.messages}>Go to your messages</Link>
          </Button>
        </ChatNotice>
      </FullPageThread>
    )
  }
  const back = (
    <Button asChild variant="ghost" size="icon" className="-ml-1 shrink-0">
      <Link to={paths.adminConversations} aria-label="All conversations">
        <ArrowLeft aria-hidden="true" />
      </Link>
    </Button>
  )
  return <ThreadPage id={parseId(conversationId)} user={user} back={back} renderDeal={renderDeal} />
}
