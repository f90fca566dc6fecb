import type { ChatUser, ConversationDto, MessageDto } from '@shared/api/conversations'
import type { MessagePages } from './lib/message-cache'

export const BUYER: ChatUser = { id: 1001, username: 'bob', avatar: null, isOnline: true }
export const SELLER: ChatUser = { id: 1002, username: 'alice', avatar: null, isOnline: false }

export function conversation(overrides: Partial<ConversationDto> = {}): ConversationDto {
  return {
    id: 7,
    conversationId: 7,
    buyerId: BUYER.id,
    sellerId: SELLER.id,
    buyer: BUYER,
    seller: SELLER,
    listing: { id: 42, accountTitle: 'Travel photography, 48K followers', platform: 'instagram', price: 1200, images: [] },
    transactionId: null,
    role: 'buyer',
    counterpart: SELLER,
    lastMessage: null,
    unreadCount: 0,
    adminJoined: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    lastMessageAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  }
}

/** A message of the conversation; `from` picks the side, which sets the sender and its own read flag. */
export function message(id: number, from: 'buyer' | 'seller' | 'admin', overrides: Partial<MessageDto> = {}): MessageDto {
  const sender = from === 'buyer' ? BUYER : from === 'seller' ? SELLER : { id: 999, username: 'Handover Support' }
  return {
    id,
    conversationId: 7,
    content: `message ${id}`,
    senderId: sender.id,
    sender: { id: sender.id, username: sender.username },
    createdAt: new Date(Date.UTC(2026, 2, 1, 10, id)).toISOString(),
    isFromAdmin: from === 'admin',
    buyerHasRead: from === 'buyer',
    sellerHasRead: from === 'seller',
    adminHasRead: from === 'admin',
    tickStatus: { [from]: 'read' },
    ...overrides,
  }
}

/** The cache shape of a thread: newest page first, each page oldest first. */
export function pages(...newestFirst: MessageDto[][]): MessagePages {
  return {
    pages: newestFirst.map((items, i) => ({ items, nextCursor: i === newestFirst.length - 1 ? null : (newestFirst[i + 1]![0]?.id ?? null) })),
    pageParams: newestFirst.map((_, i) => (i === 0 ? undefined : i)),
  }
}
