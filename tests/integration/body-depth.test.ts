import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_DEPTH } from '../../server/http/body-depth'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { anonymousClient } from '../support/resources'
import { addUser, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'

/**
 * A body nested deeper than any request of the API needs is refused with a 400 and a message before any code walks
 * it: a recursive walk (the Idempotency-Key fingerprint) overflowed the stack on `[` × 5000 and answered 500.
 */

let db: TestDatabase
let server: RunningServer
let buyer: TestUser

const nested = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth)

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  buyer = await addUser(server, 'depth_buyer')
}, 60_000)

afterAll(async () => {
  await server?.close()
  await db?.drop()
})

describe('request body depth', () => {
  it('refuses [ × 5000 on a route that takes an Idempotency-Key with a 400 and a message', async () => {
    // steps take no fields, so the key's fingerprint is the first thing to read the body
    for (const path of ['/api/transactions/999999/pay', '/api/transactions/999999/confirm', '/api/transactions']) {
      const res = await buyer.client.request('POST', path, nested(5000), { 'content-type': 'application/json', 'idempotency-key': randomUUID() })
      expect(res.status, `${path}: ${res.text}`).toBe(400)
      expect(res.json.error).toMatchObject({
        code: 'validation_error',
        message: `The request body is nested too deeply (more than ${MAX_BODY_DEPTH} levels).`,
      })
    }
  })

  it('refuses it for a visitor too, on a public route, nested in objects as well as arrays', async () => {
    const visitor = anonymousClient(server)
    const deepObject = '{"a":'.repeat(MAX_BODY_DEPTH + 1) + '1' + '}'.repeat(MAX_BODY_DEPTH + 1)
    for (const body of [deepObject, `{"username":"x","password":${nested(MAX_BODY_DEPTH)}}`]) {
      const res = await visitor.request('POST', '/api/auth/login', body, { 'content-type': 'application/json' })
      expect(res.status, res.text).toBe(400)
      expect(res.json.error).toMatchObject({ code: 'validation_error' })
      expect(res.text).toContain('nested too deeply')
    }
  })

  it(`takes a body exactly ${MAX_BODY_DEPTH} levels deep to the route, which answers about its shape`, async () => {
    // the outer object is level 1, the field's arrays the other levels
    const res = await buyer.client.request('POST', '/api/transactions', `{"listingId":${nested(MAX_BODY_DEPTH - 2, '[]')}}`, {
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    })
    expect(res.status, res.text).toBe(400)
    expect(res.text).not.toContain('nested too deeply')
  })
})
