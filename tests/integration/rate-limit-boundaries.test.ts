/**
 * Every rate-limited route at its exact boundary: the Nth request in the window is answered as usual, the N+1th is a
 * 429 with Retry-After. The limits are written out here as the product promises them, not read from the server's
 * rules, so a limit raised or dropped by mistake fails. Each case comes from its own address (the proxy's
 * X-Forwarded-For), so the limits per address never meet across cases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient, errorCode } from '../support/http-client'
import { addUser, PASSWORD } from '../support/payments'
import { enrolTotp } from '../support/two-factor'
import { startTestServer } from '../support/server'

let db: TestDatabase
let server: RunningServer

beforeAll(async () => {
  db = await createTestDatabase()
  // counted in Redis, as production counts across instances
  server = await startTestServer({ databaseUrl: db.url, redisUrl: 'redis://127.0.0.1:6379', env: { TRUST_PROXY: 'true' } })
})

afterAll(async () => {
  await server?.close()
  await db?.drop()
})

let addresses = 0
/** A browser at an address no other request of this file used. */
const browser = () => {
  addresses += 1
  return new ApiClient(server.url, { origin: server.url, 'x-forwarded-for': `198.18.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}` })
}

type Answer = Awaited<ReturnType<ApiClient['post']>>

/** `limit` requests answered `usual`, then one more refused by the limit (not by anything else). */
async function expectBoundary(limit: number, usual: number, send: (i: number) => Promise<Answer>): Promise<void> {
  for (let i = 0; i < limit; i++) {
    const res = await send(i)
    expect(res.status, `request ${i + 1} of ${limit}: ${res.text.slice(0, 200)}`).toBe(usual)
  }
  const over = await send(limit)
  expect([over.status, errorCode(over.json)], `request ${limit + 1}: ${over.text.slice(0, 200)}`).toEqual([429, 'rate_limited'])
  expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
}

describe('sign-in: 10 attempts per address and name in 15 minutes', () => {
  // an account's own lock also comes after 10 failed passwords, but answers 423: the 11th must be the limit's 429
  it('/login: 10 wrong passwords, then 429 before the password is looked at; the lock is the account’s, elsewhere', async () => {
    await addUser(server, 'rl_login')
    const client = browser()
    await expectBoundary(10, 401, (i) => client.post('/api/auth/login', { username: 'rl_login', password: `wrong ${i}` }))
    const elsewhere = await browser().post('/api/auth/login', { username: 'rl_login', password: PASSWORD })
    expect([elsewhere.status, errorCode(elsewhere.json)]).toEqual([423, 'account_locked'])
  })

  it('/login: a name no account has, under any case, counts the same', async () => {
    const client = browser()
    await expectBoundary(10, 401, (i) => client.post('/api/auth/login', { username: i % 2 ? 'RL_Nobody' : 'rl_nobody', password: `wrong ${i}` }))
  })

  it('/admin-login: 10 wrong passwords, then 429', async () => {
    await addUser(server, 'rl_admin', { admin: true })
    const client = browser()
    await expectBoundary(10, 401, (i) => client.post('/api/auth/admin-login', { username: 'rl_admin', password: `wrong ${i}` }))
  })

  it('the password asked for in the settings: 10 wrong ones, then 429', async () => {
    const user = await addUser(server, 'rl_settings')
    // the signed-in session, from an address of its own
    const change = (currentPassword: string) =>
      user.client.post(
        '/api/settings/password',
        { currentPassword, newPassword: 'another long secret 7', confirmPassword: 'another long secret 7' },
        { 'x-forwarded-for': '198.19.0.1' },
      )
    await expectBoundary(10, 400, (i) => change(`wrong ${i}`))
  })

  it('the password that adds a first passkey: 10 wrong ones, then 429', async () => {
    const user = await addUser(server, 'rl_passkey')
    await expectBoundary(10, 400, () =>
      user.client.post('/api/auth/webauthn/register/options', { password: 'not the password' }, { 'x-forwarded-for': '198.19.0.4' }),
    )
  })
})

