import { EntitySchema, OptionalProps } from '@mikro-orm/core'
import { Listing } from '../listings/listing.entity'
import { User } from '../users/user.entity'

/** One per buyer, seller and listing (no listing counts as its own), enforced by a unique constraint. */
export class Conversation {
  [OptionalProps]?: 'listing' | 'transactionId' | 'createdAt' | 'lastMessageAt' | 'adminJoinedAt'
  id!: number
  buyer!: User
  seller!: User
  listing: Listing | null = null
  /** the purchase it belongs to; escrow keeps its own table, so no foreign key */
  transactionId: number | null = null
  createdAt: Date = new Date()
  /** the newest message's time, or the creation time: the conversation lists sort by it */
  lastMessageAt: Date = new Date()
  /** when an admin first wrote in it; from then on admins (999) get its live events */
  adminJoinedAt: Date | null = null
}

/** A chat message. Admin messages keep the real admin as `sender` (audit) and show as 999 (SPEC §3). */
export class Message {
  [OptionalProps]?:
    'isFromAdmin' | 'isSystem' | 'systemKey' | 'clientId' | 'createdAt' | 'editedAt' | 'buyerHasRead' | 'sellerHasRead' | 'adminHasRead'
  id!: number
  conversation!: Conversation
  sender!: User
  isFromAdmin: boolean = false
  /** written by a deal (a step taken, a checklist tick), not typed by a person */
  isSystem: boolean = false
  /** names a system line that is rewritten in place (a deal's checklist progress), unique in its conversation */
  systemKey: string | null = null
  content!: string
  /** the sender's idempotency key: unique per sender */
  clientId: string | null = null
  createdAt: Date = new Date()
  /** when a line kept by its `systemKey` was last rewritten */
  editedAt: Date | null = null
  buyerHasRead: boolean = false
  sellerHasRead: boolean = false
  adminHasRead: boolean = false
}

const time = { type: 'datetime', length: 3 } as const

export const ConversationSchema = new EntitySchema<Conversation>({
  class: Conversation,
  tableName: 'conversations',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    buyer: { kind: 'm:1', entity: () => User },
    seller: { kind: 'm:1', entity: () => User },
    listing: { kind: 'm:1', entity: () => Listing, nullable: true },
    transactionId: { type: 'integer', nullable: true },
    createdAt: { ...time, defaultRaw: 'now()' },
    lastMessageAt: { ...time, defaultRaw: 'now()' },
    adminJoinedAt: { ...time, nullable: true },
  },
})

export const MessageSchema = new EntitySchema<Message>({
  class: Message,
  tableName: 'messages',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    conversation: { kind: 'm:1', entity: () => Conversation },
    sender: { kind: 'm:1', entity: () => User },
    isFromAdmin: { type: 'boolean', default: false },
    isSystem: { type: 'boolean', default: false },
    systemKey: { type: 'string', length: 64, nullable: true },
    content: { type: 'text' },
    clientId: { type: 'string', length: 64, nullable: true },
    createdAt: { ...time, defaultRaw: 'now()' },
    editedAt: { ...time, nullable: true },
    buyerHasRead: { type: 'boolean', default: false },
    sellerHasRead: { type: 'boolean', default: false },
    adminHasRead: { type: 'boolean', default: false },
  },
})
