import { describe, expect, it } from 'vitest'
import { createHash, randomBytes } from 'node:crypto'
import { AUTH_MESSAGES } from '../../src/shared/api/auth'
import { hashCode } from '../../server/modules/auth/codes'
import { createTestDatabase } from '../support/database'
import { DEV_PASSWORD, signedUpUser, useDevServer } from '../support/dev-server'
import { ApiClient } from '../support/http-client'
import { loggedCode, loggedMails } from '../support/mail-log'
import { startTestServer } from '../support/server'

/**
 * The server as `npm start` runs it: mail goes to the log and the outbox, and neither may give a stranger a way into
 * someone else's account; nor may sign-up tell a stranger which emails have one.
 */
const levels = (log: string[]) => log.map((line) => JSON.parse(line) as { level: number; msg: string; mail?: { to: string; subject: string } })

describe('the outbox of a server without SMTP_URL', () => {
  const site = useDevServer()

  it('is not warned about at boot in development', () => {
    expect(levels(site.log).filter((l) => l.level >= 40)).toEqual([])
  })

  it('answers a visitor 401 and a signed-in user 403, in development too', async () => {
    const { client: user } = await signedUpUser(site, 'plainuser')
    expect(loggedMails(site.log).length).toBeGreaterThan(0)
    for (const path of ['/api/email/outbox', '/api/email/outbox?limit=200']) {
      const anonymous = await new ApiClient(site.server.url).get(path)
      expect(anonymous.status, path).toBe(401)
      expect(anonymous.text).not.toContain('plainuser@example.com')
      const member = await user.get(path)
      expect(member.status, path).toBe(403)
      expect(member.text).not.toContain('plainuser@example.com')
    }
  })

  it('never hands a stranger the reset link asked for someone else, which only the server’s log shows', async () => {
    const { email } = await signedUpUser(site, 'victim')
    const stranger = new ApiClient(site.server.url)
    const asked = await stranger.post('/api/auth/forgot-password', { email })
    expect(asked.status, asked.text).toBe(200)

    // the log has the link, and it is live: its token is the stored one
    const mail = loggedMails(site.log)
      .reverse()
      .find((m) => m.to === email && /reset/i.test(m.subject))
    const link = /(http\S+\/reset-password\?token=\S+)/.exec(mail?.text ?? '')?.[1]
    expect(link, 'the reset link in the log').toBeDefined()
    const token = new URL(link!).searchParams.get('token')!
    const hash = createHash('sha256').update(token).digest('hex')
    expect((await site.sql.query('select count(*)::int as n from password_resets where token_hash = $1 and used_at is null', [hash])).rows[0].n).toBe(
      1,
    )

    // what the stranger can ask for: the outbox, the email check, the preview page
    for (const path of ['/api/email/outbox', '/api/email/diagnostic', '/email/preview']) {
      const res = await stranger.get(path)
      expect(res.text, path).not.toContain(token)
      expect(res.text, path).not.toContain(encodeURIComponent(token))
    }
    expect((await stranger.get('/api/email/outbox')).status).toBe(401)

    const signIn = await new ApiClient(site.server.url).post('/api/auth/login', { username: 'victim', password: DEV_PASSWORD })
    expect(signIn.status, signIn.text).toBe(200)
  })

  it('prints each mail in full at info level: recipient, subject and the text with its code', async () => {
    const email = 'printed@example.com'
    const res = await new ApiClient(site.server.url).post('/api/auth/signup', {
      username: 'printed',
      email,
      password: DEV_PASSWORD,
      confirmPassword: DEV_PASSWORD,
    })
    expect(res.status, res.text).toBe(200)
    const line = levels(site.log).find((l) => l.mail?.to === email)
    expect(line).toMatchObject({ level: 30, mail: { to: email, subject: expect.stringMatching(/^Your Handover verification code: \d{6}$/) } })
    expect(line!.msg).toContain(email)
    expect(line!.msg).toContain(`Your Handover verification code is ${loggedCode(site.log, email)}.`)
  })

  it('still says a taken username is taken: usernames are public', async () => {
    const res = await new ApiClient(site.server.url).post('/api/auth/signup', {
      username: 'PlainUser',
      email: `someone-${randomBytes(3).toString('hex')}@example.com`,
      password: DEV_PASSWORD,
      confirmPassword: DEV_PASSWORD,
    })
    expect(res.status).toBe(409)
    expect(res.json.message).toBe(AUTH_MESSAGES.usernameTaken)
  })
})

