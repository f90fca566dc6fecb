import { ADMIN_SENDER_ID } from '@shared/constants'
import { ADMIN_SENDER_NAME, type ChatRole, type ChatUser, type ConversationDto, type MessageDto, type TickStatus } from '@shared/api/conversations'
import { centsToDollars } from '../listings/listing.mapper'
import type { User } from '../users/user.entity'
import type { Conversation, Message } from './conversation.entities'

/** Keys present for the roles that have read the message (SPEC §3). */
export function tickStatusOf(message: Pick<Message, 'buyerHasRead' | 'sellerHasRead' | 'adminHasRead'>): TickStatus {
  return {
    ...(message.buyerHasRead ? { buyer: 'read' as const } : {}),
    ...(message.sellerHasRead ? { seller: 'read' as const } : {}),
    ...(message.adminHasRead ? { admin: 'read' as const } : {}),
  }
}

/** What a message's API shape is built from: the entity, or the row a send has just written. */
export type MessageFields = Pick<
  Message,
  'id' | 'isFromAdmin' | 'content' | 'clientId' | 'createdAt' | 'buyerHasRead' | 'sellerHasRead' | 'adminHasRead'
> & {
  isSystem?: boolean
  editedAt?: Date | null
  conversation: Pick<Conversation, 'id'>
  sender: Pick<User, 'id' | 'username'>
}

/** The API shape of a message; a non-admin sender must be loaded. Admin messages name 999, never the admin. */
export function toMessageDto(message: MessageFields): MessageDto {
  const sender = message.isFromAdmin
    ? { id: ADMIN_SENDER_ID, username: ADMIN_SENDER_NAME }
    : { id: message.sender.id, username: message.sender.username }
  return {
    id: message.id,
    conversationId: message.conversation.id,
    content: message.content,
    senderId: sender.id,
    sender,
    createdAt: message.createdAt.toISOString(),
    isFromAdmin: message.isFromAdmin,
    buyerHasRead: message.buyerHasRead,
    sellerHasRead: message.sellerHasRead,
    adminHasRead: message.adminHasRead,
    tickStatus: tickStatusOf(message),
    ...(message.clientId ? { clientId: message.clientId } : {}),
    ...(message.isSystem ? { isSystem: true } : {}),
    ...(message.editedAt ? { editedAt: message.editedAt.toISOString() } : {}),
  }
}

const chatUser = (user: User, online: ReadonlySet<number>): ChatUser => ({
  id: user.id,
  username: user.username,
  avatar: user.avatar,
  isOnline: online.has(user.id),
})

export interface ConversationView {
  role: ChatRole
  lastMessage: Message | null
  unreadCount: number
  online: ReadonlySet<number>
}

/** Buyer, seller and listing (with its seller) must be loaded. */
export function toConversationDto(conversation: Conversation, view: ConversationView): ConversationDto {
  const { buyer, seller, listing } = conversation
  return {
    id: conversation.id,
    conversationId: conversation.id,
    buyerId: buyer.id,
    sellerId: seller.id,
    buyer: chatUser(buyer, view.online),
    seller: chatUser(seller, view.online),
    listing: listing
      ? {
          id: listing.id,
          accountTitle: listing.accountTitle,
          platform: listing.platform,
          price: centsToDollars(listing.priceCents),
          images: [...listing.images],
        }
      : null,
    transactionId: conversation.transactionId,
    role: view.role,
    counterpart: chatUser(view.role === 'buyer' ? seller : buyer, view.online),
    lastMessage: view.lastMessage ? toMessageDto(view.lastMessage) : null,
    unreadCount: view.unreadCount,
    adminJoined: conversation.adminJoinedAt !== null,
    createdAt: conversation.createdAt.toISOString(),
    lastMessageAt: conversation.lastMessageAt.toISOString(),
  }
}
