import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'
import type { RunningServer } from '../../server/server'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client

beforeAll(async () => {
  db = await createTestDatabase()
  // generous limits would hide nothing here: a 429 is also a clear 4xx answer
  server = await startTestServer({ databaseUrl: db.url, env: { ADMIN_USERNAME: 'fuzzadmin', ADMIN_PASSWORD: 'fuzz-admin-password' } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

const ENDPOINTS = [
  '/api/auth/signup',
  '/api/auth/verify-email',
  '/api/auth/resend-verification',
  '/api/auth/login',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
]
const FIELDS = ['username', 'email', 'password', 'confirmPassword', 'code', 'token', '__proto__', 'constructor']

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.constantFrom('', ' ', '\u0000', 'a'.repeat(10_000), "' or 1=1 --", '<script>alert(1)</script>', '😀'.repeat(60)),
)
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
)
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string().map((s) => `{${s}`),
)

async function tableCounts() {
  const { rows } = await sql.query(
    `select (select count(*) from users)::int as users, (select count(*) from pending_signups)::int as pending,
            (select count(*) from ledger_entries)::int as entries, (select count(*) from password_resets)::int as resets`,
  )
  return rows[0]
}

describe('auth API under random, hostile input', () => {
  it('answers every request with a 4xx and a message, and writes nothing', async () => {
    const before = await tableCounts()
    const client = new ApiClient(server.url)
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), body, async (path, payload) => {
        const raw = typeof payload === 'string' ? payload : JSON.stringify(payload)
        const res = await client.request('POST', path, raw, { 'content-type': 'application/json' })
        expect(res.status, `${path} ${raw.slice(0, 200)}`).toBeGreaterThanOrEqual(400)
        expect(res.status, `${path} ${raw.slice(0, 200)}`).toBeLessThan(500)
        expect(typeof res.json?.message).toBe('string')
      }),
      { numRuns: 300 },
    )
    expect(await tableCounts()).toEqual(before)
  })
})