describe('second factors: 10 codes per account in 15 minutes', () => {
  it('/2fa/verify after the password: 10 wrong codes, then 429', async () => {
    await addUser(server, 'rl_code', { admin: true })
    const client = browser()
    expect((await client.post('/api/auth/login', { username: 'rl_code', password: PASSWORD })).json).toMatchObject({ requiresTwoFactor: true })
    await expectBoundary(10, 401, () => client.post('/api/auth/2fa/verify', { code: '000000' }))
  })

  it('/2fa/totp/enable: 10 wrong codes, then 429', async () => {
    const user = await addUser(server, 'rl_enable')
    expect((await user.client.post('/api/auth/2fa/totp/setup', {})).status).toBe(200)
    await expectBoundary(10, 401, () => user.client.post('/api/auth/2fa/totp/enable', { code: '000000' }))
  })

  it('/2fa/disable: its password counts as sign-in does, 10 wrong ones, then 429', async () => {
    const user = await addUser(server, 'rl_disable')
    await enrolTotp(user.client)
    await expectBoundary(10, 400, () =>
      user.client.post('/api/auth/2fa/disable', { password: 'not the password', code: '000000' }, { 'x-forwarded-for': '198.19.0.2' }),
    )
  })

  it('/2fa/step-up: 10 wrong codes, then 429', async () => {
    const admin = await addUser(server, 'rl_stepup', { admin: true })
    await expectBoundary(10, 401, () => admin.client.post('/api/auth/2fa/step-up', { code: '000000' }))
  })
})

describe('limits per address', () => {
  it('/signup: 10 in an hour', async () => {
    const client = browser()
    const password = 'a long enough passphrase 42'
    await expectBoundary(10, 200, (i) =>
      client.post('/api/auth/signup', { username: `rlsignup${i}`, email: `rlsignup${i}@example.com`, password, confirmPassword: password }),
    )
  })

  it('/verify-email: 20 codes in 15 minutes', async () => {
    const client = browser()
    await expectBoundary(20, 400, () => client.post('/api/auth/verify-email', { email: 'rl_verify@example.com', code: '000000' }))
  })

  it('/unlock: 20 links in 15 minutes', async () => {
    const client = browser()
    await expectBoundary(20, 400, (i) => client.post('/api/auth/unlock', { token: `not-a-real-token-${i}` }))
  })

  it('/resend-verification: 10 in an hour', async () => {
    const client = browser()
    await expectBoundary(10, 400, () => client.post('/api/auth/resend-verification', { email: 'rl_resend@example.com' }))
  })

  it('/forgot-password: 5 in an hour', async () => {
    const client = browser()
    await expectBoundary(5, 200, () => client.post('/api/auth/forgot-password', { email: 'rl_forgot@example.com' }))
  })

  it('/reset-password: 5 in an hour', async () => {
    const client = browser()
    const password = 'a brand new passphrase 9'
    await expectBoundary(5, 400, (i) =>
      client.post('/api/auth/reset-password', { token: `not-a-reset-token-${i}`, password, confirmPassword: password }),
    )
  })

  it('/contact: 5 messages in an hour', async () => {
    const client = browser()
    const message = {
      name: 'Rita',
      email: 'rita@example.com',
      subject: 'A question about fees',
      message: 'How is the escrow fee worked out for a listing?',
    }
    await expectBoundary(5, 201, () => client.post('/api/contact', message))
  })

  it('the image proxy: 300 images a minute', async () => {
    const client = browser()
    await expectBoundary(300, 400, () => client.get('/api/proxy/image?url='))
  })
})

/** A multipart form with no file, as a browser posts it: refused (400) once the limit has counted it. */
async function postEmptyForm(client: ApiClient, path: string): Promise<Answer> {
  const res = await fetch(new URL(path, server.url), {
    method: 'POST',
    body: new FormData(),
    headers: { cookie: client.cookieHeader, origin: server.url },
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, json: JSON.parse(text) as Answer['json'] }
}

describe('limits per user', () => {
  it('image uploads: 60 an hour, listing images and profile pictures together', async () => {
    const user = await addUser(server, 'rl_upload')
    await expectBoundary(60, 400, (i) => postEmptyForm(user.client, i % 2 ? '/api/settings/avatar' : '/api/uploads/listing-image'))
  })

  it('emailed codes for a new address: 10 an hour per account', async () => {
    const user = await addUser(server, 'rl_mail')
    await expectBoundary(10, 400, () => user.client.post('/api/settings/email/resend', {}))
  })

  it('the new address’s code: 20 in 15 minutes per address', async () => {
    const user = await addUser(server, 'rl_mail_code')
    await expectBoundary(20, 400, () => user.client.post('/api/settings/email/verify', { code: '000000' }, { 'x-forwarded-for': '198.19.0.3' }))
  })

  it('chat: 30 messages in 10 seconds', async () => {
    const seller = await addUser(server, 'rl_chat_seller')
    const buyer = await addUser(server, 'rl_chat_buyer')
    const opened = await buyer.client.post('/api/conversations', { sellerId: seller.id })
    expect(opened.status, opened.text).toBe(201)
    const id = Number(opened.json.id)
    await expectBoundary(30, 201, (i) => buyer.client.post(`/api/conversations/${id}/messages`, { content: `Message ${i}` }))
  })
})
