import { useCallback, useRef } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { ChatRole, ConversationDto } from '@shared/api/conversations'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { api } from '@/lib/api'
import { conversationKeys } from '@/lib/query-keys'
import { updateInList, type ConversationPages } from '../lib/conversation-cache'
import { flattenPages, isLocal, markReadBy, type MessagePages } from '../lib/message-cache'

/**
 * The conversation is read by `role` up to message `upToId`: receipts, the conversation's badge and
 * the header total. Messages that came after the request stay unread until the next one.
 */
export function applyOwnRead(queryClient: QueryClient, conversationId: number, role: ChatRole, upToId?: number): void {
  queryClient.setQueryData<MessagePages>(conversationKeys.messages(conversationId), (data) => markReadBy(data, role, upToId))
  const cleared = (c: ConversationDto) => (c.unreadCount === 0 ? c : { ...c, unreadCount: 0 })
  queryClient.setQueryData<ConversationPages>(conversationKeys.list(), (data) => updateInList(data, conversationId, cleared))
  queryClient.setQueryData<ConversationDto | null>(conversationKeys.detail(conversationId), (c) => (c ? cleared(c) : c))
  void queryClient.invalidateQueries({ queryKey: conversationKeys.unreadCount() })
}

/**
 * POST /api/conversations/{id}/read. One request at a time: a call while one runs asks for another
 * when it ends, so a message that arrived meanwhile is marked too. A failure waits for the next call.
 */
export function useMarkRead(conversationId: number, role: ChatRole) {
  const queryClient = useQueryClient()
  const state = useRef({ running: false, again: false })
  const run = useCallback(() => {
    const current = state.current
    if (current.running) {
      current.again = true
      return
    }
    current.running = true
    current.again = false
    const newest = flattenPages(queryClient.getQueryData<MessagePages>(conversationKeys.messages(conversationId)))
      .filter((m) => !isLocal(m))
      .at(-1)?.id
    api(conversationsEndpoints.postConversationsRead, { params: { id: conversationId } })
      .then(() => applyOwnRead(queryClient, conversationId, role, newest))
      .catch(() => undefined)
      .finally(() => {
        current.running = false
        if (current.again) run()
      })
  }, [queryClient, conversationId, role])
  return run
}
