import { useParams } from 'react-router-dom'
import { ChatPageScreen } from '@/features/chat/components/chat-page-screen'
import { WithChatConnection } from './chat-connection'
import { renderDeal } from './chat-deal'

/** /chat/{conversationId} */
export default function ChatRoute() {
  const { conversationId = '' } = useParams()
  return (
    <WithChatConnection>
      <ChatPageScreen conversationId={conversationId} renderDeal={renderDeal} />
    </WithChatConnection>
  )
}
