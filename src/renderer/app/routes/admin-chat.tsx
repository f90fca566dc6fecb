import { useParams } from 'react-router-dom'
import { AdminChatScreen } from '@/features/chat/components/admin-chat-screen'
import { WithChatConnection } from './chat-connection'
import { renderDeal } from './chat-deal'

/** /admin/chat/{conversationId} */
export default function AdminChatRoute() {
  const { conversationId = '' } = useParams()
  return (
    <WithChatConnection>
      <AdminChatScreen conversationId={conversationId} renderDeal={renderDeal} />
    </WithChatConnection>
  )
}
