import { queryOptions, useQuery } from '@tanstack/react-query'
import { HEADER_STALE } from '@shared/constants'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { api } from './api'
import { HIGH_PRIORITY_QUERY } from './query-client'
import { conversationKeys } from './query-keys'

/**
 * GET /api/conversations/unread-count ({ count }), shared by the floating chat button and the app's unread badge.
 * Badge data only: a failure, or a count that is not one, reads as nothing unread, never an error on the page.
 */
export async function getChatUnreadCount(signal?: AbortSignal): Promise<number> {
  try {
    const body = await api(conversationsEndpoints.getConversationsUnreadCount, {}, { signal })
    const count = Number(body?.count ?? 0)
    return Number.isInteger(count) && count > 0 ? count : 0
  } catch {
    return 0
  }
}

export const chatUnreadCountQueryOptions = () =>
  queryOptions({
    queryKey: conversationKeys.unreadCount(),
    queryFn: ({ signal }) => getChatUnreadCount(signal),
    ...HIGH_PRIORITY_QUERY,
    // SPEC §9's header stale time for unread counts; live chat events refetch it too (features/chat/lib/live-chat.ts)
    staleTime: HEADER_STALE.unreadCountMs,
  })

export function useChatUnreadCount(enabled: boolean): number {
  const query = useQuery({ ...chatUnreadCountQueryOptions(), enabled })
  return enabled ? (query.data ?? 0) : 0
}
