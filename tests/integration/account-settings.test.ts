import { randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import sharp from 'sharp'
import type WebSocket from 'ws'
import {
  ACCOUNT_MESSAGES,
  accountEmailSchema,
  avatarResponseSchema,
  DEFAULT_PREFERENCES,
  ownMoneyLeftMessage,
  userPreferencesSchema,
} from '../../src/shared/api/account-settings'
import { AUTH_MESSAGES } from '../../src/shared/api/auth'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { addUser, drainWallet as drainWalletOf, PASSWORD, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp'
import { openSocket } from '../support/ws-client'

let db: TestDatabase
let smtp: SmtpCapture
let server: RunningServer
let sql: pg.Client
let admin: TestUser
const sockets: Awaited<ReturnType<typeof openSocket>>[] = []

beforeAll(async () => {
  db = await createTestDatabase()
  smtp = await startSmtpCapture()
  server = await startTestServer({ databaseUrl: db.url, smtpUrl: smtp.url })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  admin = await addUser(server, 'settings_admin', { admin: true })
})

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()))
  await sql?.end()
  await server?.close()
  await smtp?.close()
  await db?.drop()
})

const someone = (prefix: string) => addUser(server, `${prefix}_${randomBytes(3).toString('hex')}`)

/** Another browser signed in as the same user: a session of its own. */
async function anotherSession(user: TestUser, password = PASSWORD): Promise<ApiClient> {
  const client = new ApiClient(server.url, { origin: server.url })
  const res = await client.post('/api/auth/login', { username: user.username, password })
  expect(res.status, res.text).toBe(200)
  return client
}

async function liveSocket(client: ApiClient, userId: number) {
  const socket = await openSocket(server.url, client.cookieHeader)
  sockets.push(socket)
  socket.send({ type: 'authenticate', userId })
  await socket.next('authenticated')
  return socket
}

const closeOf = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
const userRow = async (id: number) =>
  (await sql.query('select username, email, password_hash, avatar, deleted_at from users where id = $1', [id])).rows[0] as Record<string, unknown>
const sessionCount = async (userId: number) => Number((await sql.query('select count(*) as n from sessions where user_id = $1', [userId])).rows[0].n)
const put = (client: ApiClient, path: string, body: unknown) => client.request('PUT', path, body)
const del = (client: ApiClient, path: string) => client.request('DELETE', path)

