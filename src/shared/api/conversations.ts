import { z } from 'zod'
import { PLATFORM_IDS } from '../constants'
import { showsAtLeast } from '../text'
import { formatInteger } from '../format'

/**
 * Buyer–seller chat that an admin can join (SPEC §3, §6, §7). Admin messages carry sender id 999 and
 * `isFromAdmin`; read receipts are kept per role. Rules the spec leaves open are ours (docs/decisions.md, "Chat").
 */

export const CHAT_ROLES = ['buyer', 'seller', 'admin'] as const
export type ChatRole = (typeof CHAT_ROLES)[number]

export const CHAT_RULES = {
  /** characters (code points) of a message, after trimming */
  contentMax: 4_000,
  clientIdMax: 64,
  messagesPage: { default: 50, max: 100 },
  conversationsPage: { default: 100, max: 100 },
  /** messages one user may send in `sendWindowSeconds` (the server's rate limit) */
  sendPoints: 30,
  sendWindowSeconds: 10,
} as const

/** What admin messages show as their sender: admins speak as one identity, 999. */
export const ADMIN_SENDER_NAME = 'Handover Support'

export const CHAT_MESSAGES = {
  notFound: 'Conversation not found',
  sellerNotFound: 'Seller not found',
  listingNotFound: 'Listing not found',
  target: 'Choose a seller or a listing',
  yourself: 'You cannot start a conversation with yourself',
  listingSeller: 'That listing belongs to another seller',
  contentEmpty: 'Message cannot be empty',
  contentLong: `A message can be at most ${formatInteger(CHAT_RULES.contentMax)} characters`,
  clientId: `clientId must be 1 to ${CHAT_RULES.clientIdMax} letters, digits, '.', '_', ':' or '-'`,
  clientIdReused: 'This clientId was already used for a message in another conversation',
  tooFast: 'You are sending messages too fast.',
} as const

/** Older pages of messages (and of conversations) are asked for with the cursor this header names; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor'

const id = z.number().int()

/** Keys present are the roles that have read the message; a missing key is unread (SPEC §3). */
export const tickStatusSchema = z.object({
  buyer: z.literal('read').optional(),
  seller: z.literal('read').optional(),
  admin: z.literal('read').optional(),
})
export type TickStatus = z.infer<typeof tickStatusSchema>

export const messageDtoSchema = z.object({
  id,
  conversationId: id,
  content: z.string(),
  /** 999 for admin messages, else the sender's user id */
  senderId: id,
  sender: z.object({ id, username: z.string() }),
  createdAt: z.iso.datetime(),
  isFromAdmin: z.boolean(),
  buyerHasRead: z.boolean(),
  sellerHasRead: z.boolean(),
  adminHasRead: z.boolean(),
  tickStatus: tickStatusSchema,
  /** the sender's own id for the message, echoed so an optimistic copy can be matched */
  clientId: z.string().optional(),
  /** written by an escrow deal (a step taken, a checklist tick) in the actor's name, not typed */
  isSystem: z.literal(true).optional(),
  /** when a system line kept in place (a deal's checklist progress) was last rewritten; absent on every other message */
  editedAt: z.iso.datetime().optional(),
})
export type MessageDto = z.infer<typeof messageDtoSchema>
export const messageListSchema = z.array(messageDtoSchema)

export const chatUserSchema = z.object({
  id,
  username: z.string(),
  avatar: z.string().nullable(),
  isOnline: z.boolean(),
})
export type ChatUser = z.infer<typeof chatUserSchema>

export const chatListingSchema = z.object({
  id,
  accountTitle: z.string(),
  platform: z.enum(PLATFORM_IDS),
  /** dollars, like the catalogue */
  price: z.number().nonnegative(),
  images: z.array(z.string()),
})

export const conversationDtoSchema = z.object({
  id,
  /** the same id: SPEC's client identifies conversations by conversationId */
  conversationId: id,
  buyerId: id,
  sellerId: id,
  buyer: chatUserSchema,
  seller: chatUserSchema,
  listing: chatListingSchema.nullable(),
  transactionId: id.nullable(),
  /** the viewer's side: buyer or seller when taking part, admin otherwise */
  role: z.enum(CHAT_ROLES),
  /** the other party; for an admin outside the conversation, the buyer */
  counterpart: chatUserSchema,
  lastMessage: messageDtoSchema.nullable(),
  /** messages the viewer's role has not read */
  unreadCount: z.number().int().nonnegative(),
  /** whether an admin has written in it (admins then get its live events) */
  adminJoined: z.boolean(),
  createdAt: z.iso.datetime(),
  lastMessageAt: z.iso.datetime(),
})
export type ConversationDto = z.infer<typeof conversationDtoSchema>
export const conversationListSchema = z.array(conversationDtoSchema)

