import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { DEMO_SELLERS, DEMO_USERS } from '../../server/db/seed'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { startTestServer } from '../support/server'

/**
 * SEED_DEMO=true beside ADMIN_USERNAME/ADMIN_PASSWORD: the demo data loads whatever admin the environment creates,
 * once; a restart finds it and seeds nothing more.
 */

let db: TestDatabase
let sql: pg.Client
const running: RunningServer[] = []
const env = { SEED_DEMO: 'true', ADMIN_USERNAME: 'operator', ADMIN_PASSWORD: 'operator-password-1' }

const counts = async () => {
  const { rows } = await sql.query<{ users: number; listings: number; posts: number; admins: number }>(
    `select (select count(*)::int from users) as users, (select count(*)::int from listings) as listings,
            (select count(*)::int from blog_posts) as posts, (select count(*)::int from users where is_admin) as admins`,
  )
  return rows[0]!
}

beforeAll(async () => {
  db = await createTestDatabase()
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
}, 30_000)

afterAll(async () => {
  for (const server of running) await server.close()
  await sql?.end()
  await db?.drop()
})

async function boot(extra: Record<string, string> = env) {
  const server = await startTestServer({ databaseUrl: db.url, env: extra })
  running.push(server)
  return server
}

describe('demo data beside an admin from the environment', () => {
  it('loads on the first start, with the environment’s admin and the demo accounts both there', { timeout: 120_000 }, async () => {
    const server = await boot()
    const { rows } = await sql.query<{ username: string; is_admin: boolean }>('select username, is_admin from users')
    const names = rows.map((r) => r.username)
    expect(names).toEqual(expect.arrayContaining(['operator', ...DEMO_USERS.map((u) => u.username), ...DEMO_SELLERS]))
    expect(rows.find((r) => r.username === 'operator')?.is_admin).toBe(true)
    const loaded = await counts()
    expect(loaded.listings).toBeGreaterThan(10)
    expect(loaded.posts).toBeGreaterThan(0)
    expect(loaded).toMatchObject({ users: DEMO_USERS.length + DEMO_SELLERS.length + 1, admins: 2 })
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ username: 'alice', password: 'handover-demo' }),
    })
    expect(login.status).toBe(200)
    await server.close()
  })

  it('seeds nothing more on a restart', { timeout: 60_000 }, async () => {
    const before = await counts()
    await (await boot()).close()
    expect(await counts()).toEqual(before)
  })

  it('loads on a database whose only user is an admin made by an earlier start without demo data', { timeout: 120_000 }, async () => {
    const other = await createTestDatabase()
    const server = await startTestServer({ databaseUrl: other.url, env: { ...env, SEED_DEMO: 'false' } })
    await server.close()
    const again = await startTestServer({ databaseUrl: other.url, env })
    running.push(again)
    const client = new pg.Client({ connectionString: other.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ users: number; listings: number }>(
        'select (select count(*)::int from users) as users, (select count(*)::int from listings) as listings',
      )
      expect(rows[0]).toMatchObject({ users: DEMO_USERS.length + DEMO_SELLERS.length + 1 })
      expect(rows[0]!.listings).toBeGreaterThan(10)
    } finally {
      await client.end()
      await again.close()
      await other.drop()
    }
  })
})
