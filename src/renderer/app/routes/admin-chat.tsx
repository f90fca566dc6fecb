import { useParams } from 'react-router-dom'
import { AdminChatScreen } from '@/features/chat/components/admin-chat-screen'
import { WithChatConnection } from './chat-connection'

/** /admin/chat/{conversationId} */
export default function AdminChatRoute() {
  const { conversationId = '' } = useParams()
  return (
    <WithChatConnection>
      <AdminChatScreen conversationId={conversationId} />
    </WithChatConnection>
  )
}
