import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { NEXT_CURSOR_HEADER, conversationListSchema } from '@shared/api/conversations'
import { HEADER_STALE } from '@shared/constants'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { apiWithHeaders } from '@/lib/api'
import { conversationKeys } from '@/lib/query-keys'
import type { ConversationPage } from '../lib/conversation-cache'

/** GET /api/conversations: one page, newest activity first; signed out reads as an empty page. */
export async function getConversationPage(before: string | undefined, signal?: AbortSignal): Promise<ConversationPage> {
  const query = before ? { before } : undefined
  const { body, headers } = await apiWithHeaders(conversationsEndpoints.getConversations, { query }, { signal })
  return { items: body === null ? [] : conversationListSchema.parse(body), nextCursor: headers.get(NEXT_CURSOR_HEADER) }
}

export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: conversationKeys.list(),
    queryFn: ({ pageParam, signal }) => getConversationPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ConversationPage) => last.nextCursor ?? undefined,
    // live events keep it current (features/chat/lib/live-chat.ts); SPEC §9's header stale time otherwise
    staleTime: HEADER_STALE.conversationsMs,
  })

export function useConversations(enabled: boolean) {
  return useInfiniteQuery({ ...conversationsQueryOptions(), enabled })
}
