import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { ACCOUNT_UNLOCKED_ANSWER, AUTH_MESSAGES } from '../../src/shared/api/auth'
import { ACCOUNT_MESSAGES } from '../../src/shared/api/account-settings'
import { notificationListSchema } from '../../src/shared/api/notifications'
import { hashToken } from '../../server/modules/auth/codes'
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
  // Redis, as production counts: every instance sees the same failures
  server = await startTestServer({ databaseUrl: db.url, redisUrl: 'redis://127.0.0.1:6379', env: { TRUST_PROXY: 'true' } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

/** A browser behind one of several addresses: the proxy's X-Forwarded-For names it. */
const at = (address: string) => new ApiClient(server.url, { origin: server.url, 'x-forwarded-for': address })
const from = (n: number) => at(`203.0.113.${n}`)
let used = 0
/** A browser at an address no other attempt of this file used, so the limit per address and name never applies. */
const fresh = () => {
  used += 1
  return at(`198.18.${Math.floor(used / 250)}.${(used % 250) + 1}`)
}

const signIn = (client: ApiClient, username: string, password: string, path = '/api/auth/login') => client.post(path, { username, password })

const lockedAt = async (userId: number) =>
  (await sql.query('select login_locked_at from users where id = $1', [userId])).rows[0].login_locked_at as Date | null

const mailTo = async (email: string, subject: string) =>
  (await sql.query<{ text: string }>('select text from email_outbox where "to" = $1 and subject = $2 order by id', [email, subject])).rows.map(
    (r) => r.text,
  )

const LOCKED_SUBJECT = 'Sign-in to your Handover account is locked'

function unlockToken(text: string): string {
  const match = /\/unlock-account\?token=([A-Za-z0-9_%-]+)/.exec(text)
  if (!match) throw new Error(`no unlock link in:\n${text}`)
  return decodeURIComponent(match[1]!)
}

async function notificationsOf(user: TestUser) {
  const res = await user.client.get('/api/notifications')
  expect(res.status, res.text).toBe(200)
  return notificationListSchema.parse(res.json)
}

/** Ten wrong passwords from five addresses, typed as the username and the email in several cases. */
async function failTenTimes(user: TestUser, path = '/api/auth/login') {
  const email = `${user.username.toLowerCase()}@example.com`
  const names = [user.username, user.username.toUpperCase(), email, email.toUpperCase(), user.username.toLowerCase()]
  for (let i = 0; i < 10; i++) {
    const res = await signIn(from(100 + (i % 5)), names[i % names.length]!, `wrong guess ${i}`, path)
    expect(res.status, `attempt ${i + 1}: ${res.text}`).toBe(401)
    expect(res.json.message).toBe(AUTH_MESSAGES.invalidCredentials)
  }
}

function expectLocked(res: { status: number; json: Record<string, unknown> & { message?: string } }) {
  expect(res.status, JSON.stringify(res.json)).toBe(423)
  expect(res.json).toMatchObject({ error: { code: 'account_locked', message: AUTH_MESSAGES.accountLocked } })
  expect(res.json.message).toBe(AUTH_MESSAGES.accountLocked)
}

describe('failed sign-ins per account', () => {
  let lena: TestUser

  beforeAll(async () => {
    lena = await addUser(server, 'Lock_Lena')
  })

  it('locks the account after 10 failures from 5 addresses under both of its names; even the right password is refused', async () => {
    await failTenTimes(lena)
    expect(await lockedAt(lena.id)).not.toBeNull()

    expectLocked(await signIn(fresh(), 'lock_lena', PASSWORD))
    expectLocked(await signIn(fresh(), 'LOCK_LENA@example.com', PASSWORD))
    expectLocked(await signIn(fresh(), 'lock_lena', 'another wrong one'))
    // nothing signed in
    const client = fresh()
    expectLocked(await signIn(client, 'lock_lena', PASSWORD))
    expect((await client.get('/api/auth/me')).status).toBe(401)
  })

  it('tells the owner once: an email with a one-time link and a notification', async () => {
    const mails = await mailTo('lock_lena@example.com', LOCKED_SUBJECT)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain(`${server.url}/unlock-account?token=`)
    expect(mails[0]).toMatch(/failed to sign in to your Handover account 10 times/)
    const locked = (await notificationsOf(lena)).filter((n) => n.type === 'account_locked')
    expect(locked).toHaveLength(1)
    expect(locked[0]!.message).toMatch(/failed to sign in to your account 10 times/)
    expect(locked[0]!.message).toMatch(/locked/)
    const row = await sql.query('select token_hash from account_unlocks where user_id = $1', [lena.id])
    expect(row.rows).toEqual([{ token_hash: hashToken(unlockToken(mails[0]!)) }])
  })

  it('lifts the lock with the link, once; the count starts again', async () => {
    const [mail] = await mailTo('lock_lena@example.com', LOCKED_SUBJECT)
    const token = unlockToken(mail!)
    const unlocked = await fresh().post('/api/auth/unlock', { token })
    expect(unlocked.status, unlocked.text).toBe(200)
    expect(unlocked.json).toEqual({ success: true, message: ACCOUNT_UNLOCKED_ANSWER })
    expect(await lockedAt(lena.id)).toBeNull()

    const again = await fresh().post('/api/auth/unlock', { token })
    expect(again.status).toBe(400)
    expect(again.json.message).toBe(AUTH_MESSAGES.invalidUnlockToken)
    expect((await fresh().post('/api/auth/unlock', { token: 'short' })).json.message).toBe(AUTH_MESSAGES.invalidUnlockToken)
    expect((await fresh().post('/api/auth/unlock', { token: 'x'.repeat(43) })).status).toBe(400)

    // one more failure is only a failure: the count was reset with the lock
    expect((await signIn(fresh(), 'lock_lena', 'one more wrong')).status).toBe(401)
    expect(await lockedAt(lena.id)).toBeNull()
    expect((await signIn(fresh(), 'lock_lena', PASSWORD)).status).toBe(200)
  })

  it('refuses an expired link and changes nothing', async () => {
    const mia = await addUser(server, 'lock_mia')
    await failTenTimes(mia)
    const [mail] = await mailTo('lock_mia@example.com', LOCKED_SUBJECT)
    await sql.query(`update account_unlocks set expires_at = now() - interval '1 second' where user_id = $1`, [mia.id])
    const res = await fresh().post('/api/auth/unlock', { token: unlockToken(mail!) })
    expect(res.status).toBe(400)
    expect(res.json).toMatchObject({ error: { code: 'invalid_token', message: AUTH_MESSAGES.invalidUnlockToken } })
    expect(await lockedAt(mia.id)).not.toBeNull()
    // the locked answer says a link was emailed: with every link lapsed, the next attempt sends a new one, and only one
    expectLocked(await signIn(fresh(), 'lock_mia', PASSWORD))
    expectLocked(await signIn(fresh(), 'lock_mia', PASSWORD))
    const mails = await mailTo('lock_mia@example.com', LOCKED_SUBJECT)
    expect(mails).toHaveLength(2)
    expect((await fresh().post('/api/auth/unlock', { token: unlockToken(mails[1]!) })).status).toBe(200)
  })

  it('locks once, with one email and one notification, when the last failures arrive together', async () => {
    const rae = await addUser(server, 'lock_rae')
    for (let i = 0; i < 9; i++) expect((await signIn(fresh(), 'lock_rae', `wrong ${i}`)).status).toBe(401)
    const together = await Promise.all(Array.from({ length: 5 }, (_, i) => signIn(fresh(), 'lock_rae', `together ${i}`)))
    expect(together.every((res) => res.status === 401 || res.status === 423)).toBe(true)
    expect(await lockedAt(rae.id)).not.toBeNull()
    expect(await mailTo('lock_rae@example.com', LOCKED_SUBJECT)).toHaveLength(1)
    expect((await notificationsOf(rae)).filter((n) => n.type === 'account_locked')).toHaveLength(1)
    expect((await sql.query('select count(*)::int as n from account_unlocks where user_id = $1', [rae.id])).rows[0].n).toBe(1)
  })

  it('forgets the failures before a successful sign-in', async () => {
    const noor = await addUser(server, 'lock_noor')
    for (let i = 0; i < 9; i++) expect((await signIn(fresh(), 'lock_noor', `wrong ${i}`)).status).toBe(401)
    expect((await signIn(fresh(), 'lock_noor', PASSWORD)).status).toBe(200)
    for (let i = 0; i < 9; i++) expect((await signIn(fresh(), 'lock_noor', `wrong again ${i}`)).status).toBe(401)
    expect(await lockedAt(noor.id)).toBeNull()
    expect((await signIn(fresh(), 'lock_noor', 'the tenth')).status).toBe(401)
    expect(await lockedAt(noor.id)).not.toBeNull()
  })

  it('lets a password reset lift the lock: the reset link proves the owner as the unlock link does', async () => {
    const olga = await addUser(server, 'lock_olga')
    await failTenTimes(olga)
    expect((await fresh().post('/api/auth/forgot-password', { email: 'lock_olga@example.com' })).status).toBe(200)
    const [reset] = await mailTo('lock_olga@example.com', 'Reset your Handover password')
    const token = decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(reset!)![1]!)
    const res = await fresh().post('/api/auth/reset-password', { token, password: 'a brand new secret', confirmPassword: 'a brand new secret' })
    expect(res.status, res.text).toBe(200)
    expect(await lockedAt(olga.id)).toBeNull()
    expect((await signIn(fresh(), 'lock_olga', 'a brand new secret')).status).toBe(200)
  })
})

describe('a locked account with two-factor', () => {
  it('still signs in with the password and a code, and that lifts the lock', async () => {
    const tess = await addUser(server, 'lock_tess')
    const { secret } = await enrolTotp(tess.client)
    await failTenTimes(tess)
    expect(await lockedAt(tess.id)).not.toBeNull()

    // a wrong password is still refused as locked; the right one leads to the second factor
    expectLocked(await signIn(fresh(), 'lock_tess', 'still guessing'))
    const client = fresh()
    const first = await signIn(client, 'lock_tess', PASSWORD)
    expect(first.status, first.text).toBe(200)
    expect(first.json).toMatchObject({ requiresTwoFactor: true })
    expect(await lockedAt(tess.id)).not.toBeNull()
    const second = await client.post('/api/auth/2fa/verify', { code: await freshTotpCode(secret) })
    expect(second.status, second.text).toBe(200)
    expect((await client.get('/api/auth/me')).json).toMatchObject({ username: 'lock_tess' })

    expect(await lockedAt(tess.id)).toBeNull()
    // the emailed link went with the lock
    const [mail] = await mailTo('lock_tess@example.com', LOCKED_SUBJECT)
    expect((await fresh().post('/api/auth/unlock', { token: unlockToken(mail!) })).status).toBe(400)
    // and the count starts again
    expect((await signIn(fresh(), 'lock_tess', 'one wrong')).status).toBe(401)
    expect(await lockedAt(tess.id)).toBeNull()
  })
})

describe('names no account has', () => {
  it('answer as a locked account does after 10 failures, whatever the case', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await signIn(from(150 + (i % 5)), i % 2 ? 'Ghost_Gina' : 'ghost_gina', `guess ${i}`)
      expect(res.status).toBe(401)
      expect(res.json.message).toBe(AUTH_MESSAGES.invalidCredentials)
    }
    const unknown = await signIn(fresh(), 'GHOST_GINA', 'anything')
    expectLocked(unknown)
    // another unknown name is untouched
    expect((await signIn(fresh(), 'ghost_gwen', 'anything')).status).toBe(401)
  })
})

