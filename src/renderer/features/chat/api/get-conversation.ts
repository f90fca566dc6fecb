import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { conversationDtoSchema, type ConversationDto } from '@shared/api/conversations'
import { HEADER_STALE } from '@shared/constants'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { api } from '@/lib/api'
import { ApiError } from '@/lib/api-client'
import { conversationKeys } from '@/lib/query-keys'
import { flattenConversations, type ConversationPages } from '../lib/conversation-cache'

/** GET /api/conversations/{id}; one the viewer may not see is a 404 like a missing one, so null. */
export async function getConversation(id: number, signal?: AbortSignal): Promise<ConversationDto | null> {
  try {
    const body = await api(conversationsEndpoints.getConversationsById, { params: { id } }, { signal })
    return body === null ? null : conversationDtoSchema.parse(body)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export const conversationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) => getConversation(id, signal),
    staleTime: HEADER_STALE.conversationsMs,
  })

/** The conversation, shown at once from the list while its own request runs. */
export function useConversation(id: number) {
  const queryClient = useQueryClient()
  return useQuery({
    ...conversationQueryOptions(id),
    placeholderData: () => flattenConversations(queryClient.getQueryData<ConversationPages>(conversationKeys.list())).find((c) => c.id === id),
  })
}
