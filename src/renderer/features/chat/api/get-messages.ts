import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { CHAT_RULES, NEXT_CURSOR_HEADER, messageListSchema } from '@shared/api/conversations'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { apiWithHeaders } from '@/lib/api'
import { conversationKeys } from '@/lib/query-keys'
import type { MessagePage } from '../lib/message-cache'

function cursorOf(headers: Headers): number | null {
  const value = Number(headers.get(NEXT_CURSOR_HEADER) ?? NaN)
  return Number.isInteger(value) && value > 0 ? value : null
}

/** GET /api/conversations/{id}/messages: the page before message `before` (the newest without it), oldest first. */
export async function getMessagePage(conversationId: number, before: number | undefined, signal?: AbortSignal): Promise<MessagePage> {
  const params = new URLSearchParams({ limit: String(CHAT_RULES.messagesPage.default) })
  if (before !== undefined) params.set('before', String(before))
  const { body, headers } = await apiWithHeaders(
    conversationsEndpoints.getConversationsMessages,
    { params: { id: conversationId }, query: params },
    { signal },
  )
  return { items: body === null ? [] : messageListSchema.parse(body), nextCursor: cursorOf(headers) }
}

export const messagesQueryOptions = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) => getMessagePage(conversationId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: MessagePage) => last.nextCursor ?? undefined,
    // Live events write into these pages (lib/live-chat.ts) and a reconnect fetches the newest page
    // again; refetching every loaded page of a long thread would cost one request per page.
    staleTime: Infinity,
  })

export function useMessages(conversationId: number, enabled = true) {
  return useInfiniteQuery({ ...messagesQueryOptions(conversationId), enabled })
}
