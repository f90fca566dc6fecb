/**
 * People for the sockets bench: users written straight into a throwaway database, signed in through the
 * real `POST /api/auth/login`, and buyer–seller conversations between them.
 */
import argon2 from 'argon2'
import pg from 'pg'
import { ApiClient } from '../support/http-client'

const PASSWORD = 'bench-password'

export interface BenchUser {
  id: number
  username: string
  isAdmin: boolean
  /** the signed-in session's cookie header */
  cookie: string
}

export interface BenchConversation {
  id: number
  buyer: BenchUser
  seller: BenchUser
  /** an admin has written in it, so admins (999) hear its messages too */
  adminJoined: boolean
}

async function query<T extends pg.QueryResultRow>(databaseUrl: string, sql: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query<T>(sql, values)).rows
  } finally {
    await client.end()
  }
}

/** Runs `task` over `items`, at most `concurrency` at a time, keeping the order of results. */
export async function mapLimit<T, R>(items: readonly T[], concurrency: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await task(items[i]!, i)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
  return results
}

/**
 * `count` users named `{prefix}{n}` (and admins if asked). They share one argon2id hash with light parameters,
 * computed once: sign-in still verifies it for real, in about a millisecond instead of the 35 ms the OWASP
 * parameters cost, so a thousand sign-ins do not dominate the bench. Only the bench's database holds them.
 */
export async function insertUsers(databaseUrl: string, prefix: string, count: number, isAdmin = false): Promise<{ id: number; username: string }[]> {
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 })
  return query<{ id: number; username: string }>(
    databaseUrl,
    `insert into users (username, username_key, email, password_hash, is_admin)
     select $1 || n, $1 || n, $1 || n || '@bench.handover.local', $2, $3 from generate_series(1, $4::int) as n
     returning id, username`,
    [prefix, hash, isAdmin, count],
  )
}

/** Signs each user in over HTTP; a refused sign-in stops the bench. */
export async function signIn(baseUrl: string, users: { id: number; username: string }[], isAdmin = false): Promise<BenchUser[]> {
  return mapLimit(users, 8, async (user) => {
    const client = new ApiClient(baseUrl)
    const res = await client.post('/api/auth/login', { username: user.username, password: PASSWORD })
    if (res.status !== 200) throw new Error(`sign-in of ${user.username} answered ${res.status}: ${res.text}`)
    return { ...user, isAdmin, cookie: client.cookieHeader }
  })
}

/**
 * Pairs users[2i] (buyer) with users[2i + 1] (seller). In the first `joined` conversations the admin has
 * written one message, the way an admin joins one.
 */
export async function pairUp(databaseUrl: string, users: BenchUser[], admin?: { user: BenchUser; joined: number }): Promise<BenchConversation[]> {
  const pairs = Array.from({ length: Math.floor(users.length / 2) }, (_, i) => [users[2 * i]!, users[2 * i + 1]!] as const)
  const rows = await query<{ id: number; buyer_id: number }>(
    databaseUrl,
    `insert into conversations (buyer_id, seller_id) select * from unnest($1::int[], $2::int[]) returning id, buyer_id`,
    [pairs.map(([buyer]) => buyer.id), pairs.map(([, seller]) => seller.id)],
  )
  const byBuyer = new Map(rows.map((row) => [row.buyer_id, row.id]))
  const ids = pairs.map(([buyer]) => byBuyer.get(buyer.id)!)
  const joined = admin ? ids.slice(0, admin.joined) : []
  if (admin && joined.length > 0) {
    await query(
      databaseUrl,
      `with joined as (update conversations set admin_joined_at = now(), last_message_at = now() where id = any($1::int[]) returning id)
       insert into messages (conversation_id, sender_id, is_from_admin, content, admin_has_read) select id, $2, true, 'Hello from support', true from joined`,
      [joined, admin.user.id],
    )
  }
  return pairs.map(([buyer, seller], i) => ({ id: ids[i]!, buyer, seller, adminJoined: i < joined.length }))
}
