import pg from 'pg'

/** The catalogue bench's own database: `npm run bench:seed` fills it, `npm run bench` reads it. */
export const BENCH_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/handover_bench'
export const BENCH_LISTINGS = 1_000_000
export const BENCH_SELLER_PREFIX = 'bench_seller_'

/** Listings owned by bench sellers. */
export async function countBenchListings(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from listings where seller_id in (select id from users where username like $1)`,
    [`${BENCH_SELLER_PREFIX}%`],
  )
  return Number(rows[0]!.n)
}

/** Listings owned by bench sellers; null when the database or its tables do not exist yet. */
export async function benchListingCount(databaseUrl = BENCH_DATABASE_URL): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl })
  try {
    await client.connect()
  } catch {
    return null
  }
  try {
    return await countBenchListings(client)
  } catch {
    return null
  } finally {
    await client.end()
  }
}
