import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { conversationKeys } from '@/lib/query-keys'
import { getMessagePage } from '../api/get-messages'
import { mergeNewestPage, type MessagePages } from '../lib/message-cache'

export const POLL_NEWEST_MS = 10_000

/**
 * Fetches the newest page every 10 s while `enabled`: for support looking at a conversation no admin has
 * written in yet, whose live events do not reach admins (docs/decisions.md, "Chat").
 */
export function usePollNewest(conversationId: number, enabled: boolean): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled) return
    const timer = setInterval(() => {
      getMessagePage(conversationId, undefined)
        .then((page) => queryClient.setQueryData<MessagePages>(conversationKeys.messages(conversationId), (data) => mergeNewestPage(data, page)))
        .catch(() => undefined)
    }, POLL_NEWEST_MS)
    return () => clearInterval(timer)
  }, [queryClient, conversationId, enabled])
}
