import { randomBytes } from 'node:crypto'
import type pg from 'pg'
import { Listing } from '../../server/modules/listings/listing.entity'
import { User } from '../../server/modules/users/user.entity'
import type { RunningServer } from '../../server/server'

/** An active listing of `sellerId` at `priceCents`, written as an approved one is, without the create form's steps. */
export async function addListing(server: RunningServer, sellerId: number, priceCents: number): Promise<number> {
  const handle = `deal_${randomBytes(5).toString('hex')}`
  const listing = await server.orm.em.fork().transactional(async (tx) => {
    const created = tx.create(Listing, {
      seller: tx.getReference(User, sellerId),
      platform: 'youtube',
      username: handle,
      displayName: `Channel ${handle}`,
      niche: 'Gaming',
      description: 'A channel made for a deal test.',
      accountTitle: `Channel ${handle}`,
      priceCents,
      followers: 1000,
      status: 'active',
    })
    await tx.flush()
    return created
  })
  return listing.id
}

/** Every ledger account's balance by its code (accounts with no entries are left out). */
export async function balances(sql: pg.Client): Promise<Map<string, number>> {
  const { rows } = await sql.query<{ code: string; total: string }>(
    'select a.code, sum(e.amount_cents)::bigint as total from ledger_accounts a join ledger_entries e on e.account_id = a.id group by a.code',
  )
  return new Map(rows.map((row) => [row.code, Number(row.total)]))
}

/** How many ledger entries exist: a request that moved no money leaves it as it was. */
export async function entryCount(sql: pg.Client): Promise<number> {
  const { rows } = await sql.query<{ n: number }>('select count(*)::int as n from ledger_entries')
  return rows[0]!.n
}

/** The escrow fee the spec's defaults ask for: 5 % of the price, rounded half up, and at least $1. */
export const escrowFeeOf = (priceCents: number) => Math.max(100, Math.floor((priceCents * 500 + 5000) / 10000))
