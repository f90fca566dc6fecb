import type { ConversationDto } from '@shared/api/conversations'

/** The conversation's name in the list: the other party, or both parties in the support view. */
export function conversationTitle(conversation: ConversationDto): string {
  return conversation.role === 'admin' ? `${conversation.buyer.username} & ${conversation.seller.username}` : conversation.counterpart.username
}

/** Case-insensitive match on the people (as shown) and the listing's title. */
export function filterConversations(conversations: readonly ConversationDto[], search: string): readonly ConversationDto[] {
  const needle = search.trim().toLocaleLowerCase()
  if (!needle) return conversations
  return conversations.filter((c) => [conversationTitle(c), c.listing?.accountTitle ?? ''].some((text) => text.toLocaleLowerCase().includes(needle)))
}
