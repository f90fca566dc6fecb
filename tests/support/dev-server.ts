import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect } from 'vitest'
import pg from 'pg'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from './database'
import { ApiClient } from './http-client'
import { loggedCode } from './mail-log'
import { startTestServer } from './server'

export interface DevServer {
  server: RunningServer
  sql: pg.Client
  /** every line the server logged, from level info: the mail it could not send is there */
  log: string[]
  /** its SESSION_SECRET, which keys the stored code hashes */
  secret: string
}

/**
 * The server as `npm start` runs it (NODE_ENV=development, no SMTP_URL) on a database of its own, with its log kept:
 * started before the describe block's tests, stopped after them. Each has its own rate limits.
 */
export function useDevServer(): DevServer {
  const site = { log: [] as string[], secret: randomBytes(32).toString('hex') } as DevServer
  let db: TestDatabase | undefined
  beforeAll(async () => {
    db = await createTestDatabase()
    site.server = await startTestServer({
      databaseUrl: db.url,
      env: { NODE_ENV: 'development', SESSION_SECRET: site.secret },
      logTo: { write: (line: string) => void site.log.push(line) },
    })
    site.sql = new pg.Client({ connectionString: db.url })
    await site.sql.connect()
  })
  afterAll(async () => {
    await site.sql?.end()
    await site.server?.close()
    await db?.drop()
  })
  return site
}

export const DEV_PASSWORD = 'correct horse battery'

/** A signed-in account made through sign-up, its code read from the server's log as a developer would. */
export async function signedUpUser(site: DevServer, username: string): Promise<{ client: ApiClient; email: string }> {
  const client = new ApiClient(site.server.url)
  const email = `${username}@example.com`
  const res = await client.post('/api/auth/signup', { username, email, password: DEV_PASSWORD, confirmPassword: DEV_PASSWORD })
  expect(res.status, res.text).toBe(200)
  const code = loggedCode(site.log, email)
  expect(code, `a code for ${email} in the log`).toMatch(/^\d{6}$/)
  const verified = await client.post('/api/auth/verify-email', { email, code })
  expect(verified.status, verified.text).toBe(200)
  return { client, email }
}
