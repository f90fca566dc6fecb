import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/server'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'

const dataDir = mkdtempSync(join(tmpdir(), 'handover-embedded-concurrency-'))
let server: RunningServer

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: '', env: { DATA_DIR: dataDir, SEED_DEMO: 'true' } })
}, 120_000)

afterAll(async () => {
  await server?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the embedded database under concurrent requests', () => {
  // The socket in front of PGlite takes its clients' protocol messages one at a time. Two connections' statements
  // interleaved message by message would bind one statement's values to the other's, or read the other's rows: a
  // session read answered with someone else's session. Every answer here must be the asker's own.
  it('answers each person as themselves while other people’s database transactions run', async () => {
    const people = await Promise.all(
      ['alice', 'bob', 'carol'].map(async (username) => {
        const client = new ApiClient(server.url)
        const login = await client.post('/api/auth/login', { username, password: 'handover-demo' })
        expect(login.status, login.text).toBe(200)
        return { username, client }
      }),
    )
    const answers: string[] = []
    for (let round = 0; round < 10; round++) {
      const replies = await Promise.all(
        people.flatMap(({ username, client }, p) => [
          ...[0, 1].map(async () => {
            const me = await client.get('/api/auth/me')
            return `${username} GET /api/auth/me → ${me.status} ${(me.json as { username?: string } | null)?.username ?? me.text.slice(0, 80)}`
          }),
          ...[0, 1].map(async (i) => {
            // a listing that is not there: a whole database transaction (key, lock, refusal) that changes nothing
            const bought = await client.post(
              '/api/transactions',
              { listingId: 900_000 + 10 * p + i, pay: 'balance' },
              { 'Idempotency-Key': `round-${round}-${p}-${i}` },
            )
            return `${username} POST /api/transactions → ${bought.status} ${(bought.json as { error?: { code?: string } } | null)?.error?.code ?? bought.text.slice(0, 80)}`
          }),
        ]),
      )
      answers.push(...replies)
    }
    const expected = (username: string) => [
      `${username} GET /api/auth/me → 200 ${username}`,
      `${username} POST /api/transactions → 409 listing_unavailable`,
    ]
    const wrong = answers.filter((answer) => !expected(answer.split(' ')[0]!).includes(answer))
    expect(wrong).toEqual([])
    expect(answers).toHaveLength(10 * 3 * 4)
  }, 120_000)
})