describe('a production server without SMTP_URL', () => {
  it('warns at boot that no mail will leave it', async () => {
    const lines: string[] = []
    const db = await createTestDatabase()
    const prod = await startTestServer({
      databaseUrl: db.url,
      env: { NODE_ENV: 'production' },
      logTo: { write: (line: string) => void lines.push(line) },
    })
    try {
      const warnings = levels(lines).filter((l) => l.level >= 40)
      expect(warnings).toEqual([
        expect.objectContaining({ level: 40, msg: expect.stringMatching(/^SMTP_URL is not set: no email will be sent\..*\/email\/preview/) }),
      ])
      expect((await new ApiClient(prod.url).get('/api/email/outbox')).status).toBe(401)
    } finally {
      await prod.close()
      await db.drop()
    }
  })
})

const TRIED = 'Someone tried to sign up with your email'
const signup = (client: ApiClient, username: string, email: string) =>
  client.post('/api/auth/signup', { username, email, password: DEV_PASSWORD, confirmPassword: DEV_PASSWORD })

describe('signing up with an email that has an account', () => {
  const site = useDevServer()

  it('answers as a new sign-up, tells the owner instead of sending a code, and no code ever verifies it', async () => {
    const { email: owned } = await signedUpUser(site, 'owner')
    const users = Number((await site.sql.query('select count(*)::int as n from users')).rows[0].n)
    const before = loggedMails(site.log).length

    const fresh = await signup(new ApiClient(site.server.url), 'newcomer', 'newcomer@example.com')
    const taken = await signup(new ApiClient(site.server.url), 'intruder', 'OWNER@example.com')
    expect(fresh).toMatchObject({ status: 200, json: { requiresVerification: true, email: 'newcomer@example.com' } })
    expect(taken.status).toBe(fresh.status)
    expect(taken.json).toEqual({ ...fresh.json, email: owned })

    const toOwner = loggedMails(site.log)
      .slice(before)
      .filter((m) => m.to === owned)
    expect(toOwner.map((m) => m.subject)).toEqual([TRIED])
    expect(toOwner[0]!.text).toContain(`${site.server.url}/forgot-password`)
    expect(toOwner[0]!.text).toMatch(/already exists/)
    expect(toOwner[0]!.text).toMatch(/If it was you, you can ignore this email/)
    expect(`${toOwner[0]!.subject}\n${toOwner[0]!.text}`).not.toMatch(/\b\d{6}\b/)
    expect(Number((await site.sql.query('select count(*)::int as n from users')).rows[0].n)).toBe(users)

    // the row kept for the answers matches no code at all, and keeps no password
    const row = (await site.sql.query('select code_hash, password_hash from pending_signups where email = $1', [owned])).rows[0]
    expect(row.password_hash).toBe('')
    expect(codesMatching(site.secret, owned, row.code_hash)).toEqual([])
  })

  it('answers guessed codes exactly as wrong codes for a real pending sign-up, attempt by attempt', async () => {
    const { email: owned } = await signedUpUser(site, 'guessedowner')
    const realEmail = 'realpending@example.com'
    expect((await signup(new ApiClient(site.server.url), 'realpending', realEmail)).status).toBe(200)
    expect((await signup(new ApiClient(site.server.url), 'guesser', owned)).status).toBe(200)
    const real = loggedCode(site.log, realEmail)!
    const guess = real === '000000' ? '111111' : '000000'

    const answers = async (email: string) => {
      const client = new ApiClient(site.server.url)
      const seen: unknown[] = []
      for (let i = 0; i < 6; i++) {
        const res = await client.post('/api/auth/verify-email', { email, code: guess })
        seen.push({ status: res.status, body: res.json })
      }
      return seen
    }
    const forReal = await answers(realEmail)
    expect(forReal[0]).toMatchObject({ status: 400, body: { message: `${AUTH_MESSAGES.invalidCode} (4 attempts left)` } })
    expect(forReal[5]).toMatchObject({ status: 429, body: { message: AUTH_MESSAGES.tooManyAttempts } })
    expect(await answers(owned)).toEqual(forReal)
    expect((await new ApiClient(site.server.url).post('/api/auth/login', { username: 'guessedowner', password: DEV_PASSWORD })).status).toBe(200)
  })

  it('never makes an account of it, even were its code somehow known', async () => {
    const { email: owned } = await signedUpUser(site, 'knownowner')
    expect((await signup(new ApiClient(site.server.url), 'knowncode', owned)).status).toBe(200)
    const known = '123456'
    await site.sql.query('update pending_signups set code_hash = $1, attempts = 0 where email = $2', [hashCode(site.secret, owned, known), owned])
    const res = await new ApiClient(site.server.url).post('/api/auth/verify-email', { email: owned, code: known })
    expect({ status: res.status, message: res.json.message }).toEqual({ status: 400, message: AUTH_MESSAGES.invalidCode })
    expect((await site.sql.query('select count(*)::int as n from users where email = $1', [owned])).rows[0].n).toBe(1)
  })
})

