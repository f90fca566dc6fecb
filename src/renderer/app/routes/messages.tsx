import { MessagesScreen } from '@/features/chat/components/messages-screen'
import { WithChatConnection } from './chat-connection'
import { renderDeal } from './chat-deal'

/** /messages (and /chat?… after its redirect). */
export default function MessagesRoute() {
  return (
    <WithChatConnection>
      <MessagesScreen renderDeal={renderDeal} />
    </WithChatConnection>
  )
}
