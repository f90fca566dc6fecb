import type { InfiniteData } from '@tanstack/react-query'
import type { ChatUser, ConversationDto, MessageDto } from '@shared/api/conversations'

/** Pure changes to cached conversations (the list's pages and single conversations), applied by live events. */

export interface ConversationPage {
  items: ConversationDto[]
  /** X-Next-Cursor of GET /api/conversations; null on the last page */
  nextCursor: string | null
}

export type ConversationPages = InfiniteData<ConversationPage>

export function flattenConversations(data: ConversationPages | undefined): ConversationDto[] {
  return data ? data.pages.flatMap((page) => page.items) : []
}

/** A new message in a conversation: its preview and time, one more unread when someone else wrote it. */
export function withMessage(conversation: ConversationDto, message: MessageDto, incoming: boolean): ConversationDto {
  if (conversation.lastMessage && conversation.lastMessage.id >= message.id) return conversation
  const at = message.createdAt > conversation.lastMessageAt ? message.createdAt : conversation.lastMessageAt
  return { ...conversation, lastMessage: message, lastMessageAt: at, unreadCount: conversation.unreadCount + (incoming ? 1 : 0) }
}

/** A message rewritten in place: the preview follows when it is the last message; the order and counts stay. */
export function withEditedMessage(conversation: ConversationDto, message: MessageDto): ConversationDto {
  if (conversation.lastMessage?.id !== message.id) return conversation
  return { ...conversation, lastMessage: message }
}

/** Applies `change` to conversation `id` in the list; a changed one moves to the top when `toTop`. */
export function updateInList(
  data: ConversationPages | undefined,
  id: number,
  change: (conversation: ConversationDto) => ConversationDto,
  toTop = false,
): ConversationPages | undefined {
  if (!data) return data
  for (let p = 0; p < data.pages.length; p++) {
    const page = data.pages[p]!
    const index = page.items.findIndex((c) => c.id === id)
    if (index === -1) continue
    const before = page.items[index]!
    const after = change(before)
    if (after === before) return data
    const pages = data.pages.map((pg) => ({ ...pg, items: pg.items.slice() }))
    if (toTop) {
      pages[p]!.items.splice(index, 1)
      pages[0]!.items.unshift(after)
    } else {
      pages[p]!.items[index] = after
    }
    return { ...data, pages }
  }
  return data
}

const withPresence = (user: ChatUser, online: (id: number) => boolean | undefined): ChatUser => {
  const next = online(user.id)
  return next === undefined || next === user.isOnline ? user : { ...user, isOnline: next }
}

/**
 * Presence on one conversation. `online(id)` answers true or false for users whose state is known,
 * undefined to keep what the server said.
 */
export function withOnline(conversation: ConversationDto, online: (id: number) => boolean | undefined): ConversationDto {
  const buyer = withPresence(conversation.buyer, online)
  const seller = withPresence(conversation.seller, online)
  const counterpart = withPresence(conversation.counterpart, online)
  if (buyer === conversation.buyer && seller === conversation.seller && counterpart === conversation.counterpart) return conversation
  return { ...conversation, buyer, seller, counterpart }
}

export function mapList(data: ConversationPages | undefined, change: (c: ConversationDto) => ConversationDto): ConversationPages | undefined {
  if (!data) return data
  let changed = false
  const pages = data.pages.map((page) => {
    const items = page.items.map(change)
    if (items.every((c, i) => c === page.items[i])) return page
    changed = true
    return { ...page, items }
  })
  return changed ? { ...data, pages } : data
}

/** The name a user id goes by in a conversation; 999 speaks for every admin (SPEC §3). */
export function nameIn(conversation: ConversationDto, userId: number, adminName: string): string {
  if (userId === conversation.buyer.id) return conversation.buyer.username
  if (userId === conversation.seller.id) return conversation.seller.username
  return adminName
}
