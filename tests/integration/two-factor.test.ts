import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { TWO_FACTOR_ENROLMENT_REQUIRED, TWO_FACTOR_MESSAGES, TWO_FACTOR_REQUIRED } from '../../src/shared/api/two-factor'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { addUser, fundWallet, PASSWORD, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { enrolTotp, freshTotpCode, totpCodeAt } from '../support/two-factor'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

const browser = () => new ApiClient(server.url, { origin: server.url })
const errorCode = (body: Record<string, unknown>) => (body.error as { code?: string } | undefined)?.code

/** Makes the sessions of a user older than the step-up window, as if their second factor was checked 6 minutes ago. */
async function ageSecondFactor(userId: number) {
  await sql.query(
    `update sessions set data = jsonb_set(data, '{secondFactorAt}', to_jsonb((extract(epoch from now()) * 1000 - 360000)::bigint)) where user_id = $1`,
    [userId],
  )
}

describe('an authenticator app', () => {
  let user: TestUser
  let secret: string
  let recoveryCodes: string[]

  beforeAll(async () => {
    user = await addUser(server, 'totp_tina')
  })

  it('is set up with a first code, and answers with ten recovery codes shown once', async () => {
    const setup = await user.client.post('/api/auth/2fa/totp/setup', {})
    expect(setup.status).toBe(200)
    expect(setup.json.otpauthUri).toMatch(/^otpauth:\/\/totp\/Handover:totp_tina\?secret=[A-Z2-7]+&issuer=Handover$/)
    expect(setup.headers.get('cache-control')).toBe('no-store')
    const wrong = await user.client.post('/api/auth/2fa/totp/enable', { code: '000000' })
    expect(wrong.status).toBe(401)
    expect(wrong.json.message).toBe(TWO_FACTOR_MESSAGES.invalidCode)
    expect((await user.client.post('/api/auth/2fa/totp/enable', { code: 'abcdef' })).json.message).toBe(TWO_FACTOR_MESSAGES.codeFormat)
    expect((await user.client.get('/api/auth/2fa')).json).toMatchObject({ enabled: false, totp: false })

    const enabled = await enrolTotpAfter(user)
    secret = enabled.secret
    recoveryCodes = enabled.recoveryCodes
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
    expect((await user.client.get('/api/auth/2fa')).json).toMatchObject({ enabled: true, totp: true, recoveryCodesLeft: 10 })
    // a second set-up while it is on is refused; the secret stays
    expect((await user.client.post('/api/auth/2fa/totp/setup', {})).status).toBe(409)
    const row = await sql.query('select secret from user_totp where user_id = $1', [user.id])
    expect(row.rows[0].secret).not.toContain(secret)
  })

  it('asks for a code after the password, and the session is not signed in until then', async () => {
    const client = browser()
    const first = await client.post('/api/auth/login', { username: 'totp_tina', password: PASSWORD })
    expect(first.status).toBe(200)
    expect(first.json).toEqual({ requiresTwoFactor: true, methods: ['totp', 'recovery'] })
    expect((await client.get('/api/auth/me')).status).toBe(401)
    expect((await client.get('/api/balance')).status).toBe(401)

    const wrong = await client.post('/api/auth/2fa/verify', { code: '123456' })
    expect(wrong.status).toBe(401)
    expect(wrong.json.message).toBe(TWO_FACTOR_MESSAGES.invalidCode)
    expect((await client.get('/api/auth/me')).status).toBe(401)

    const code = await freshTotpCode(secret)
    const done = await client.post('/api/auth/2fa/verify', { code })
    expect(done.status).toBe(200)
    expect(done.json).toMatchObject({ success: true, user: { id: user.id, username: 'totp_tina', balance: '15.00' } })
    expect((await client.get('/api/auth/me')).status).toBe(200)

    // the same code a second time (another browser, same 30 s window) is refused
    const again = browser()
    await again.post('/api/auth/login', { username: 'totp_tina', password: PASSWORD })
    const replay = await again.post('/api/auth/2fa/verify', { code })
    expect(replay.status).toBe(401)
    expect((await again.get('/api/auth/me')).status).toBe(401)
  })

  it('takes a code from one step either side of the server clock, not two', async () => {
    const now = Math.floor(Date.now() / 1000)
    const client = browser()
    await client.post('/api/auth/login', { username: 'totp_tina', password: PASSWORD })
    expect((await client.post('/api/auth/2fa/verify', { code: await totpCodeAt(secret, now - 90) })).status).toBe(401)
    expect((await client.post('/api/auth/2fa/verify', { code: await totpCodeAt(secret, now + 90) })).status).toBe(401)
  })

  it('takes a recovery code once, typed in any case and with or without its dash', async () => {
    const client = browser()
    await client.post('/api/auth/login', { username: 'TOTP_TINA', password: PASSWORD })
    const used = recoveryCodes[0]!
    const res = await client.post('/api/auth/2fa/verify', { recoveryCode: ` ${used.replace('-', '').toUpperCase()} ` })
    expect(res.status, res.text).toBe(200)
    expect((await client.get('/api/auth/2fa')).json).toMatchObject({ recoveryCodesLeft: 9 })

    const other = browser()
    await other.post('/api/auth/login', { username: 'totp_tina', password: PASSWORD })
    expect((await other.post('/api/auth/2fa/verify', { recoveryCode: used })).status).toBe(401)
    expect((await other.post('/api/auth/2fa/verify', { recoveryCode: 'short' })).json.message).toBe(TWO_FACTOR_MESSAGES.recoveryFormat)
    expect((await other.post('/api/auth/2fa/verify', { code: '123456', recoveryCode: used })).status).toBe(400)
  })

  it('has no half-done sign-in to finish without a password first', async () => {
    const client = browser()
    const res = await client.post('/api/auth/2fa/verify', { code: '123456' })
    expect(res.status).toBe(401)
    expect(res.json.message).toBe(TWO_FACTOR_MESSAGES.noPendingSignIn)
  })

  it('counts wrong codes per account, from any browser', async () => {
    const victim = await addUser(server, 'totp_limited')
    const { secret: victimSecret } = await enrolTotp(victim.client)
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const client = browser()
      await client.post('/api/auth/login', { username: 'totp_limited', password: PASSWORD })
      statuses.push((await client.post('/api/auth/2fa/verify', { code: String(100000 + i) })).status)
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    expect(statuses[10]).toBe(429)
    // the owner's right code is refused too while the limit holds: guessing cannot run on in parallel
    const owner = browser()
    await owner.post('/api/auth/login', { username: 'totp_limited', password: PASSWORD })
    expect((await owner.post('/api/auth/2fa/verify', { code: await freshTotpCode(victimSecret) })).status).toBe(429)
  })

  it('asks for a fresh second factor before money leaves, and accepts one in the body or from a step-up', async () => {
    const payer = await addUser(server, 'totp_payer')
    await fundWallet(server, payer.id, 3000)
    // the code that turned it on counts as a second factor for five minutes
    const { secret: payerSecret, recoveryCodes: codes } = await enrolTotp(payer.client)
    const withdraw = (body: Record<string, unknown> = {}) =>
      payer.client.post('/api/withdrawals', { amount: 10, destination: 'payer@payouts.example', ...body })
    expect((await withdraw()).status).toBe(201)

    await ageSecondFactor(payer.id)
    const refused = await withdraw()
    expect(refused.status).toBe(403)
    expect(refused.json.error).toMatchObject({ code: TWO_FACTOR_REQUIRED })
    expect(refused.json.message).toBe(TWO_FACTOR_MESSAGES.required)
    const wrong = await withdraw({ twoFactorCode: '000000' })
    expect(wrong.status).toBe(403)
    expect(wrong.json.message).toBe(TWO_FACTOR_MESSAGES.invalidCode)
    expect((await payer.client.get('/api/withdrawals')).json).toHaveLength(1)

    expect((await withdraw({ twoFactorCode: await freshTotpCode(payerSecret) })).status).toBe(201)
    await ageSecondFactor(payer.id)
    const up = await payer.client.post('/api/auth/2fa/step-up', { recoveryCode: codes[0] })
    expect(up.status, up.text).toBe(200)
    expect((await withdraw()).status).toBe(201)
    expect((await payer.client.get('/api/withdrawals')).json).toHaveLength(3)
  })

  it('asks for it before the password or the email changes, before the account is deleted or a payout account connected', async () => {
    const careful = await addUser(server, 'totp_careful')
    await enrolTotp(careful.client)
    const client = careful.client
    await ageSecondFactor(careful.id)
    const password = await client.post('/api/settings/password', {
      currentPassword: PASSWORD,
      newPassword: 'a-much-longer-secret-9',
      confirmPassword: 'a-much-longer-secret-9',
    })
    expect(password.json.error).toMatchObject({ code: TWO_FACTOR_REQUIRED })
    const email = await client.post('/api/settings/email', { newEmail: 'careful.new@example.com', currentPassword: PASSWORD })
    expect(email.json.error).toMatchObject({ code: TWO_FACTOR_REQUIRED })
    const deletion = await client.post('/api/settings/delete-account', { password: PASSWORD })
    expect(deletion.json.error).toMatchObject({ code: TWO_FACTOR_REQUIRED })
    expect((await client.get('/api/trustap/oauth/start')).json.error).toMatchObject({ code: TWO_FACTOR_REQUIRED })
    expect((await client.get('/api/auth/me')).status).toBe(200)
    expect((await browser().post('/api/auth/login', { username: 'totp_careful', password: PASSWORD })).json).toMatchObject({
      requiresTwoFactor: true,
    })
  })

  it('is turned off with the password and a code, and sign-in asks for nothing more', async () => {
    const leaving = await addUser(server, 'totp_leaving')
    const { recoveryCodes: codes } = await enrolTotp(leaving.client)
    const client = leaving.client
    expect((await client.post('/api/auth/2fa/disable', { password: 'wrong-password', code: codes[0] })).status).toBe(400)
    expect((await client.post('/api/auth/2fa/disable', { password: PASSWORD, code: '000000' })).status).toBe(401)
    expect((await client.get('/api/auth/2fa')).json).toMatchObject({ enabled: true })
    const off = await client.post('/api/auth/2fa/disable', { password: PASSWORD, code: codes[0] })
    expect(off.status, off.text).toBe(200)
    expect((await client.get('/api/auth/2fa')).json).toMatchObject({ enabled: false, totp: false, recoveryCodesLeft: 0 })
    const plain = await browser().post('/api/auth/login', { username: 'totp_leaving', password: PASSWORD })
    expect(plain.json).toMatchObject({ success: true, user: { id: leaving.id } })
  })
})

describe('admins', () => {
  it('must turn two-factor on before the admin area opens', async () => {
    const { client, id } = await addUserWithoutTwoFactor('admin_newcomer', true)
    const blocked = await client.get('/api/admin/withdrawals')
    expect(blocked.status).toBe(403)
    expect(blocked.json.error).toMatchObject({ code: TWO_FACTOR_ENROLMENT_REQUIRED })
    expect((await client.get('/api/auth/admin-me')).json).toMatchObject({ user: { id, isAdmin: true, twoFactorEnabled: false } })
    // nor does an admin's account act as one anywhere else meanwhile
    expect((await client.get('/api/conversations?all=true')).status).toBe(403)

    await enrolTotp(client)
    expect((await client.get('/api/admin/withdrawals')).status).toBe(200)
    expect((await client.get('/api/auth/admin-me')).json).toMatchObject({ user: { twoFactorEnabled: true } })
    const off = await client.post('/api/auth/2fa/disable', { password: PASSWORD, code: '123456' })
    expect(off.status).toBe(403)
    expect(off.json.message).toBe(TWO_FACTOR_MESSAGES.adminKeepsTwoFactor)
  })

  it('sign in with a code through the admin form, and money decisions ask again after five minutes', async () => {
    const admin = await addUser(server, 'admin_decider', { admin: true })
    const client = browser()
    const first = await client.post('/api/auth/admin-login', { username: 'admin_decider', password: PASSWORD })
    expect(first.json).toMatchObject({ requiresTwoFactor: true })
    const done = await client.post('/api/auth/2fa/verify', { code: await freshTotpCode(admin.totpSecret!) })
    expect(done.json).toMatchObject({ success: true, user: { isAdmin: true } })

    const seller = await addUser(server, 'admin_decided_seller')
    const asked = await seller.client.post('/api/withdrawals', { amount: 15, destination: 'seller@payouts.example' })
    expect(asked.status).toBe(201)
    await ageSecondFactor(admin.id)
    const refused = await client.post(`/api/admin/withdrawals/${asked.json.id}/approve`, {})
    expect(refused.json.error).toMatchObject({ code: TWO_FACTOR_REQUIRED })
    expect((await client.get(`/api/admin/withdrawals/${asked.json.id}`)).json).toMatchObject({ status: 'requested' })
    const approved = await client.post(`/api/admin/withdrawals/${asked.json.id}/approve`, { twoFactorCode: admin.recoveryCodes![0] })
    expect(approved.status, approved.text).toBe(200)
  })
})

describe('every admin money decision', () => {
  it('asks for a fresh second factor before anything else is looked at', async () => {
    const admin = await addUser(server, 'admin_money')
    await sql.query('update users set is_admin = true where id = $1', [admin.id])
    await enrolTotp(admin.client)
    const decisions = [
      ['/api/admin/withdrawals/999999/approve', {}],
      ['/api/admin/withdrawals/999999/reject', { reason: 'Not a real payout account' }],
      ['/api/admin/payments/orders/deposit_1_1/refund', { reason: 'Paid twice' }],
      ['/api/admin/payments/orders/deposit_1_1/reconcile', {}],
      ['/api/admin/payments/orders/deposit_1_1/resolve-reversal', { note: 'Settled with the bank' }],
      ['/api/transactions/999999/resolve-release', { note: 'The invite was sent' }],
      ['/api/transactions/999999/resolve-refund', { note: 'No invite came' }],
      ['/api/transactions/999999/release', {}],
      ['/api/transactions/999999/refund', {}],
    ] as const
    // within five minutes of turning it on: past the step-up, to the missing record
    for (const [path, body] of decisions) {
      const res = await admin.client.post(path, body)
      expect(errorCode(res.json), `${path}: ${res.text}`).not.toBe(TWO_FACTOR_REQUIRED)
    }
    await ageSecondFactor(admin.id)
    for (const [path, body] of decisions) {
      const res = await admin.client.post(path, body)
      expect([res.status, errorCode(res.json)], path).toEqual([403, TWO_FACTOR_REQUIRED])
    }
  })
})

async function enrolTotpAfter(user: TestUser) {
  return enrolTotp(user.client)
}

/** A user made as addUser makes one, but an admin stays without two-factor, as the demo admin starts. */
async function addUserWithoutTwoFactor(username: string, admin: boolean) {
  const made = await addUser(server, username)
  if (admin) await sql.query('update users set is_admin = true where id = $1', [made.id])
  return made
}

describe('an admin named by ADMIN_USERNAME', () => {
  it('is told in the log at start while two-factor is off, and not once it is on', async () => {
    const own = await createTestDatabase()
    const env = { ADMIN_USERNAME: 'opsroot', ADMIN_PASSWORD: 'ops-root-password', SESSION_SECRET: 'a'.repeat(64) }
    const start = async () => {
      const lines: string[] = []
      const running = await startTestServer({ databaseUrl: own.url, env, logTo: { write: (line: string) => void lines.push(line) } })
      const warned = lines.some((line) => {
        const entry = JSON.parse(line) as { level: number; msg: string; username?: string }
        return entry.level === 40 && entry.username === 'opsroot' && /no two-factor sign-in yet.*\/admin-login/.test(entry.msg)
      })
      return { running, warned }
    }
    try {
      const first = await start()
      expect(first.warned).toBe(true)
      const client = new ApiClient(first.running.url, { origin: first.running.url })
      expect((await client.post('/api/auth/login', { username: 'opsroot', password: 'ops-root-password' })).status).toBe(200)
      await enrolTotp(client)
      await first.running.close()
      const second = await start()
      expect(second.warned).toBe(false)
      await second.running.close()
    } finally {
      await own.drop()
    }
  })
})
