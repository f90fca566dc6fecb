import { EntitySchema, OptionalProps } from '@mikro-orm/core'
import { Listing } from '../listings/listing.entity'
import { User } from '../users/user.entity'

/**
 * A violation an admin flagged on a user or a listing, with the note its owner was sent. Kept as a record (the
 * moderation lists show how often and why); never updated.
 */
export class ModerationFlag {
  [OptionalProps]?: 'listing' | 'createdAt'
  id!: number
  targetType!: 'user' | 'listing'
  /** the flagged user, or the seller of the flagged listing: the one who is told */
  user!: User
  listing: Listing | null = null
  admin!: User
  note!: string
  createdAt: Date = new Date()
}

export const ModerationFlagSchema = new EntitySchema<ModerationFlag>({
  class: ModerationFlag,
  tableName: 'moderation_flags',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    targetType: { type: 'string', length: 10 },
    user: { kind: 'm:1', entity: () => User },
    listing: { kind: 'm:1', entity: () => Listing, nullable: true },
    admin: { kind: 'm:1', entity: () => User },
    note: { type: 'text' },
    createdAt: { type: 'datetime', length: 3, defaultRaw: 'now()' },
  },
})
