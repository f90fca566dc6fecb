import { useCallback, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react'
import type { ClientMessage } from '@shared/realtime/events'
import { ChatConnectionContext } from '@/features/chat/components/chat-connection'
import { useRealtime } from '../providers/realtime-provider'

/**
 * Hands the live connection (owned by app/) to the chat screens. The provider's `send` is new with
 * every presence change; this one stays the same, so the chat does not redraw for someone going online.
 */
export function WithChatConnection({ children }: { children: ReactNode }) {
  const { send, status } = useRealtime()
  const latest = useRef(send)
  useLayoutEffect(() => {
    latest.current = send
  }, [send])
  const stableSend = useCallback((message: ClientMessage) => latest.current(message), [])
  const value = useMemo(() => ({ send: stableSend, connected: status.connected }), [stableSend, status.connected])
  return <ChatConnectionContext value={value}>{children}</ChatConnectionContext>
}
