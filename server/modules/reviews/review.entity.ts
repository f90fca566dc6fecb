import { EntitySchema, OptionalProps } from '@mikro-orm/core'
import { EscrowTransaction } from '../transactions/transactions.entities'
import { User } from '../users/user.entity'

/** The buyer's review of the seller after a completed escrow deal: one per deal, never edited. */
export class Review {
  [OptionalProps]?: 'createdAt' | 'removedAt' | 'removedReason'
  id!: number
  transaction!: EscrowTransaction
  seller!: User
  reviewer!: User
  rating!: number
  text!: string
  createdAt: Date = new Date()
  /** set when an admin removed it: no longer shown or counted, and the deal cannot be reviewed again */
  removedAt: Date | null = null
  removedReason: string | null = null
}

export const ReviewSchema = new EntitySchema<Review>({
  class: Review,
  tableName: 'reviews',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    transaction: { kind: 'm:1', entity: () => EscrowTransaction, unique: true },
    seller: { kind: 'm:1', entity: () => User },
    reviewer: { kind: 'm:1', entity: () => User },
    rating: { type: 'smallint' },
    text: { type: 'text' },
    createdAt: { type: 'datetime', length: 3, defaultRaw: 'now()' },
    removedAt: { type: 'datetime', length: 3, nullable: true },
    removedReason: { type: 'text', nullable: true },
  },
})
