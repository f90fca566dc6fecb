import { useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { createTypingSignal, type TypingSignal } from '../lib/typing-signal'
import { useChatConnection } from '../components/chat-connection'

/**
 * The composer's typing signal for one conversation; leaving the thread says stop. The connection's
 * `send` changes with every presence change, so the signal reads the latest one instead of being rebuilt.
 */
export function useTypingSignal(conversationId: number): TypingSignal {
  const { send } = useChatConnection()
  const sendRef = useRef(send)
  useLayoutEffect(() => {
    sendRef.current = send
  }, [send])
  const signal = useMemo(() => createTypingSignal(conversationId, (message) => sendRef.current(message)), [conversationId])
  useEffect(() => () => signal.stop(), [signal])
  return signal
}
