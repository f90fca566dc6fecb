/**
 * Signed-in GET /api/auth/me through the whole stack (Koa, session store, MikroORM, ledger balance) against a bare
 * node:http + pg server doing the same work by hand, and their ratio. The bare server is fair: it reads the session
 * cookie, looks the session up by the SHA-256 of its key as Handover stores it (unexpired, with its user), and sums the
 * user's wallet, in one statement; it skips what Handover adds on top (the cookie's signature, security headers, the
 * request checks), which is the overhead the ratio measures.
 */
import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { sessionCookieName } from '../../server/app'
import { createTestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'
import { throughput } from './http-load'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
/** seconds of load on each server before either is measured */
const WARM_UP_S = 3
/** connections to PostgreSQL, the same for both: Handover's default DATABASE_POOL_SIZE */
const POOL = 10

/** The value of cookie `name` in a Cookie header. */
function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return null
}

async function rawServer(databaseUrl: string, cookieName: string): Promise<{ url: string; server: Server; pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL })
  const server = createServer(async (req, res) => {
    const key = cookieValue(req.headers.cookie, cookieName)
    const { rows } = key
      ? await pool.query({
          name: 'bare_me',
          text: `select u.id, u.username, u.avatar,
                   (select coalesce(sum(e.amount_cents), 0) from ledger_accounts a join ledger_entries e on e.account_id = a.id
                    where a.code = 'wallet:' || u.id) as cents
                 from sessions s join users u on u.id = s.user_id where s.id = $1 and s.expires_at > now()`,
          values: [createHash('sha256').update(key).digest('hex')],
        })
      : { rows: [] }
    const row = rows[0]
    res.setHeader('content-type', 'application/json')
    if (!row) {
      res.statusCode = 401
      res.end('{"error":"Not signed in"}')
      return
    }
    const cents = Number(row.cents)
    res.end(JSON.stringify({ id: row.id, username: row.username, avatar: row.avatar, balance: (cents / 100).toFixed(2) }))
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server, pool }
}

export async function authMeBench(): Promise<void> {
  const db = await createTestDatabase()
  const app = await startTestServer({
    databaseUrl: db.url,
    env: { ADMIN_USERNAME: 'benchuser', ADMIN_PASSWORD: 'bench-password', DATABASE_POOL_SIZE: String(POOL) },
  })
  const client = new ApiClient(app.url)
  await client.post('/api/auth/login', { username: 'benchuser', password: 'bench-password' })
  const me = await client.get('/api/auth/me')
  if (me.status !== 200) throw new Error(`sign-in failed: ${me.text}`)
  // the session cookie koa-session set (its signature, `.sig`, is what the bare server does not check)
  const raw = await rawServer(db.url, sessionCookieName(app.url))
  const bareMe = await fetch(raw.url, { headers: { cookie: client.cookieHeader } })
  if (bareMe.status !== 200) throw new Error(`the bare server did not find the session: ${bareMe.status}`)
  try {
    console.log(`auth/me: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each after ${WARM_UP_S} s of warm-up\n`)
    const load = { connections: CONNECTIONS, durationS: DURATION_S }
    const targets = { full: `${app.url}/api/auth/me`, bare: raw.url }
    // both warmed up first, the same way, so neither is measured while its code is still being compiled
    for (const url of Object.values(targets)) await throughput(url, { ...load, durationS: WARM_UP_S, headers: { cookie: client.cookieHeader } })
    const full = await throughput(targets.full, { ...load, headers: { cookie: client.cookieHeader } })
    const bare = await throughput(targets.bare, { ...load, headers: { cookie: client.cookieHeader } })
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