describe('changing the email', () => {
  it('sends a code to the new address and switches only when it is typed back; the old address is told', async () => {
    const dana = await someone('dana')
    const before = smtp.messages.length
    const start = await dana.client.post('/api/settings/email', { email: '  Dana.New@Example.com ', password: PASSWORD })
    expect(start.status, start.text).toBe(200)
    expect(start.json).toMatchObject({ pendingEmail: 'dana.new@example.com', retryAfterSeconds: 60, message: ACCOUNT_MESSAGES.codeSent })
    const code = await smtp.codeFor('dana.new@example.com', before)
    // only a keyed hash of the code is stored, and nothing has changed yet
    const stored = (await sql.query('select new_email, code_hash from email_changes where user_id = $1', [dana.id])).rows[0]
    expect(stored.new_email).toBe('dana.new@example.com')
    expect(stored.code_hash).not.toContain(code)
    expect(accountEmailSchema.parse((await dana.client.get('/api/settings/email')).json)).toEqual({
      email: `${dana.username}@example.com`,
      pendingEmail: 'dana.new@example.com',
    })

    const verified = await dana.client.post('/api/settings/email/verify', { code })
    expect(verified.status, verified.text).toBe(200)
    expect(verified.json).toEqual({ email: 'dana.new@example.com', message: ACCOUNT_MESSAGES.emailChanged })
    expect(await userRow(dana.id)).toMatchObject({ email: 'dana.new@example.com' })
    expect(accountEmailSchema.parse((await dana.client.get('/api/settings/email')).json)).toEqual({
      email: 'dana.new@example.com',
      pendingEmail: null,
    })
    const notice = await smtp.waitFor(`${dana.username}@example.com`, (m) => /was changed/.test(m.subject))
    expect(notice.text).toContain('d***@example.com')
    expect(notice.text).not.toContain('dana.new@example.com')
    // the new address signs in; the old one no longer does
    expect((await new ApiClient(server.url).post('/api/auth/login', { username: 'DANA.NEW@example.com', password: PASSWORD })).status).toBe(200)
    expect((await new ApiClient(server.url).post('/api/auth/login', { username: `${dana.username}@example.com`, password: PASSWORD })).status).toBe(
      401,
    )
    // the code was used up
    expect((await dana.client.post('/api/settings/email/verify', { code })).json.message).toBe(ACCOUNT_MESSAGES.noPendingEmail)
  })

  it('refuses a wrong code, counting attempts, and a code past its 15 minutes; the email stays', async () => {
    const eli = await someone('eli')
    const before = smtp.messages.length
    expect((await eli.client.post('/api/settings/email', { email: 'eli.next@example.com', password: PASSWORD })).status).toBe(200)
    const code = await smtp.codeFor('eli.next@example.com', before)
    const wrong = code === '000000' ? '111111' : '000000'

    const first = await eli.client.post('/api/settings/email/verify', { code: wrong })
    expect(first.status).toBe(400)
    expect(first.json.message).toBe(`${AUTH_MESSAGES.invalidCode} (4 attempts left)`)
    expect((await eli.client.post('/api/settings/email/verify', { code: 'abc' })).json.message).toBe(AUTH_MESSAGES.codeLength)

    await sql.query(`update email_changes set code_expires_at = now() - interval '1 second' where user_id = $1`, [eli.id])
    const expired = await eli.client.post('/api/settings/email/verify', { code })
    expect(expired.status).toBe(400)
    expect(expired.json.message).toBe(AUTH_MESSAGES.invalidCode)
    expect(await userRow(eli.id)).toMatchObject({ email: `${eli.username}@example.com` })
    expect(accountEmailSchema.parse((await eli.client.get('/api/settings/email')).json).pendingEmail).toBeNull()
  })

  it('stops after 5 wrong codes until a new one is sent, and sends no second code within 60 s', async () => {
    const fay = await someone('fay')
    const before = smtp.messages.length
    expect((await fay.client.post('/api/settings/email', { email: 'fay.next@example.com', password: PASSWORD })).status).toBe(200)
    const code = await smtp.codeFor('fay.next@example.com', before)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++) expect((await fay.client.post('/api/settings/email/verify', { code: wrong })).status).toBe(400)
    expect((await fay.client.post('/api/settings/email/verify', { code: wrong })).status).toBe(429)
    const locked = await fay.client.post('/api/settings/email/verify', { code })
    expect(locked.status).toBe(429)
    expect(locked.json.message).toBe(AUTH_MESSAGES.tooManyAttempts)

    const again = await fay.client.post('/api/settings/email/resend')
    expect(again.status).toBe(429)
    expect(again.json.message).toMatch(/^Please wait before requesting another code \(\d+s\)$/)
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0)
    const otherAddress = await fay.client.post('/api/settings/email', { email: 'fay.other@example.com', password: PASSWORD })
    expect(otherAddress.status).toBe(429)

    // once the minute has passed, a fresh code with fresh attempts works
    await sql.query(`update email_changes set last_sent_at = now() - interval '61 seconds' where user_id = $1`, [fay.id])
    const mark = smtp.messages.length
    expect((await fay.client.post('/api/settings/email/resend')).status).toBe(200)
    const fresh = await smtp.codeFor('fay.next@example.com', mark)
    expect((await fay.client.post('/api/settings/email/verify', { code: fresh })).status).toBe(200)
    expect(await userRow(fay.id)).toMatchObject({ email: 'fay.next@example.com' })
  })

  it('refuses an address already in use (any case), the same address, a bad address and a wrong password, storing nothing', async () => {
    const gus = await someone('gus')
    const taken = await someone('taken')
    const mark = smtp.messages.length
    const cases: [Record<string, unknown>, number, string][] = [
      [{ email: `${taken.username.toUpperCase()}@EXAMPLE.com`, password: PASSWORD }, 409, ACCOUNT_MESSAGES.emailTaken],
      [{ email: `${gus.username}@example.com`, password: PASSWORD }, 400, ACCOUNT_MESSAGES.sameEmail],
      [{ email: 'not-an-email', password: PASSWORD }, 400, AUTH_MESSAGES.invalidEmail],
      [{ email: 'gus.new@example.com', password: 'not the password' }, 400, ACCOUNT_MESSAGES.wrongPassword],
      [{ email: 'gus.new@example.com', password: '' }, 400, ACCOUNT_MESSAGES.currentPassword],
      [{ email: 'gus.new@example.com', password: PASSWORD, extra: true }, 400, 'Unrecognized key: "extra"'],
    ]
    for (const [body, status, message] of cases) {
      const res = await gus.client.post('/api/settings/email', body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      expect(res.json.message).toBe(message)
    }
    expect((await sql.query('select count(*)::int as n from email_changes where user_id = $1', [gus.id])).rows[0].n).toBe(0)
    expect(smtp.messages.slice(mark).filter((m) => m.to.includes('gus.new@example.com'))).toEqual([])
    expect(await userRow(gus.id)).toMatchObject({ email: `${gus.username}@example.com` })
  })

  it('refuses the code when someone else took the address meanwhile', async () => {
    const hal = await someone('hal')
    const before = smtp.messages.length
    expect((await hal.client.post('/api/settings/email', { email: 'contested@example.com', password: PASSWORD })).status).toBe(200)
    const code = await smtp.codeFor('contested@example.com', before)
    await sql.query(`update users set email = 'contested@example.com' where id = $1`, [admin.id])
    const res = await hal.client.post('/api/settings/email/verify', { code })
    expect(res.status).toBe(409)
    expect(res.json.message).toBe(ACCOUNT_MESSAGES.emailTaken)
    expect(await userRow(hal.id)).toMatchObject({ email: `${hal.username}@example.com` })
    await sql.query(`update users set email = 'settings_admin@example.com' where id = $1`, [admin.id])
  })
})

