import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'
import { startSmtpCapture } from '../support/smtp'

const dataDir = mkdtempSync(join(tmpdir(), 'handover-embedded-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('embedded database (PGlite) when DATABASE_URL is unset', () => {
  it('keeps an account across a restart, with demo data loaded once', async () => {
    const smtp = await startSmtpCapture()
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'true' }
    let server = await startTestServer({ databaseUrl: '', smtpUrl: smtp.url, env })
    try {
      const client = new ApiClient(server.url)
      expect((await client.post('/api/auth/login', { username: 'alice', password: 'handover-demo' })).status).toBe(200)
      const signup = await client.post('/api/auth/signup', {
        username: 'persisted',
        email: 'p@example.com',
        password: 'pw-123456',
        confirmPassword: 'pw-123456',
      })
      expect(signup.status, signup.text).toBe(200)
      const code = await smtp.codeFor('p@example.com')
      expect((await client.post('/api/auth/verify-email', { email: 'p@example.com', code })).status).toBe(200)

      // signed-in reads and chat sends (prepared statements on a server database) side by side on the embedded backend
      const reads = await Promise.all(Array.from({ length: 12 }, () => client.get('/api/auth/me')))
      expect(reads.map((r) => r.status)).toEqual(reads.map(() => 200))
      const [listing] = (await client.get('/api/accounts')).json as unknown as { id: number }[]
      const opened = await client.post('/api/conversations', { listingId: listing!.id }, { origin: server.url })
      expect(opened.status, opened.text).toBe(201)
      const conversationId = (opened.json as { id: number }).id
      const sends = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          client.post(`/api/conversations/${conversationId}/messages`, { content: `hello ${i}`, clientId: `embedded-${i}` }, { origin: server.url }),
        ),
      )
      expect(sends.map((r) => r.status)).toEqual(sends.map(() => 201))
    } finally {
      await server.close()
    }

    server = await startTestServer({ databaseUrl: '', smtpUrl: smtp.url, env })
    try {
      const client = new ApiClient(server.url)
      const login = await client.post('/api/auth/login', { username: 'persisted', password: 'pw-123456' })
      expect(login.status, login.text).toBe(200)
      expect((await client.get('/api/auth/me')).json).toMatchObject({ username: 'persisted', balance: '15.00' })
      // demo users were not loaded a second time: alice still has exactly one welcome bonus
      expect((await client.post('/api/auth/login', { username: 'alice', password: 'handover-demo' })).status).toBe(200)
      expect((await client.get('/api/auth/me')).json.balance).toBe('15.00')
    } finally {
      await server.close()
      await smtp.close()
    }
  }, 120_000)
})
