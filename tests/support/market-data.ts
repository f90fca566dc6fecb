/**
 * Sellers' listings and buyers' money written straight into a throwaway database, for the purchase bench and
 * the escrow workload tests: thousands of rows in one statement each, instead of thousands of requests.
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'

/** `count` active Instagram listings at `priceCents`, spread over the sellers; answers their ids in order. */
export async function insertListings(databaseUrl: string, sellerIds: number[], count: number, priceCents: number, prefix = 'm'): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ id: number }>(
      `insert into listings (seller_id, platform, username, display_name, niche, description, account_title, price_cents, followers, status, search_text, niche_key)
       select ($1::int[])[1 + n % array_length($1::int[], 1)], 'instagram', $4 || '_' || n, 'Account ' || n, 'fitness',
              'An account written for a test or a bench, number ' || n, 'Account ' || n, $2, 10000 + n, 'active', $4 || '_' || n, 'fitness'
       from generate_series(1, $3::int) as n returning id`,
      [sellerIds, priceCents, count, prefix],
    )
    return rows.map((r) => r.id).sort((a, b) => a - b)
  } finally {
    await client.end()
  }
}

/** Gives each user `cents` from promotions, in one balanced ledger transfer. */
export async function fundWallets(databaseUrl: string, userIds: number[], cents: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query('begin')
    await client.query(
      `insert into ledger_accounts (code, kind, allow_negative) values ('system:promotions', 'promotions', true) on conflict (code) do nothing`,
    )
    await client.query(
      `insert into ledger_accounts (code, kind, user_id, allow_negative) select 'wallet:' || id, 'user_wallet', id, false from unnest($1::int[]) as id on conflict (code) do nothing`,
      [userIds],
    )
    const { rows } = await client.query(
      `insert into ledger_transfers (kind, idempotency_key, memo) values ('test_funding', $1, 'funding for a test or a bench') returning id`,
      [`funding:${randomUUID()}`],
    )
    await client.query(
      `insert into ledger_entries (transfer_id, account_id, amount_cents)
       select $1::int, id, $2::bigint from ledger_accounts where code = any($3::text[])
       union all select $1::int, id, -$2::bigint * $4 from ledger_accounts where code = 'system:promotions'`,
      [rows[0].id, cents, userIds.map((id) => `wallet:${id}`), userIds.length],
    )
    await client.query('commit')
  } finally {
    await client.end()
  }
}