describe('the admin sign-in form', () => {
  it('counts failures with /login for the same account and refuses a locked one', async () => {
    const pia = await addUser(server, 'lock_pia')
    for (let i = 0; i < 10; i++) {
      const res = await signIn(
        from(200 + (i % 5)),
        i % 2 ? 'lock_pia' : 'lock_pia@example.com',
        `wrong ${i}`,
        i % 2 ? '/api/auth/admin-login' : '/api/auth/login',
      )
      expect(res.status, res.text).toBe(401)
    }
    expect(await lockedAt(pia.id)).not.toBeNull()
    expectLocked(await signIn(fresh(), 'lock_pia', PASSWORD, '/api/auth/admin-login'))
    expectLocked(await signIn(fresh(), 'lock_pia', PASSWORD))
  })

  it('locks an account on its own failures, and a locked admin still signs in there with a code', async () => {
    const quinn = await addUser(server, 'lock_quinn', { admin: true })
    await failTenTimes(quinn, '/api/auth/admin-login')
    expect(await lockedAt(quinn.id)).not.toBeNull()
    const client = fresh()
    expect((await signIn(client, 'lock_quinn', PASSWORD, '/api/auth/admin-login')).json).toMatchObject({ requiresTwoFactor: true })
    const done = await client.post('/api/auth/2fa/verify', { code: await freshTotpCode(quinn.totpSecret!) })
    expect(done.status, done.text).toBe(200)
    expect(done.json).toMatchObject({ user: { username: 'lock_quinn', isAdmin: true } })
    expect(await lockedAt(quinn.id)).toBeNull()
  })

  it('shares the limit per address and name with /login', async () => {
    const client = from(240)
    for (let i = 0; i < 10; i++) {
      const res = await signIn(client, 'shared_name', `guess ${i}`, i % 2 ? '/api/auth/admin-login' : '/api/auth/login')
      expect(res.status).toBe(401)
    }
    for (const path of ['/api/auth/login', '/api/auth/admin-login']) {
      const limited = await signIn(client, 'shared_name', 'again', path)
      expect(limited.status).toBe(429)
      expect(limited.json.message).toMatch(/^Too many attempts\./)
    }
  })
})

