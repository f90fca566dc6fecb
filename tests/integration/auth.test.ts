import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { AUTH_MESSAGES } from '../../src/shared/api/auth'
import { TWO_FACTOR_ENROLMENT_REQUIRED } from '../../src/shared/api/two-factor'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp'
import { enrolTotp } from '../support/two-factor'
import type { RunningServer } from '../../server/server'

let db: TestDatabase
let smtp: SmtpCapture
let server: RunningServer
let sql: pg.Client

beforeAll(async () => {
  db = await createTestDatabase()
  smtp = await startSmtpCapture()
  server = await startTestServer({
    databaseUrl: db.url,
    smtpUrl: smtp.url,
    env: { ADMIN_USERNAME: 'rootadmin', ADMIN_PASSWORD: 'root-admin-password' },
  })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await smtp?.close()
  await db?.drop()
})

const count = async (table: string) => Number((await sql.query(`select count(*)::int as n from ${table}`)).rows[0].n)

async function signUp(client: ApiClient, username: string, email = `${username}@example.com`, password = 'correct horse') {
  const before = smtp.messages.length
  const res = await client.post('/api/auth/signup', { username, email, password, confirmPassword: password })
  expect(res.status, res.text).toBe(200)
  return { res, code: await smtp.codeFor(email, before), email, password }
}

describe('sign-up with an emailed code', () => {
  it('creates the account only after verification, signs it in and credits $15.00 from promotions', async () => {
    const client = new ApiClient(server.url)
    const usersBefore = await count('users')
    const { res, code, email } = await signUp(client, 'Dana_01')
    expect(res.json).toEqual({ requiresVerification: true, email: 'dana_01@example.com' })
    expect(await count('users')).toBe(usersBefore)

    const stored = (await sql.query('select code_hash from pending_signups where email = $1', [email.toLowerCase()])).rows[0]
    expect(stored.code_hash).not.toContain(code)

    const verified = await client.post('/api/auth/verify-email', { email, code })
    expect(verified.status, verified.text).toBe(200)
    const me = await client.get('/api/auth/me')
    expect(me.status).toBe(200)
    expect(me.json).toMatchObject({ username: 'Dana_01', balance: '15.00', avatar: null })
    expect(me.json.id).toBeGreaterThan(999)

    const entries = await sql.query(
      `select a.code, e.amount_cents::int as amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
       join ledger_transfers t on t.id = e.transfer_id where t.idempotency_key = $1 order by amount`,
      [`welcome_bonus:${me.json.id}`],
    )
    expect(entries.rows).toEqual([
      { code: 'system:promotions', amount: -1500 },
      { code: `wallet:${me.json.id}`, amount: 1500 },
    ])
    expect(await count('pending_signups')).toBe(0)
  })

  it('sets an httpOnly, SameSite=Lax session cookie and a new session id at sign-in', async () => {
    const client = new ApiClient(server.url)
    const { email, code } = await signUp(client, 'cookiecheck')
    const res = await client.post('/api/auth/verify-email', { email, code })
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('handover.sid='))!
    expect(cookie).toMatch(/httponly/i)
    expect(cookie).toMatch(/samesite=lax/i)
    const firstSession = client.cookieHeader

    await client.post('/api/auth/logout')
    expect((await client.get('/api/auth/me')).status).toBe(401)
    const login = await client.post('/api/auth/login', { username: 'COOKIECHECK', password: 'correct horse' })
    expect(login.status, login.text).toBe(200)
    expect(client.cookieHeader).not.toBe(firstSession)
    expect((await client.get('/api/auth/me')).json.username).toBe('cookiecheck')
  })

  it('refuses a taken username case-insensitively; a taken email is answered as a new sign-up; neither creates an account', async () => {
    const client = new ApiClient(server.url)
    const { email, code } = await signUp(client, 'uniqueuser')
    await client.post('/api/auth/verify-email', { email, code })
    const users = await count('users')
    const pending = await count('pending_signups')

    const dupName = await client.post('/api/auth/signup', {
      username: 'UniqueUser',
      email: 'other@example.com',
      password: 'correct horse',
      confirmPassword: 'correct horse',
    })
    expect(dupName.status).toBe(409)
    expect(dupName.json.message).toBe(AUTH_MESSAGES.usernameTaken)
    const before = smtp.messages.length
    const dupEmail = await client.post('/api/auth/signup', {
      username: 'another',
      email: 'UNIQUEUSER@example.com',
      password: 'correct horse',
      confirmPassword: 'correct horse',
    })
    // so sign-up does not tell who has an account: the owner hears of it instead
    expect(dupEmail.status, dupEmail.text).toBe(200)
    expect(dupEmail.json).toEqual({ requiresVerification: true, email })
    expect((await smtp.waitFor(email, (m) => smtp.messages.indexOf(m) >= before)).subject).toBe('Someone tried to sign up with your email')
    expect(await count('users')).toBe(users)
    // the row that answers verify and resend for it, which no code verifies
    expect(await count('pending_signups')).toBe(pending + 1)
  })

  it('answers every SPEC §5 validation rule with its exact message and creates nothing', async () => {
    const client = new ApiClient(server.url)
    const pending = await count('pending_signups')
    const ok = { username: 'validname', email: 'valid@example.com', password: 'correct horse', confirmPassword: 'correct horse' }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, username: 'ab' }, 'Username must be at least 3 characters'],
      [{ ...ok, username: 'a'.repeat(51) }, AUTH_MESSAGES.usernameLong],
      [{ ...ok, email: 'not-an-email' }, 'Invalid email address'],
      [{ ...ok, password: '', confirmPassword: '' }, 'Password is required'],
      [{ ...ok, confirmPassword: 'different' }, "Passwords don't match"],
      [{ ...ok, username: 42 }, 'Username must be at least 3 characters'],
    ]
    for (const [body, message] of cases) {
      const res = await client.post('/api/auth/signup', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.message).toBe(message)
      expect(res.json.error).toMatchObject({ message })
    }
    expect((await client.post('/api/auth/login', { username: '', password: 'x' })).json.message).toBe('Username is required')
    expect((await client.post('/api/auth/login', { username: 'x', password: '' })).json.message).toBe('Password is required')
    expect((await client.post('/api/auth/verify-email', { email: 'a@b.co', code: '12a45' })).json.message).toBe('Verification code must be 6 digits')
    expect((await client.post('/api/auth/verify-email', { email: 'bad', code: '123456' })).json.message).toBe('Invalid email address')
    expect(await count('pending_signups')).toBe(pending)
  })
})

