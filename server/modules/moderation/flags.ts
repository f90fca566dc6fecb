import type { EntityManager } from '@mikro-orm/postgresql'
import { Listing } from '../listings/listing.entity'
import { User } from '../users/user.entity'
import { ModerationFlag } from './moderation-flag.entity'

export interface FlagSummary {
  count: number
  last: { note: string; createdAt: string } | null
}

export const NO_FLAGS: FlagSummary = { count: 0, last: null }

interface SummaryRow {
  key: number
  n: string
  note: string
  created_at: Date
}

/**
 * How often each of these users (flags on the user itself) or listings was flagged, with the newest note: one
 * query for a page of rows, over the partial indexes of each kind.
 */
export async function flagSummaries(em: EntityManager, target: 'user' | 'listing', ids: number[]): Promise<Map<number, FlagSummary>> {
  if (ids.length === 0) return new Map()
  const key = target === 'user' ? 'user_id' : 'listing_id'
  const rows = await em.execute<SummaryRow[]>(
    `select distinct on (${key}) ${key} as key, count(*) over (partition by ${key}) as n, note, created_at
     from moderation_flags where target_type = ? and ${key} in (?) order by ${key}, id desc`,
    [target, ids],
  )
  return new Map(
    rows.map((row) => [Number(row.key), { count: Number(row.n), last: { note: row.note, createdAt: new Date(row.created_at).toISOString() } }]),
  )
}

/** Keeps the record of a violation; `user` is the one it concerns (a listing's seller for a listing). */
export function recordFlag(tx: EntityManager, input: { adminId: number; userId: number; listingId?: number; note: string }): ModerationFlag {
  return tx.create(ModerationFlag, {
    targetType: input.listingId === undefined ? 'user' : 'listing',
    user: tx.getReference(User, input.userId),
    listing: input.listingId === undefined ? null : tx.getReference(Listing, input.listingId),
    admin: tx.getReference(User, input.adminId),
    note: input.note,
    createdAt: new Date(),
  })
}