describe('changing the password', () => {
  it('ends every other session and closes its sockets at once; this session stays signed in', async () => {
    const ivy = await someone('ivy')
    const laptop = await anotherSession(ivy)
    const phone = await anotherSession(ivy)
    const here = await liveSocket(ivy.client, ivy.id)
    const there = await liveSocket(laptop, ivy.id)
    const closed = closeOf(there.socket)
    expect(await sessionCount(ivy.id)).toBe(3)
    const mark = smtp.messages.length

    const res = await ivy.client.post('/api/settings/password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new secret',
      confirmPassword: 'a brand new secret',
    })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toEqual({ success: true, message: ACCOUNT_MESSAGES.passwordChanged, endedSessions: 2 })
    expect(await closed).toBe(4001)
    expect(there.events).toContainEqual({ type: 'session_ended', reason: 'password_changed' })
    expect((await laptop.get('/api/auth/me')).status).toBe(401)
    expect((await phone.get('/api/auth/me')).status).toBe(401)
    expect((await ivy.client.get('/api/auth/me')).status).toBe(200)
    expect(await sessionCount(ivy.id)).toBe(1)
    // this session's socket heard nothing of it and still answers
    here.send({ type: 'ping' })
    await here.next('pong')
    expect(here.events.map((e) => e.type)).not.toContain('session_ended')

    expect((await new ApiClient(server.url).post('/api/auth/login', { username: ivy.username, password: PASSWORD })).status).toBe(401)
    expect((await new ApiClient(server.url).post('/api/auth/login', { username: ivy.username, password: 'a brand new secret' })).status).toBe(200)
    const notice = smtp.messages.slice(mark).find((m) => m.to.includes(`${ivy.username}@example.com`) && /password was changed/.test(m.subject))
    expect(notice?.text).toContain('every other device was signed out')
  })

  it('changes nothing on a wrong current password or a bad new one', async () => {
    const jon = await someone('jon')
    const other = await anotherSession(jon)
    const { password_hash: hash } = await userRow(jon.id)
    const cases: [Record<string, unknown>, string][] = [
      [{ currentPassword: 'wrong password', newPassword: 'next secret', confirmPassword: 'next secret' }, ACCOUNT_MESSAGES.wrongPassword],
      [{ currentPassword: PASSWORD, newPassword: 'next secret', confirmPassword: 'other secret' }, AUTH_MESSAGES.passwordsDontMatch],
      [{ currentPassword: PASSWORD, newPassword: '', confirmPassword: '' }, AUTH_MESSAGES.passwordRequired],
      [{ currentPassword: PASSWORD, newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, AUTH_MESSAGES.passwordLong],
      [{ currentPassword: PASSWORD, newPassword: 'seven77', confirmPassword: 'seven77' }, AUTH_MESSAGES.passwordShort],
      [{ currentPassword: PASSWORD, newPassword: 'Sunshine1', confirmPassword: 'Sunshine1' }, AUTH_MESSAGES.passwordCommon],
      [
        { currentPassword: PASSWORD, newPassword: jon.username.toUpperCase(), confirmPassword: jon.username.toUpperCase() },
        AUTH_MESSAGES.passwordPersonal,
      ],
      [{ currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD }, ACCOUNT_MESSAGES.samePassword],
      [{ newPassword: 'next secret', confirmPassword: 'next secret' }, ACCOUNT_MESSAGES.currentPassword],
    ]
    for (const [body, message] of cases) {
      const res = await jon.client.post('/api/settings/password', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.message).toBe(message)
    }
    expect((await userRow(jon.id)).password_hash).toBe(hash)
    expect((await other.get('/api/auth/me')).status).toBe(200)
    expect(await sessionCount(jon.id)).toBe(2)
  })

  it('takes a passphrase of 64 characters and more, in any characters, exactly as typed (ASVS)', async () => {
    const lea = await someone('lea')
    const login = (password: string) => new ApiClient(server.url).post('/api/auth/login', { username: lea.username, password })
    const long = 'a passphrase long enough to outlast any guessing, with spaces in it: 100 characters, no truncation..'
    expect(long).toHaveLength(100)
    const change = await lea.client.post('/api/settings/password', { currentPassword: PASSWORD, newPassword: long, confirmPassword: long })
    expect(change.status, change.text).toBe(200)
    expect((await login(long)).status).toBe(200)
    // no truncation: the first 64 characters alone are another password
    expect((await login(long.slice(0, 64))).status).toBe(401)

    const unicode = 'пароль 🔐 ключ'
    expect((await lea.client.post('/api/settings/password', { currentPassword: long, newPassword: unicode, confirmPassword: unicode })).status).toBe(
      200,
    )
    expect((await login(unicode)).status).toBe(200)
    // kept as typed: another case is another password
    expect((await login(unicode.toUpperCase())).status).toBe(401)
  })

  it('limits wrong current passwords like sign-in does', async () => {
    const kim = await someone('kim')
    for (let i = 0; i < 10; i++) {
      const res = await kim.client.post('/api/settings/password', {
        currentPassword: `guess ${i}`,
        newPassword: 'next secret',
        confirmPassword: 'next secret',
      })
      expect(res.status).toBe(400)
    }
    const limited = await kim.client.post('/api/settings/password', {
      currentPassword: PASSWORD,
      newPassword: 'next secret',
      confirmPassword: 'next secret',
    })
    expect(limited.status).toBe(429)
    expect(limited.json.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
    // the same budget as signing in with that name from here
    expect((await new ApiClient(server.url).post('/api/auth/login', { username: kim.username, password: PASSWORD })).status).toBe(429)
  })

  it('needs a signed-in session and a same-site request', async () => {
    const body = { currentPassword: PASSWORD, newPassword: 'next secret', confirmPassword: 'next secret' }
    expect((await new ApiClient(server.url).post('/api/settings/password', body)).status).toBe(401)
    const lee = await someone('lee')
    expect((await lee.client.post('/api/settings/password', body, { origin: 'https://evil.example' })).status).toBe(403)
  })
})

describe('the profile picture', () => {
  async function upload(client: ApiClient | null, data: Buffer | null, field = 'avatar', type = 'image/png') {
    const form = new FormData()
    if (data) form.append(field, new Blob([new Uint8Array(data)], { type }), 'picture')
    const res = await fetch(`${server.url}/api/settings/avatar`, {
      method: 'POST',
      body: form,
      headers: client ? { cookie: client.cookieHeader } : {},
    })
    const text = await res.text()
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as { avatar?: string | null; message?: string } }
  }
  const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2b6' } })

  /** A real PNG whose header claims `width` × `height` (the pixels never follow): a decompression bomb's shape. */
  async function claimedSize(width: number, height: number): Promise<Buffer> {
    const png = await solid(8, 8).png().toBuffer()
    png.writeUInt32BE(width, 16)
    png.writeUInt32BE(height, 20)
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
    return png
  }

  it('crops an upload to a 256 px WebP square that the account, chats and seller pages show; replacing and removing forget the old file', async () => {
    const mia = await someone('mia')
    const res = await upload(mia.client, await solid(900, 600).jpeg().toBuffer(), 'avatar', 'image/jpeg')
    expect(res.status, JSON.stringify(res.json)).toBe(201)
    const avatar = avatarResponseSchema.parse(res.json).avatar!
    expect(avatar).toMatch(/^\/media\/avatars\/[a-f0-9]{32}\.webp$/)
    const served = await fetch(`${server.url}${avatar}`)
    expect(served.status).toBe(200)
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 })
    expect((await mia.client.get('/api/auth/me')).json.avatar).toBe(avatar)
    expect((await userRow(mia.id)).avatar).toBe(avatar)

    const second = await upload(mia.client, await solid(64, 64).png().toBuffer())
    expect(second.status).toBe(201)
    expect(second.json.avatar).not.toBe(avatar)
    expect((await fetch(`${server.url}${avatar}`)).status).toBe(404)

    const removed = await del(mia.client, '/api/settings/avatar')
    expect(removed.status).toBe(200)
    expect(removed.json).toEqual({ avatar: null })
    expect((await mia.client.get('/api/auth/me')).json.avatar).toBeNull()
    expect((await fetch(`${server.url}${second.json.avatar}`)).status).toBe(404)
  })

  it.each<[string, () => Promise<Buffer | null>, number, string, string?]>([
    ['a text file', async () => Buffer.from('not a picture at all\n'.repeat(10)), 400, ACCOUNT_MESSAGES.avatarUnreadable],
    ['a GIF', async () => solid(20, 20).gif().toBuffer(), 400, ACCOUNT_MESSAGES.avatarType],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), 400, ACCOUNT_MESSAGES.avatarType],
    ['a truncated PNG', async () => (await solid(300, 300).png().toBuffer()).subarray(0, 100), 400, ACCOUNT_MESSAGES.avatarUnreadable],
    ['a 50,000 × 50,000 PNG', () => claimedSize(50_000, 50_000), 400, ACCOUNT_MESSAGES.avatarDimensions],
    [
      'a file over 5 MB',
      async () => Buffer.concat([await solid(10, 10).png().toBuffer(), randomBytes(5 * 1024 * 1024)]),
      413,
      ACCOUNT_MESSAGES.avatarSize,
    ],
    ['no file', async () => null, 400, ACCOUNT_MESSAGES.avatarUpload],
    ['the wrong field', async () => solid(10, 10).png().toBuffer(), 400, ACCOUNT_MESSAGES.avatarUpload, 'image'],
  ])('refuses %s with a clear message and keeps the picture', async (_name, make, status, message, field = 'avatar') => {
    const ned = await someone('ned')
    await sql.query(`update users set avatar = '/media/avatars/${'a'.repeat(32)}.webp' where id = $1`, [ned.id])
    const res = await upload(ned.client, await make(), field)
    expect(res.status).toBe(status)
    expect(res.json.message).toBe(message)
    expect((await userRow(ned.id)).avatar).toBe(`/media/avatars/${'a'.repeat(32)}.webp`)
  })

  it('is for signed-in users only', async () => {
    expect((await upload(null, await solid(10, 10).png().toBuffer())).status).toBe(401)
    expect((await del(new ApiClient(server.url), '/api/settings/avatar')).status).toBe(401)
  })
})