describe('the rules of a new password (ASVS)', () => {
  it("refuses short and common passwords and the owner's own names at sign-up, saying why, and creates nothing", async () => {
    const client = new ApiClient(server.url)
    const pending = await count('pending_signups')
    const ok = { username: 'ruleful', email: 'rule.keeper@example.com' }
    const cases: [string, string][] = [
      ['seven77', AUTH_MESSAGES.passwordShort],
      ['password', AUTH_MESSAGES.passwordCommon],
      ['Password1', AUTH_MESSAGES.passwordCommon],
      ['QWERTYUIOP', AUTH_MESSAGES.passwordCommon],
      ['iloveyou', AUTH_MESSAGES.passwordCommon],
      ['RULE.KEEPER', AUTH_MESSAGES.passwordPersonal],
      ['rule.keeper@example.com', AUTH_MESSAGES.passwordPersonal],
      ['x'.repeat(129), AUTH_MESSAGES.passwordLong],
    ]
    for (const [password, message] of cases) {
      const res = await client.post('/api/auth/signup', { ...ok, password, confirmPassword: password })
      expect(res.status, password).toBe(400)
      expect(res.json.message, password).toBe(message)
    }
    expect(
      await client.post('/api/auth/signup', { ...ok, username: 'rulefulname', password: 'rulefulname', confirmPassword: 'rulefulname' }),
    ).toMatchObject({
      status: 400,
      json: { message: AUTH_MESSAGES.passwordPersonal },
    })
    expect(await count('pending_signups')).toBe(pending)
  })
})

