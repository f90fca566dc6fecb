import { useQuery } from '@tanstack/react-query'
import { ADMIN_SENDER_NAME, type ConversationDto } from '@shared/api/conversations'
import { conversationKeys } from '@/lib/query-keys'
import { nameIn } from '../lib/conversation-cache'
import { NOBODY_TYPING, type TypingState } from '../lib/typing-state'

/** "{name} is typing…"; the ids come from live events only (lib/live-chat.ts). */
export function typingText(conversation: ConversationDto, typing: TypingState): string {
  const names = typing.map((id) => nameIn(conversation, id, ADMIN_SENDER_NAME))
  if (names.length === 0) return ''
  if (names.length === 1) return `${names[0]} is typing…`
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are typing…`
}

export function TypingIndicator({ conversation }: { conversation: ConversationDto }) {
  const { data = NOBODY_TYPING } = useQuery<TypingState>({
    queryKey: conversationKeys.typing(conversation.id),
    queryFn: () => NOBODY_TYPING,
    initialData: NOBODY_TYPING,
    staleTime: Infinity,
  })
  const text = typingText(conversation, data)
  return (
    <p aria-live="polite" data-testid="typing-indicator" className="flex h-6 items-center gap-2 px-5 text-xs text-muted-foreground">
      {text && (
        <>
          <span className="flex gap-0.5" aria-hidden="true">
            {[0, 150, 300].map((delay) => (
              <span key={delay} className="size-1.5 animate-bounce rounded-full bg-mint-500" style={{ animationDelay: `${delay}ms` }} />
            ))}
          </span>
          {text}
        </>
      )}
    </p>
  )
}