// ---- requests

const positiveId = (name: string) => {
  const message = `${name} must be a whole number`
  return z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message)
}

/** POST /api/conversations: talk to a seller, or to a listing's seller about that listing. */
export const openConversationSchema = z
  .strictObject({
    sellerId: positiveId('sellerId').optional(),
    listingId: positiveId('listingId').optional(),
  })
  .refine((body) => body.sellerId !== undefined || body.listingId !== undefined, CHAT_MESSAGES.target)
export type OpenConversationRequest = z.infer<typeof openConversationSchema>

const codePoints = (text: string) => Array.from(text).length

export const messageContentSchema = z
  .string({ error: CHAT_MESSAGES.contentEmpty })
  .trim()
  .min(1, CHAT_MESSAGES.contentEmpty)
  .refine((text) => showsAtLeast(text, 1), CHAT_MESSAGES.contentEmpty)
  .refine((text) => codePoints(text) <= CHAT_RULES.contentMax, CHAT_MESSAGES.contentLong)

/** POST /api/conversations/{id}/messages. The same clientId from the same sender is one message, however often it is sent. */
export const sendMessageSchema = z.strictObject({
  content: messageContentSchema,
  clientId: z
    .string({ error: CHAT_MESSAGES.clientId })
    .regex(new RegExp(`^[A-Za-z0-9._:-]{1,${CHAT_RULES.clientIdMax}}$`), CHAT_MESSAGES.clientId)
    .optional(),
})
export type SendMessageRequest = z.infer<typeof sendMessageSchema>

const limitParam = (max: number, fallback: number) => {
  const message = `limit must be a whole number from 1 to ${max}`
  return z
    .string({ error: message })
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, message)
    .default(fallback)
}

const BEFORE_MESSAGE = 'before must be a message id'

/** GET /api/conversations/{id}/messages?before=&limit=: the page before a message id, oldest first. */
export const messageListQuerySchema = z.object({
  before: z
    .string({ error: BEFORE_MESSAGE })
    .regex(/^\d{1,10}$/, BEFORE_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 2_147_483_647, BEFORE_MESSAGE)
    .optional(),
  limit: limitParam(CHAT_RULES.messagesPage.max, CHAT_RULES.messagesPage.default),
})

const CURSOR_MESSAGE = 'before must be a cursor from X-Next-Cursor'
const optionalId = (name: string) =>
  z
    .string({ error: `${name} must be a whole number` })
    .regex(/^\d{1,10}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 2_147_483_647, `${name} must be a whole number`)
    .optional()

/**
 * GET /api/conversations, newest activity first. `all=true` (admins only) lists every conversation;
 * `userId` and `listingId` narrow that list. `before` is the X-Next-Cursor of the previous page.
 */
export const conversationListQuerySchema = z.object({
  all: z
    .enum(['true', 'false'], { error: 'all must be true or false' })
    .transform((v) => v === 'true')
    .default(false),
  userId: optionalId('userId'),
  listingId: optionalId('listingId'),
  before: z
    .string({ error: CURSOR_MESSAGE })
    .regex(/^\d{1,15}-\d{1,10}$/, CURSOR_MESSAGE)
    .transform((value) => {
      const [at, cursorId] = value.split('-').map(Number) as [number, number]
      return { at, id: cursorId }
    })
    .optional(),
  limit: limitParam(CHAT_RULES.conversationsPage.max, CHAT_RULES.conversationsPage.default),
})
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>

/** The cursor of the page after `conversation`: its activity time in ms and its id. */
export const conversationCursor = (lastMessageAt: string, conversationId: number) => `${Date.parse(lastMessageAt)}-${conversationId}`

// ---- responses

export const markReadResultSchema = z.object({ updated: z.number().int().nonnegative() })
export const chatUnreadCountSchema = z.object({ count: z.number().int().nonnegative() })