describe('passwords asked for in the settings', () => {
  it('the one that adds a first passkey counts against the account, and is refused while it is locked', async () => {
    const sven = await addUser(server, 'lock_sven')
    // from ten addresses, so the limit per address and name never applies: only the account's count can stop them
    const addPasskey = (password: string, address: number) =>
      sven.client.post('/api/auth/webauthn/register/options', { password }, { 'x-forwarded-for': `198.51.100.${120 + address}` })
    for (let i = 0; i < 10; i++) {
      const res = await addPasskey(`wrong ${i}`, i)
      expect([res.status, res.json.message]).toEqual([400, ACCOUNT_MESSAGES.wrongPassword])
    }
    expect(await lockedAt(sven.id)).not.toBeNull()
    expectLocked(await addPasskey(PASSWORD, 10))
    expectLocked(await signIn(fresh(), 'lock_sven', PASSWORD))
  })

  it('count against the account and are refused while it is locked', async () => {
    const rosa = await addUser(server, 'lock_rosa')
    const hashOf = async () => (await sql.query('select password_hash from users where id = $1', [rosa.id])).rows[0].password_hash as string
    const hashBefore = await hashOf()
    const change = (currentPassword: string, address: number) =>
      rosa.client.post(
        '/api/settings/password',
        { currentPassword, newPassword: 'next secret 1', confirmPassword: 'next secret 1' },
        { 'x-forwarded-for': `198.51.100.${address}` },
      )
    for (let i = 0; i < 5; i++) {
      const res = await change(`wrong ${i}`, i)
      expect(res.status).toBe(400)
      expect(res.json.message).toBe(ACCOUNT_MESSAGES.wrongPassword)
    }
    for (let i = 0; i < 5; i++) expect((await signIn(fresh(), 'lock_rosa', `wrong at sign-in ${i}`)).status).toBe(401)
    expect(await lockedAt(rosa.id)).not.toBeNull()
    expectLocked(await change(PASSWORD, 50))
    expectLocked(await signIn(fresh(), 'lock_rosa', PASSWORD))
    // the right password changed nothing while locked
    expect(await hashOf()).toBe(hashBefore)
    expect((await mailTo('lock_rosa@example.com', LOCKED_SUBJECT)).length).toBe(1)
  })
})
