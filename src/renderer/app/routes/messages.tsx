import { MessagesScreen } from '@/features/chat/components/messages-screen'
import { WithChatConnection } from './chat-connection'

/** /messages (and /chat?… after its redirect). */
export default function MessagesRoute() {
  return (
    <WithChatConnection>
      <MessagesScreen />
    </WithChatConnection>
  )
}