describe('verification codes', () => {
  it('allows five attempts, then refuses even the right code', async () => {
    const client = new ApiClient(server.url)
    const { email, code } = await signUp(client, 'guesser')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 1; i <= 4; i++) {
      const res = await client.post('/api/auth/verify-email', { email, code: wrong })
      expect(res.status).toBe(400)
      expect(res.json.message).toContain(`${5 - i} attempt`)
    }
    expect((await client.post('/api/auth/verify-email', { email, code: wrong })).status).toBe(429)
    const right = await client.post('/api/auth/verify-email', { email, code })
    expect(right.status).toBe(429)
    expect(right.json.message).toBe(AUTH_MESSAGES.tooManyAttempts)
    expect((await client.get('/api/auth/me')).status).toBe(401)
  })

  it('refuses an expired code', async () => {
    const client = new ApiClient(server.url)
    const { email, code } = await signUp(client, 'latecomer')
    await sql.query(`update pending_signups set code_expires_at = now() - interval '1 second' where email = $1`, [email])
    const res = await client.post('/api/auth/verify-email', { email, code })
    expect(res.status).toBe(400)
    expect(res.json.message).toBe(AUTH_MESSAGES.invalidCode)
  })

  it('enforces the 60 s resend cooldown; a resent code replaces the old one', async () => {
    const client = new ApiClient(server.url)
    const { email, code: first } = await signUp(client, 'resender')
    const early = await client.post('/api/auth/resend-verification', { email })
    expect(early.status).toBe(429)
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(50)

    await sql.query(`update pending_signups set last_sent_at = now() - interval '61 seconds' where email = $1`, [email])
    const before = smtp.messages.length
    const resent = await client.post('/api/auth/resend-verification', { email })
    expect(resent.status, resent.text).toBe(200)
    const second = await smtp.codeFor(email, before)
    if (second !== first) expect((await client.post('/api/auth/verify-email', { email, code: first })).status).toBe(400)
    expect((await client.post('/api/auth/verify-email', { email, code: second })).status).toBe(200)
  })
})

describe('sign-in', () => {
  it('gives one answer for an unknown user and a wrong password', async () => {
    const client = new ApiClient(server.url)
    const unknown = await client.post('/api/auth/login', { username: 'nobody-here', password: 'whatever' })
    const wrong = await client.post('/api/auth/login', { username: 'rootadmin', password: 'not-the-password' })
    expect(unknown.status).toBe(401)
    expect(wrong.status).toBe(401)
    expect(unknown.json.message).toBe(wrong.json.message)
  })

  it('rate-limits repeated failures with 429 and a message', async () => {
    const client = new ApiClient(server.url)
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await client.post('/api/auth/login', { username: 'target', password: `guess-${i}` })).status)
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    const limited = await client.post('/api/auth/login', { username: 'target', password: 'again' })
    expect(limited.status).toBe(429)
    expect(limited.json.message).toMatch(/Too many attempts/)
  })

  it('ends the session of a user banned behind its back the next time it asks who is signed in', async () => {
    // the first sign-up's account (a new one would spend the file's sign-ups, which are rate-limited per address)
    const client = new ApiClient(server.url)
    expect((await client.post('/api/auth/login', { username: 'Dana_01', password: 'correct horse' })).status).toBe(200)
    const me = await client.get('/api/auth/me')
    expect(me.json).toMatchObject({ username: 'Dana_01' })
    const sessions = async () => Number((await sql.query('select count(*)::int as n from sessions where user_id = $1', [me.json.id])).rows[0].n)
    const before = await sessions()
    // banned straight in the database, so the ban's own ending of the user's sessions never ran
    await sql.query('update users set banned_at = now(), ban_reason = $2 where id = $1', [me.json.id, 'Spam'])
    expect((await client.get('/api/auth/me')).status).toBe(401)
    // this browser's session is gone (the sign-up's, in another browser, ends when that one asks)
    expect(await sessions()).toBe(before - 1)
    // lifted again, the session stays ended: the user signs in anew
    await sql.query('update users set banned_at = null, ban_reason = null where id = $1', [me.json.id])
    expect((await client.get('/api/auth/me')).status).toBe(401)
  })

  it('makes ADMIN_USERNAME an admin; admin-me reports isAdmin', async () => {
    const admin = new ApiClient(server.url)
    expect((await admin.post('/api/auth/login', { username: 'rootadmin', password: 'root-admin-password' })).status).toBe(200)
    expect((await admin.get('/api/auth/admin-me')).json).toMatchObject({ user: { username: 'rootadmin', isAdmin: true, balance: '15.00' } })
    const anonymous = new ApiClient(server.url)
    expect((await anonymous.get('/api/auth/admin-me')).status).toBe(401)
  })
})

describe('email outbox', () => {
  it('is readable by admins only, once their two-factor is on', async () => {
    expect((await new ApiClient(server.url).get('/api/email/outbox')).status).toBe(401)
    const user = new ApiClient(server.url)
    const { email, code } = await signUp(user, 'outboxpeeker')
    await user.post('/api/auth/verify-email', { email, code })
    expect((await user.get('/api/email/outbox')).status).toBe(403)
    const admin = new ApiClient(server.url)
    await admin.post('/api/auth/login', { username: 'rootadmin', password: 'root-admin-password' })
    const unenrolled = await admin.get('/api/email/outbox')
    expect(unenrolled.status).toBe(403)
    expect(unenrolled.json.error).toMatchObject({ code: TWO_FACTOR_ENROLMENT_REQUIRED })
    await enrolTotp(admin)
    const res = await admin.get('/api/email/outbox')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ transport: 'smtp' })
  })
})