describe('notification and sound preferences', () => {
  it('are all on until changed, change one at a time, and belong to the user', async () => {
    const ola = await someone('ola')
    const pia = await someone('pia')
    expect(userPreferencesSchema.parse((await ola.client.get('/api/settings/preferences')).json)).toEqual(DEFAULT_PREFERENCES)
    const socket = await liveSocket(await anotherSession(ola), ola.id)

    const off = await put(ola.client, '/api/settings/preferences', { messageSound: false })
    expect(off.status, off.text).toBe(200)
    expect(off.json).toEqual({ messageSound: false, notificationSound: true, desktopNotifications: true })
    await socket.next('account_updated')
    const both = await put(ola.client, '/api/settings/preferences', { notificationSound: false, desktopNotifications: false })
    expect(both.json).toEqual({ messageSound: false, notificationSound: false, desktopNotifications: false })
    expect((await ola.client.get('/api/settings/preferences')).json).toEqual({
      messageSound: false,
      notificationSound: false,
      desktopNotifications: false,
    })
    expect((await pia.client.get('/api/settings/preferences')).json).toEqual(DEFAULT_PREFERENCES)
  })

  it('refuses anything but on/off for known preferences, changing nothing', async () => {
    const quinn = await someone('quinn')
    expect((await put(quinn.client, '/api/settings/preferences', { desktopNotifications: false })).status).toBe(200)
    const cases: [unknown, string][] = [
      [{ messageSound: 'off' }, ACCOUNT_MESSAGES.preference('Message sound')],
      [{ notificationSound: null }, ACCOUNT_MESSAGES.preference('Notification sound')],
      [{ volume: 0.5 }, 'There is no preference called volume'],
      [{}, ACCOUNT_MESSAGES.nothingToChange],
      [[true], 'Request body must be a JSON object'],
    ]
    for (const [body, message] of cases) {
      const res = await put(quinn.client, '/api/settings/preferences', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.message).toBe(message)
    }
    expect((await quinn.client.get('/api/settings/preferences')).json).toEqual({ ...DEFAULT_PREFERENCES, desktopNotifications: false })
    expect((await new ApiClient(server.url).get('/api/settings/preferences')).status).toBe(401)
  })
})

