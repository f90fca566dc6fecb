import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { migrationsList } from '../../server/db/migrations'
import { DEMO_SELLERS, DEMO_USERS } from '../../server/db/seed'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { spawnServer, type ServerProcess } from '../support/server-process'

/**
 * Two instances of one deployment, real processes as systemd starts them, launched at the same moment on an empty
 * database with the settings the README's two-instance setup uses (an admin from the environment, demo data): both
 * come up healthy, each migration is applied once, and the admin and the demo data are there once.
 */

let db: TestDatabase
let sql: pg.Client
const servers: ServerProcess[] = []

beforeAll(async () => {
  db = await createTestDatabase()
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
})

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await sql?.end()
  await db?.drop()
})

describe('instances started together on an empty database', () => {
  it('both start, migrate once and seed once', { timeout: 240_000 }, async () => {
    const options = {
      databaseUrl: db.url,
      sessionSecret: randomBytes(32).toString('hex'),
      env: { ADMIN_USERNAME: 'operator', ADMIN_PASSWORD: 'operator-password-1', SEED_DEMO: 'true' },
      // the second waits while the first loads the demo data, on a machine other tests keep busy
      readyTimeoutMs: 150_000,
    }
    const started = await Promise.allSettled([spawnServer(options), spawnServer(options)])
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value)
    expect(started.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual(['started', 'started'])
    for (const server of servers) expect((await fetch(`${server.url}/healthz`)).status).toBe(200)

    const { rows: migrations } = await sql.query<{ name: string; n: number }>(
      'select name, count(*)::int as n from mikro_orm_migrations group by name',
    )
    expect(migrations).toHaveLength(migrationsList.length)
    expect(migrations.every((m) => m.n === 1)).toBe(true)
    const { rows: users } = await sql.query<{ username: string; is_admin: boolean }>('select username, is_admin from users order by username')
    expect(users.map((u) => u.username).sort()).toEqual(['operator', ...DEMO_USERS.map((u) => u.username), ...DEMO_SELLERS].sort())
    const { rows: listings } = await sql.query<{ n: number; handles: number }>(
      'select count(*)::int as n, count(distinct (platform, username))::int as handles from listings',
    )
    expect(listings[0]!.n).toBeGreaterThan(10)
    expect(listings[0]!.handles).toBe(listings[0]!.n)
  })
})
