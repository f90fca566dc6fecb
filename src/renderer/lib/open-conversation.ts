import { useMutation, useQueryClient } from '@tanstack/react-query'
import { conversationDtoSchema, type ConversationDto, type OpenConversationRequest } from '@shared/api/conversations'
import { conversationsEndpoints } from '@shared/api/endpoints/conversations'
import { api } from './api'
import { conversationKeys } from './query-keys'

/**
 * POST /api/conversations: opens, or finds, the viewer's conversation with a seller or about a listing.
 * Shared because the listing page ("Message seller") and /messages?user= both start conversations,
 * and features may not import each other.
 */
export async function openConversation(request: OpenConversationRequest): Promise<ConversationDto> {
  return conversationDtoSchema.parse(await api(conversationsEndpoints.postConversations, { body: request }))
}

/** The conversation lands in the cache at once, so its thread opens without a second request. */
export function useOpenConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: openConversation,
    onSuccess: (conversation) => {
      queryClient.setQueryData(conversationKeys.detail(conversation.id), conversation)
      // a new conversation belongs in the list; an old one may have moved
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list() })
    },
  })
}
