import { ADMIN_SENDER_ID } from '@shared/constants'
import type { ChatRole } from '@shared/api/conversations'
import type { Conversation, Message } from './conversation.entities'

/** Who is asking, read from the database on each request (a ban or a revoked admin flag applies at once). */
export interface ChatViewer {
  userId: number
  isAdmin: boolean
}

/**
 * The viewer's side of a conversation: a party is buyer or seller even when also an admin; any other
 * admin acts as admin (999); anyone else has no access (a 404, never the conversation's data).
 */
export function roleIn(conversation: Conversation, viewer: ChatViewer): ChatRole | null {
  if (conversation.buyer.id === viewer.userId) return 'buyer'
  if (conversation.seller.id === viewer.userId) return 'seller'
  return viewer.isAdmin ? 'admin' : null
}

/** The user id a role acts as in messages and live events: admins speak as one identity, 999 (SPEC §3). */
export const actingId = (viewer: ChatViewer, role: ChatRole) => (role === 'admin' ? ADMIN_SENDER_ID : viewer.userId)

/** Every socket id of the actor: an admin's sockets are keyed by 999 and by the admin's own id. */
export const actorAudience = (viewer: ChatViewer, role: ChatRole) => (role === 'admin' ? [ADMIN_SENDER_ID, viewer.userId] : [viewer.userId])

/** Who hears a conversation's live events: both parties, and the admins (999) once an admin has written in it. */
export function membersOf(conversation: Conversation): number[] {
  return memberIds(conversation.buyer.id, conversation.seller.id, conversation.adminJoinedAt !== null)
}

export function memberIds(buyerId: number, sellerId: number, adminJoined: boolean): number[] {
  return adminJoined ? [buyerId, sellerId, ADMIN_SENDER_ID] : [buyerId, sellerId]
}

/** Each role's read flag: the entity property and its column (columns are never taken from input). */
export const READ_FLAG = {
  buyer: { property: 'buyerHasRead', column: 'buyer_has_read' },
  seller: { property: 'sellerHasRead', column: 'seller_has_read' },
  admin: { property: 'adminHasRead', column: 'admin_has_read' },
} as const satisfies Record<ChatRole, { property: keyof Message; column: string }>
