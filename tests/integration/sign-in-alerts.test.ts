import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { notificationListSchema } from '../../src/shared/api/notifications'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { addUser, PASSWORD, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { enrolTotp, freshTotpCode } from '../support/two-factor'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url, env: { TRUST_PROXY: 'true' } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const ALERT_SUBJECT = 'New sign-in to your Handover account'

/** A browser of its own (its own cookies), behind an address the proxy names. */
const browser = (address = '198.51.100.7', userAgent = CHROME_ON_WINDOWS) =>
  new ApiClient(server.url, { origin: server.url, 'x-forwarded-for': address, 'user-agent': userAgent })

const alertsTo = async (email: string) =>
  (await sql.query<{ text: string }>('select text from email_outbox where "to" = $1 and subject = $2 order by id', [email, ALERT_SUBJECT])).rows.map(
    (r) => r.text,
  )

const knownDevices = async (userId: number) =>
  (
    await sql.query<{ device_hash: string; last_seen_at: Date }>(
      'select device_hash, last_seen_at from known_devices where user_id = $1 order by created_at',
      [userId],
    )
  ).rows

async function signInAlerts(user: TestUser) {
  const res = await user.client.get('/api/notifications')
  expect(res.status, res.text).toBe(200)
  return notificationListSchema.parse(res.json).filter((n) => n.type === 'new_sign_in')
}

async function signIn(client: ApiClient, username: string) {
  const res = await client.post('/api/auth/login', { username, password: PASSWORD })
  expect(res.status, res.text).toBe(200)
  return res
}

describe('sign-in alerts', () => {
  let ada: TestUser

  beforeAll(async () => {
    ada = await addUser(server, 'alert_ada')
  })

  it('only remembers the first browser an account signs in from', async () => {
    expect(await knownDevices(ada.id)).toHaveLength(1)
    expect(await alertsTo('alert_ada@example.com')).toEqual([])
    expect(await signInAlerts(ada)).toEqual([])
  })

  it('emails and notifies the owner of a sign-in from a new browser, with when, which browser and from where', async () => {
    const res = await signIn(browser(), 'alert_ada')
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('handover.device='))
    expect(cookie).toBeDefined()
    expect(cookie).toMatch(/;\s*httponly/i)
    expect(cookie).toMatch(/;\s*samesite=lax/i)
    expect(cookie).toMatch(/;\s*path=\/(;|$)/i)
    expect(cookie).not.toMatch(/;\s*secure/i)
    const expires = new Date(/expires=([^;]+)/i.exec(cookie!)![1]!).getTime()
    expect(expires - Date.now()).toBeGreaterThan(364 * 24 * 3600_000)
    expect(res.headers.getSetCookie().some((line) => line.startsWith('handover.device.sig='))).toBe(true)

    const [mail, ...more] = await alertsTo('alert_ada@example.com')
    expect(more).toEqual([])
    expect(mail).toContain('Device: Chrome on Windows')
    expect(mail).toContain('IP address: 198.51.100.7')
    expect(mail).toMatch(/When: \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC/)
    expect(mail).toContain(`${server.url}/forgot-password`)
    expect(mail).toContain(`${server.url}/settings`)

    const alerts = await signInAlerts(ada)
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatchObject({ title: 'New sign-in', isRead: false })
    expect(alerts[0]!.message).toContain('Chrome on Windows (IP address 198.51.100.7)')

    // the cookie's id is not what is stored
    const devices = await knownDevices(ada.id)
    expect(devices).toHaveLength(2)
    const id = decodeURIComponent(cookie!.split(';')[0]!.split('=')[1]!)
    for (const device of devices) expect(device.device_hash).not.toContain(id)
  })

  it('says nothing when the same browser signs in again, and notes when it was last seen', async () => {
    const client = browser('198.51.100.8', SAFARI_ON_IPHONE)
    await signIn(client, 'alert_ada')
    const before = await alertsTo('alert_ada@example.com')
    const seenBefore = (await knownDevices(ada.id)).at(-1)!.last_seen_at
    expect((await client.post('/api/auth/logout')).status).toBe(200)
    await new Promise((ok) => setTimeout(ok, 20))
    await signIn(client, 'alert_ada')
    expect(await alertsTo('alert_ada@example.com')).toHaveLength(before.length)
    expect(await signInAlerts(ada)).toHaveLength(before.length)
    const devices = await knownDevices(ada.id)
    expect(devices).toHaveLength(3)
    expect(devices.at(-1)!.last_seen_at.getTime()).toBeGreaterThan(seenBefore.getTime())
  })

  it('announces a browser again once its cookie is cleared, or no longer carries our signature', async () => {
    const before = (await alertsTo('alert_ada@example.com')).length
    // a browser with its cookies cleared is a new client
    await signIn(browser('198.51.100.9', SAFARI_ON_IPHONE), 'alert_ada')
    const after = await alertsTo('alert_ada@example.com')
    expect(after).toHaveLength(before + 1)
    expect(after.at(-1)).toContain('Device: Safari on iPhone')

    const forged = browser('198.51.100.10')
    const first = await signIn(forged, 'alert_ada')
    const id = first.headers
      .getSetCookie()
      .find((line) => line.startsWith('handover.device='))!
      .split(';')[0]!
      .split('=')[1]!
    await forged.post('/api/auth/logout')
    // the known id, with a signature that is not ours
    const planted = new ApiClient(server.url, {
      origin: server.url,
      cookie: `handover.device=${id}; handover.device.sig=AAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    })
    await signIn(planted, 'alert_ada')
    expect(await alertsTo('alert_ada@example.com')).toHaveLength(before + 3)
  })

  it('announces a new browser once when two sign-ins from it arrive together', async () => {
    const client = browser('198.51.100.12')
    // the browser gets its cookie from another account's sign-in
    await addUser(server, 'alert_eve')
    await signIn(client, 'alert_eve')
    await client.post('/api/auth/logout')
    const before = (await alertsTo('alert_ada@example.com')).length
    await Promise.all([signIn(client, 'alert_ada'), signIn(client, 'alert_ada')])
    expect(await alertsTo('alert_ada@example.com')).toHaveLength(before + 1)
  })

  it('is not sent to another user who signs in from a browser this one is known by', async () => {
    const shared = browser('198.51.100.11')
    await signIn(shared, 'alert_ada')
    await shared.post('/api/auth/logout')
    const bea = await addUser(server, 'alert_bea')
    const beforeAda = (await alertsTo('alert_ada@example.com')).length
    await signIn(shared, 'alert_bea')
    // bea's second browser: announced to bea, and ada hears nothing of it
    expect(await alertsTo('alert_bea@example.com')).toHaveLength(1)
    expect(await alertsTo('alert_ada@example.com')).toHaveLength(beforeAda)
    expect(await signInAlerts(bea)).toHaveLength(1)
  })
})

describe('with two-factor on', () => {
  it('announces the sign-in once the second factor completes it, not at the password', async () => {
    const cleo = await addUser(server, 'alert_cleo')
    const { secret } = await enrolTotp(cleo.client)
    const client = browser('198.51.100.20')
    const first = await client.post('/api/auth/login', { username: 'alert_cleo', password: PASSWORD })
    expect(first.json).toMatchObject({ requiresTwoFactor: true })
    expect(await alertsTo('alert_cleo@example.com')).toEqual([])
    const second = await client.post('/api/auth/2fa/verify', { code: await freshTotpCode(secret) })
    expect(second.status, second.text).toBe(200)
    expect(await alertsTo('alert_cleo@example.com')).toHaveLength(1)
    expect(await signInAlerts(cleo)).toHaveLength(1)
  })
})

describe('a new account', () => {
  it('remembers the browser it was signed up in, and announces the next one', async () => {
    const client = browser('198.51.100.30')
    const password = 'a long sign-up secret'
    const signup = await client.post('/api/auth/signup', {
      username: 'alert_dan',
      email: 'alert_dan@example.com',
      password,
      confirmPassword: password,
    })
    expect(signup.status, signup.text).toBe(200)
    const codeMail = await sql.query<{ text: string }>(`select text from email_outbox where "to" = 'alert_dan@example.com' order by id desc limit 1`)
    const code = /\b(\d{6})\b/.exec(codeMail.rows[0]!.text)![1]!
    const verified = await client.post('/api/auth/verify-email', { email: 'alert_dan@example.com', code })
    expect(verified.status, verified.text).toBe(200)
    const userId = (verified.json.user as { id: number }).id
    expect(await knownDevices(userId)).toHaveLength(1)
    expect(await alertsTo('alert_dan@example.com')).toEqual([])

    const other = browser('198.51.100.31', SAFARI_ON_IPHONE)
    expect((await other.post('/api/auth/login', { username: 'alert_dan', password })).status).toBe(200)
    expect(await alertsTo('alert_dan@example.com')).toHaveLength(1)
  })
})

describe('behind TLS', () => {
  it('marks the device cookie Secure, though the request reached the server as plain HTTP', async () => {
    await addUser(server, 'alert_tls')
    const behindTls = await startTestServer({ databaseUrl: db.url, env: { PUBLIC_URL: 'https://handover.example', TRUST_PROXY: 'true' } })
    try {
      const res = await fetch(`${behindTls.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'alert_tls', password: PASSWORD }),
      })
      expect(res.status).toBe(200)
      const cookies = res.headers.getSetCookie().filter((line) => line.startsWith('handover.device'))
      expect(cookies.map((line) => line.split('=')[0])).toEqual(['handover.device', 'handover.device.sig'])
      for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i)
    } finally {
      await behindTls.close()
    }
  })
})
