/**
 * Signed-in GET /api/auth/me through the whole stack (Koa, session store, MikroORM, ledger balance)
 * against a bare node:http + pg server answering the same row, and their ratio.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { createTestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'
import { throughput } from './http-load'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)

async function rawServer(databaseUrl: string, userId: number): Promise<{ url: string; server: Server; pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  const server = createServer(async (_req, res) => {
    const { rows } = await pool.query(
      `select u.id, u.username, u.avatar, coalesce(sum(e.amount_cents), 0)::bigint as cents
       from users u left join ledger_accounts a on a.user_id = u.id left join ledger_entries e on e.account_id = a.id
       where u.id = $1 group by u.id`,
      [userId],
    )
    const row = rows[0]
    const cents = Number(row.cents)
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ id: row.id, username: row.username, avatar: row.avatar, balance: (cents / 100).toFixed(2) }))
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server, pool }
}

export async function authMeBench(): Promise<void> {
  const db = await createTestDatabase()
  const app = await startTestServer({ databaseUrl: db.url, env: { ADMIN_USERNAME: 'benchuser', ADMIN_PASSWORD: 'bench-password' } })
  const client = new ApiClient(app.url)
  await client.post('/api/auth/login', { username: 'benchuser', password: 'bench-password' })
  const me = await client.get('/api/auth/me')
  if (me.status !== 200) throw new Error(`sign-in failed: ${me.text}`)
  const raw = await rawServer(db.url, Number(me.json.id))
  try {
    console.log(`auth/me: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each\n`)
    const load = { connections: CONNECTIONS, durationS: DURATION_S }
    const full = await throughput(`${app.url}/api/auth/me`, { ...load, headers: { cookie: client.cookieHeader } })
    const bare = await throughput(raw.url, load)
    const rows = [
      ['GET /api/auth/me (Handover)', full],
      ['node:http + pg, same row', bare],
    ] as const
    console.log('| target | req/s | p50 ms | p99 ms | non-2xx |')
    console.log('| --- | ---: | ---: | ---: | ---: |')
    for (const [name, r] of rows) {
      console.log(`| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`)
    }
    console.log(`\nratio Handover / bare: ${(full.requests.average / bare.requests.average).toFixed(2)}\n`)
  } finally {
    raw.server.close()
    await raw.pool.end()
    await app.close()
    await db.drop()
  }
}