describe('deleting the account', () => {
  const drainWallet = (userId: number) => drainWalletOf(server, userId)

  async function approvedListing(seller: TestUser): Promise<number> {
    const created = await seller.client.post('/api/accounts', {
      platform: 'instagram',
      username: `shots_${randomBytes(4).toString('hex')}`,
      displayName: 'Street shots',
      niche: 'Photography',
      accountTitle: 'Street photography with a loyal audience',
      description: 'Street photography from old towns, posted weekly, with a loyal audience.',
      price: '40',
      followers: 8_000,
    })
    expect(created.status, created.text).toBe(201)
    const id = Number(created.json.id)
    expect((await admin.client.post(`/api/admin/listings/${id}/approve`)).status).toBe(200)
    return id
  }

  const confirm = { password: PASSWORD, confirmation: 'DELETE' }

  it('is refused while an escrow deal is open, and while money is left', async () => {
    const seller = await someone('seller')
    const buyer = await someone('buyer')
    const listingId = await approvedListing(seller)
    const deal = await buyer.client.post('/api/transactions', { listingId })
    expect(deal.status, deal.text).toBe(201)
    await drainWallet(seller.id)
    for (const party of [buyer, seller]) {
      const res = await party.client.post('/api/settings/delete-account', confirm)
      expect(res.status).toBe(409)
      expect(res.json.message).toBe(ACCOUNT_MESSAGES.openDeal)
      expect(await userRow(party.id)).toMatchObject({ deleted_at: null })
      expect((await party.client.get('/api/auth/me')).status).toBe(200)
    }

    const rich = await someone('rich')
    const res = await rich.client.post('/api/settings/delete-account', confirm)
    expect(res.status).toBe(409)
    expect(res.json.message).toBe(ownMoneyLeftMessage(1500, 0))
    expect(res.json.message).toBe(
      'You still have money on Handover ($15.00 in your wallet); withdraw it, or wait for your withdrawals to be paid, before deleting your account',
    )
    expect(await userRow(rich.id)).toMatchObject({ deleted_at: null })
  })

  it('needs the password and the typed confirmation, and is not for admins', async () => {
    const sam = await someone('sam')
    await drainWallet(sam.id)
    const cases: [Record<string, unknown>, number, string][] = [
      [{ password: PASSWORD, confirmation: 'delete' }, 400, ACCOUNT_MESSAGES.confirmation],
      [{ password: PASSWORD }, 400, ACCOUNT_MESSAGES.confirmation],
      [{ password: 'wrong password', confirmation: 'DELETE' }, 400, ACCOUNT_MESSAGES.wrongPassword],
    ]
    for (const [body, status, message] of cases) {
      const res = await sam.client.post('/api/settings/delete-account', body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      expect(res.json.message).toBe(message)
    }
    expect(await userRow(sam.id)).toMatchObject({ deleted_at: null })

    await drainWallet(admin.id)
    const own = await admin.client.post('/api/settings/delete-account', confirm)
    expect(own.status).toBe(403)
    expect(own.json.message).toBe(ACCOUNT_MESSAGES.adminDelete)
  })

  it('otherwise anonymises the account, signs it out everywhere and confirms by email', async () => {
    const tia = await someone('tia')
    const listingId = await approvedListing(tia)
    await drainWallet(tia.id)
    await put(tia.client, '/api/settings/preferences', { messageSound: false })
    const elsewhere = await anotherSession(tia)
    const socket = await liveSocket(elsewhere, tia.id)
    const closed = closeOf(socket.socket)
    const mark = smtp.messages.length
    await sql.query(
      `insert into trustap_accounts (user_id, guest_user_id, full_user_id, full_user_email, connected_at) values ($1, 'guest-tia', 'trustap-tia', 'tia@trustap.example', now())`,
      [tia.id],
    )

    const res = await tia.client.post('/api/settings/delete-account', { password: PASSWORD, confirmation: ' DELETE ' })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toEqual({ success: true, message: ACCOUNT_MESSAGES.accountDeleted })
    expect(await closed).toBe(4001)
    expect((await tia.client.get('/api/auth/me')).status).toBe(401)
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401)
    expect(await sessionCount(tia.id)).toBe(0)
    expect(await userRow(tia.id)).toMatchObject({
      username: `Deleted user ${tia.id}`,
      email: `deleted-${tia.id}@deleted.invalid`,
      avatar: null,
      deleted_at: expect.any(Date),
    })
    expect((await sql.query('select status from listings where id = $1', [listingId])).rows[0].status).toBe('removed')
    expect((await sql.query('select count(*)::int as n from user_preferences where user_id = $1', [tia.id])).rows[0].n).toBe(0)
    // her Trustap account is free to connect to another Handover account; the guest id that paid stays with her deals
    expect(
      (await sql.query('select guest_user_id, full_user_id, full_user_email, connected_at from trustap_accounts where user_id = $1', [tia.id])).rows,
    ).toEqual([{ guest_user_id: 'guest-tia', full_user_id: null, full_user_email: null, connected_at: null }])
    expect((await new ApiClient(server.url).post('/api/auth/login', { username: tia.username, password: PASSWORD })).status).toBe(401)
    expect(smtp.messages.slice(mark).some((m) => m.to.includes(`${tia.username}@example.com`) && /has been deleted/.test(m.subject))).toBe(true)
    // an owner's deletion is not an admin action
    expect(
      (await sql.query(`select count(*)::int as n from admin_audit_log where target_type = 'user' and target_id = $1`, [String(tia.id)])).rows[0].n,
    ).toBe(0)
  })
})
