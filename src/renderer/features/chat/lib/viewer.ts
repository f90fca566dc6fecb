import { ADMIN_SENDER_NAME, type ChatRole, type ConversationDto, type MessageDto } from '@shared/api/conversations'
import { ADMIN_SENDER_ID } from '@shared/constants'

/** Who is looking at a thread, and as whom they write: admins speak as one identity, 999 (SPEC §3). */
export interface ChatViewer {
  userId: number
  username: string
  role: ChatRole
}

export function viewerIn(conversation: Pick<ConversationDto, 'role'>, user: { id: number; username: string }): ChatViewer {
  return { userId: user.id, username: user.username, role: conversation.role }
}

export function actingSender(viewer: ChatViewer): MessageDto['sender'] {
  return viewer.role === 'admin' ? { id: ADMIN_SENDER_ID, username: ADMIN_SENDER_NAME } : { id: viewer.userId, username: viewer.username }
}

/** The side a message was written from. */
export function senderRole(message: Pick<MessageDto, 'isFromAdmin' | 'senderId'>, conversation: Pick<ConversationDto, 'buyerId'>): ChatRole {
  if (message.isFromAdmin) return 'admin'
  return message.senderId === conversation.buyerId ? 'buyer' : 'seller'
}

/** Written from the viewer's side (for admins: by any admin, who all speak as support). */
export const isOwnMessage = (message: Pick<MessageDto, 'isFromAdmin' | 'senderId'>, conversation: Pick<ConversationDto, 'buyerId'>, role: ChatRole) =>
  senderRole(message, conversation) === role