describe('password recovery', () => {
  it('answers the same for unknown emails, and a reset link works once and ends other sessions', async () => {
    const laptop = new ApiClient(server.url)
    const { email, code } = await signUp(laptop, 'forgetful')
    await laptop.post('/api/auth/verify-email', { email, code })
    expect((await laptop.get('/api/auth/me')).status).toBe(200)

    const stranger = new ApiClient(server.url)
    const unknown = await stranger.post('/api/auth/forgot-password', { email: 'nobody@example.com' })
    const before = smtp.messages.length
    const known = await stranger.post('/api/auth/forgot-password', { email })
    expect(known.status).toBe(200)
    expect(known.json).toEqual(unknown.json)

    const mail = await smtp.waitFor(email, (m) => smtp.messages.indexOf(m) >= before && /reset/i.test(m.subject))
    const token = new URL(/(http\S+reset-password\S+)/.exec(mail.text)![1]!).searchParams.get('token')!
    expect((await sql.query('select count(*)::int as n from password_resets where token_hash = $1', [token])).rows[0].n).toBe(0)

    // the rules of a new password hold here too, and a refused one leaves the link usable
    for (const [password, message] of [
      ['short', AUTH_MESSAGES.passwordShort],
      ['baseball1', AUTH_MESSAGES.passwordCommon],
      ['Forgetful', AUTH_MESSAGES.passwordPersonal],
    ]) {
      const refused = await stranger.post('/api/auth/reset-password', { token, password, confirmPassword: password })
      expect(refused.status, password).toBe(400)
      expect(refused.json.message, password).toBe(message)
    }
    expect((await laptop.get('/api/auth/me')).status).toBe(200)

    const reset = await stranger.post('/api/auth/reset-password', { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' })
    expect(reset.status, reset.text).toBe(200)
    expect((await laptop.get('/api/auth/me')).status).toBe(401)
    const again = await stranger.post('/api/auth/reset-password', { token, password: 'another-pass-1', confirmPassword: 'another-pass-1' })
    expect(again.status).toBe(400)
    expect(again.json.message).toBe(AUTH_MESSAGES.invalidResetToken)
    expect((await stranger.post('/api/auth/login', { username: 'forgetful', password: 'correct horse' })).status).toBe(401)
    expect((await stranger.post('/api/auth/login', { username: 'forgetful', password: 'brand-new-pass' })).status).toBe(200)
  })
})

describe('bad input never reaches a 500 and changes nothing', () => {
  it('answers malformed JSON with 400, a 1 MB+ body with 413, and cross-site writes with 403', async () => {
    const client = new ApiClient(server.url)
    const pending = await count('pending_signups')
    const broken = await client.request('POST', '/api/auth/signup', '{"username": "x",', { 'content-type': 'application/json' })
    expect(broken.status).toBe(400)
    expect(broken.json.message).toBe('Malformed JSON in request body')
    const huge = await client.request('POST', '/api/auth/signup', JSON.stringify({ username: 'a'.repeat(1_100_000) }), {
      'content-type': 'application/json',
    })
    expect(huge.status).toBe(413)
    expect(huge.json.message).toMatch(/too large/)
    const array = await client.post('/api/auth/login', [1, 2])
    expect(array.status).toBe(400)
    const text = await client.request('POST', '/api/auth/login', 'username=a', { 'content-type': 'text/plain' })
    expect(text.status).toBe(415)
    const foreign = await client.post(
      '/api/auth/signup',
      { username: 'csrfvictim', email: 'v@example.com', password: 'p', confirmPassword: 'p' },
      { origin: 'https://evil.example' },
    )
    expect(foreign.status).toBe(403)
    const crossSite = await client.post('/api/auth/logout', {}, { 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    expect(await count('pending_signups')).toBe(pending)
  })

  it('keeps the ledger append-only', async () => {
    await expect(sql.query('update ledger_entries set amount_cents = amount_cents + 1')).rejects.toThrow(/immutable/)
    await expect(sql.query('delete from ledger_transfers')).rejects.toThrow(/immutable/)
    const total = await sql.query('select coalesce(sum(amount_cents), 0)::int as total from ledger_entries')
    expect(total.rows[0].total).toBe(0)
  })

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await new ApiClient(server.url).get('/api/nope')
    expect(res.status).toBe(404)
    expect(res.json.error).toMatchObject({ code: 'not_found' })
  })
})
