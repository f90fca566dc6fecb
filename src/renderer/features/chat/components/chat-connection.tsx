import { createContext, useContext } from 'react'
import type { ClientMessage } from '@shared/realtime/events'

/**
 * What the chat screens need of the live connection, handed in by app/ (which owns the connection):
 * sending typing signals, and whether events are arriving at all.
 */
export interface ChatConnection {
  send: (message: ClientMessage) => boolean
  connected: boolean
}

const OFFLINE: ChatConnection = { send: () => false, connected: false }

export const ChatConnectionContext = createContext<ChatConnection>(OFFLINE)

export function useChatConnection(): ChatConnection {
  return useContext(ChatConnectionContext)
}