describe('resending for an email that has an account', () => {
  const site = useDevServer()

  it('answers as for a real pending sign-up: the same cooldown, then fresh attempts, and the owner hears once a cooldown', async () => {
    const { email: owned } = await signedUpUser(site, 'resendowner')
    const realEmail = 'resendreal@example.com'
    const before = loggedMails(site.log).length
    const client = new ApiClient(site.server.url)
    expect((await signup(client, 'resendreal', realEmail)).status).toBe(200)
    expect((await signup(client, 'resendfake', owned)).status).toBe(200)

    // again within the cooldown: a repeated sign-up and a resend are refused alike, and nobody gets more mail
    const again = [(email: string) => signup(client, 'again', email), (email: string) => client.post('/api/auth/resend-verification', { email })]
    for (const call of again) {
      const [real, fake] = [await call(realEmail), await call(owned)]
      expect(real.status).toBe(429)
      expect(fake.status).toBe(real.status)
      expect(fake.json.error).toMatchObject({ code: 'resend_too_soon' })
      expect(fake.json.message).toMatch(new RegExp(`^${AUTH_MESSAGES.resendTooSoon} \\(\\d+s\\)$`))
    }
    expect(
      loggedMails(site.log)
        .slice(before)
        .filter((m) => m.to === owned)
        .map((m) => m.subject),
    ).toEqual([TRIED])

    await site.sql.query(`update pending_signups set last_sent_at = now() - interval '61 seconds', attempts = 3 where email = any($1)`, [
      [realEmail, owned],
    ])
    const real = await client.post('/api/auth/resend-verification', { email: realEmail })
    const fake = await client.post('/api/auth/resend-verification', { email: owned })
    expect(real.status, real.text).toBe(200)
    expect({ status: fake.status, body: fake.json }).toEqual({ status: real.status, body: real.json })
    expect(
      loggedMails(site.log)
        .slice(before)
        .filter((m) => m.to === owned)
        .map((m) => m.subject),
    ).toEqual([TRIED, TRIED])

    const rows = await site.sql.query('select email, code_hash, attempts from pending_signups where email = any($1) order by email', [
      [realEmail, owned],
    ])
    expect(rows.rows.map((r: { attempts: number }) => r.attempts)).toEqual([0, 0])
    expect(codesMatching(site.secret, owned, rows.rows.find((r: { email: string }) => r.email === owned).code_hash)).toEqual([])
  })

  it('answers "no pending sign-up" for an owned email nobody signed up with, as for any such email', async () => {
    await signedUpUser(site, 'quietowner')
    const client = new ApiClient(site.server.url)
    const owned = await client.post('/api/auth/resend-verification', { email: 'quietowner@example.com' })
    const unknown = await client.post('/api/auth/resend-verification', { email: 'nobody-at-all@example.com' })
    expect({ status: owned.status, body: owned.json }).toEqual({ status: unknown.status, body: unknown.json })
    expect(owned.status).toBe(400)
  })
})

/** Every 6-digit code whose keyed hash is the stored one (all million are tried). */
function codesMatching(secret: string, email: string, codeHash: string): string[] {
  const found: string[] = []
  for (let n = 0; n < 1_000_000; n++) {
    const code = String(n).padStart(6, '0')
    if (hashCode(secret, email, code) === codeHash) found.push(code)
  }
  return found
}
