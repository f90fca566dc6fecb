import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { DEFAULT_SETTINGS, settingsSchema, siteInfoSchema, type Settings } from '../../src/shared/api/settings'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { enrolTotp } from '../support/two-factor'
import { addUser, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp'

const ADMIN = { username: 'settingsadmin', password: 'settings-admin-password' }

let db: TestDatabase
let smtp: SmtpCapture
let server: RunningServer
let sql: pg.Client
let admin: ApiClient
let member: TestUser

const put = (client: ApiClient, body: unknown) => client.request('PUT', '/api/admin/settings', body)
const readSettings = async (): Promise<Settings> => settingsSchema.parse((await admin.get('/api/admin/settings')).json)
const auditRows = async () =>
  (
    await sql.query(
      `select action, target_type, target_id, before, after, admin_id from admin_audit_log where action = 'settings.update' order by id`,
    )
  ).rows
const storedRows = async () => (await sql.query('select key, value from settings order by key')).rows

beforeAll(async () => {
  db = await createTestDatabase()
  smtp = await startSmtpCapture()
  server = await startTestServer({ databaseUrl: db.url, smtpUrl: smtp.url, env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  // a browser-like client: writes carry the site's Origin
  admin = new ApiClient(server.url, { origin: server.url })
  const login = await admin.post('/api/auth/login', ADMIN)
  expect(login.status, login.text).toBe(200)
  // the admin area opens once two-factor is on
  await enrolTotp(admin)
  member = await addUser(server, 'settings_member')
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await smtp?.close()
  await db?.drop()
})

describe('admin settings', () => {
  it('answers 401 signed out and 403 to a member, for reading and writing', async () => {
    const anonymous = new ApiClient(server.url, { origin: server.url })
    expect((await anonymous.get('/api/admin/settings')).status).toBe(401)
    expect((await put(anonymous, { escrowFeeBps: 100 })).status).toBe(401)
    expect((await member.client.get('/api/admin/settings')).status).toBe(403)
    const refused = await put(member.client, { escrowFeeBps: 100 })
    expect(refused.status).toBe(403)
    expect(await storedRows()).toEqual([])
    expect(await auditRows()).toEqual([])
  })

  it('starts from the defaults, the $15.00 welcome bonus included', async () => {
    expect(await readSettings()).toEqual(DEFAULT_SETTINGS)
    expect(DEFAULT_SETTINGS.welcomeBonusCents).toBe(1500)
  })

  it('saves a change and writes one audit entry holding only the changed fields', async () => {
    const res = await put(admin, { escrowFeeBps: 750, countdownDays: { ...DEFAULT_SETTINGS.countdownDays, tiktok: 10 }, reservationMinutes: 30 })
    expect(res.status, res.text).toBe(200)
    const expected = { ...DEFAULT_SETTINGS, escrowFeeBps: 750, countdownDays: { ...DEFAULT_SETTINGS.countdownDays, tiktok: 10 } }
    expect(res.json).toEqual(expected)
    expect(await readSettings()).toEqual(expected)

    const adminId = (await sql.query('select id from users where username = $1', [ADMIN.username])).rows[0].id
    // reservationMinutes was sent with its current value: not a change, so not in the entry
    expect(await auditRows()).toEqual([
      {
        action: 'settings.update',
        target_type: 'settings',
        target_id: 'marketplace',
        admin_id: adminId,
        before: { escrowFeeBps: 500, countdownDays: DEFAULT_SETTINGS.countdownDays },
        after: { escrowFeeBps: 750, countdownDays: expected.countdownDays },
      },
    ])
    const log = await admin.get('/api/admin/audit?action=settings.update')
    expect(log.status).toBe(200)
    expect(log.json).toEqual([
      expect.objectContaining({ admin: { id: adminId, username: ADMIN.username }, targetType: 'settings', targetId: 'marketplace' }),
    ])
  })

  it('writes no entry when a save changes nothing', async () => {
    const entries = (await auditRows()).length
    const res = await put(admin, { escrowFeeBps: 750 })
    expect(res.status, res.text).toBe(200)
    expect(await auditRows()).toHaveLength(entries)
  })

  it('refuses invalid input with a 400 naming the problem, and changes nothing', async () => {
    const settingsBefore = await readSettings()
    const rowsBefore = await storedRows()
    const entries = (await auditRows()).length
    const cases: [unknown, string][] = [
      [{ escrowFeeBps: 5001 }, 'The escrow fee is at most 50 %'],
      [{ escrowFeeBps: -1 }, 'The escrow fee cannot be negative'],
      [{ escrowFeeBps: 12.5 }, 'The escrow fee must be a whole number'],
      [{ escrowFeeMinCents: -100 }, 'The minimum escrow fee cannot be negative'],
      [{ countdownDays: { ...DEFAULT_SETTINGS.countdownDays, youtube: 0 } }, 'A countdown is at least 1 day'],
      [{ countdownDays: { ...DEFAULT_SETTINGS.countdownDays, telegram: 61 } }, 'A countdown is at most 60 days'],
      [{ countdownDays: {} }, 'Name a platform whose countdown changes'],
      [{ countdownDays: 7 }, 'Countdown days are given per platform'],
      [{ countdownDays: { youtube: '7' } }, 'A countdown must be a number'],
      [{ countdownDays: { ...DEFAULT_SETTINGS.countdownDays, gaming: 3 } }, 'There is no countdown for gaming'],
      [{ reservationMinutes: 4 }, 'A reservation lasts at least 5 minutes'],
      [{ reservationMinutes: 1441 }, 'A reservation lasts at most a day (1,440 minutes)'],
      [{ welcomeBonusCents: 100_001 }, 'The welcome bonus is at most $1,000'],
      [{ welcomeBonusCents: '1500' }, 'The welcome bonus must be a number'],
      [{ maintenanceBanner: 'x'.repeat(301) }, 'The maintenance banner is at most 300 characters'],
      [{ listingApprovalRequired: 'yes' }, 'Listing approval must be on or off'],
      [{}, 'Nothing to change'],
    ]
    for (const [body, message] of cases) {
      const res = await put(admin, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.message, JSON.stringify(body)).toBe(message)
    }
    // a valid change next to an invalid one is refused as a whole
    const mixed = await put(admin, { escrowFeeBps: 100, reservationMinutes: 2 })
    expect(mixed.status).toBe(400)
    expect((await put(admin, { escrowFeeBps: 100, surprise: true })).status).toBe(400)
    expect((await admin.request('PUT', '/api/admin/settings', '[1]', { 'content-type': 'application/json' })).status).toBe(400)

    expect(await readSettings()).toEqual(settingsBefore)
    expect(await storedRows()).toEqual(rowsBefore)
    expect(await auditRows()).toHaveLength(entries)
  })

  it('credits a new sign-up with the welcome bonus as set', async () => {
    expect((await put(admin, { welcomeBonusCents: 2550 })).status).toBe(200)
    const client = new ApiClient(server.url)
    const email = 'bonus_taker@example.com'
    const sent = smtp.messages.length
    const signup = await client.post('/api/auth/signup', {
      username: 'bonus_taker',
      email,
      password: 'correct horse',
      confirmPassword: 'correct horse',
    })
    expect(signup.status, signup.text).toBe(200)
    const verified = await client.post('/api/auth/verify-email', { email, code: await smtp.codeFor(email, sent) })
    expect(verified.status, verified.text).toBe(200)
    expect((await client.get('/api/auth/me')).json).toMatchObject({ username: 'bonus_taker', balance: '25.50' })
    // and the site says so wherever it speaks of the bonus
    expect((await client.get('/api/site')).json).toMatchObject({ welcomeBonus: '25.50' })

    // a bonus set to $0 credits nothing and moves no money
    expect((await put(admin, { welcomeBonusCents: 0 })).status).toBe(200)
    const none = await addUser(server, 'no_bonus')
    expect((await none.client.get('/api/auth/me')).json).toMatchObject({ balance: '0.00' })
    const transfers = await sql.query('select count(*)::int as n from ledger_transfers where idempotency_key = $1', [`welcome_bonus:${none.id}`])
    expect(transfers.rows[0].n).toBe(0)
    expect((await put(admin, { welcomeBonusCents: 1500 })).status).toBe(200)
  })

  it('shows the maintenance banner to everyone, trimmed, and nothing once it is emptied', async () => {
    const anonymous = new ApiClient(server.url)
    expect(siteInfoSchema.parse((await anonymous.get('/api/site')).json)).toEqual({ maintenanceBanner: null, welcomeBonus: '15.00' })

    expect((await put(admin, { maintenanceBanner: '  Payouts pause tonight from 22:00 to 23:00 UTC.  ' })).status).toBe(200)
    expect((await anonymous.get('/api/site')).json).toEqual({
      maintenanceBanner: 'Payouts pause tonight from 22:00 to 23:00 UTC.',
      welcomeBonus: '15.00',
    })
    expect((await member.client.get('/api/site')).json).toEqual({
      maintenanceBanner: 'Payouts pause tonight from 22:00 to 23:00 UTC.',
      welcomeBonus: '15.00',
    })
    const entry = (await auditRows()).at(-1)
    expect(entry).toMatchObject({ before: { maintenanceBanner: '' }, after: { maintenanceBanner: 'Payouts pause tonight from 22:00 to 23:00 UTC.' } })

    expect((await put(admin, { maintenanceBanner: '   ' })).status).toBe(200)
    expect((await anonymous.get('/api/site')).json).toEqual({ maintenanceBanner: null, welcomeBonus: '15.00' })
  })

  it('tells every visitor the rules of a deal as set now, and nothing else', async () => {
    const { escrowFeeBps, escrowFeeMinCents, countdownDays, reservationMinutes, listingApprovalRequired } = await readSettings()
    expect(escrowFeeBps).toBe(750)
    const res = await new ApiClient(server.url).get('/api/site/trading')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ escrowFeeBps, escrowFeeMinCents, countdownDays, reservationMinutes, listingApprovalRequired })
  })

  it("changes one platform's countdown and keeps the others, so two admins changing two platforms at once both keep theirs", async () => {
    const before = await readSettings()
    const answers = await Promise.all([put(admin, { countdownDays: { youtube: 9 } }), put(admin, { countdownDays: { telegram: 5 } })])
    expect(answers.map((r) => r.status)).toEqual([200, 200])
    const after = await readSettings()
    expect(after.countdownDays).toEqual({ ...before.countdownDays, youtube: 9, telegram: 5 })
    expect(settingsSchema.parse(answers[1].json).countdownDays.instagram).toBe(before.countdownDays.instagram)
    // and back, for the tests after this one
    expect((await put(admin, { countdownDays: before.countdownDays })).status).toBe(200)
  })

  it('keeps every entry when two admins save at the same moment', async () => {
    const entries = (await auditRows()).length
    const answers = await Promise.all([put(admin, { reservationMinutes: 45 }), put(admin, { reservationMinutes: 60 })])
    expect(answers.map((r) => r.status)).toEqual([200, 200])
    const rows = (await auditRows()).slice(entries)
    expect(rows).toHaveLength(2)
    // each change's "before" is what the other left: 30 → a → b
    expect(rows[0].before).toEqual({ reservationMinutes: 30 })
    expect(rows[1].before).toEqual(rows[0].after)
    expect((await readSettings()).reservationMinutes).toBe(rows[1].after.reservationMinutes)
  })
})
