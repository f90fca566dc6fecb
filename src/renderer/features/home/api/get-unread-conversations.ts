import { queryOptions, useQuery } from '@tanstack/react-query'
import { HEADER_STALE } from '@shared/constants'
import { apiGet } from '@/lib/api-client'
import { conversationKeys } from '@/lib/query-keys'

interface ConversationSummary {
  unreadCount?: number | string
}

/** The conversation list; the chat feature reads the same key, so this stays the raw array. */
export async function getConversations(signal?: AbortSignal): Promise<ConversationSummary[]> {
  try {
    const body = await apiGet<unknown>('/api/conversations', { signal })
    return Array.isArray(body) ? (body as ConversationSummary[]) : []
  } catch {
    // The chat button only needs a badge; a failing list must not break the home page.
    return []
  }
}

/** SPEC §3: unreadCount may arrive as a number or a numeric string. */
export function totalUnread(conversations: readonly ConversationSummary[]): number {
  return conversations.reduce((sum, c) => {
    const n = Number(c.unreadCount ?? 0)
    return sum + (Number.isFinite(n) && n > 0 ? n : 0)
  }, 0)
}

export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: conversationKeys.list(),
    queryFn: ({ signal }) => getConversations(signal),
    staleTime: HEADER_STALE.conversationsMs,
  })

export function useUnreadConversations(enabled: boolean): number {
  const query = useQuery({ ...conversationsQueryOptions(), enabled, select: totalUnread })
  return enabled ? (query.data ?? 0) : 0
}
