import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { AUTH_MESSAGES } from '../../src/shared/api/auth'
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_REQUIRED } from '../../src/shared/api/two-factor'
import { passkeyListSchema, WEBAUTHN_MESSAGES } from '../../src/shared/api/webauthn'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { addUser, fundWallet, PASSWORD, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { enrolTotp, freshTotpCode } from '../support/two-factor'
import { addPasskey, signInWithPasskey, SoftAuthenticator } from '../support/webauthn'

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
const device = () => new SoftAuthenticator(new URL(server.url).origin)
const passkeysOf = async (client: ApiClient) => passkeyListSchema.parse((await client.get('/api/auth/webauthn/credentials')).json)
const remove = (client: ApiClient, id: number | string) => client.request('DELETE', `/api/auth/webauthn/credentials/${id}`)
const storedPasskeys = async (userId: number) =>
  (await sql.query('select credential_id, counter, last_used_at from passkeys where user_id = $1 order by id', [userId])).rows as {
    credential_id: string
    counter: string
    last_used_at: Date | null
  }[]

/** As if this user's sessions passed their second factor 6 minutes ago: money and identity changes ask again. */
async function ageSecondFactor(userId: number) {
  await sql.query(
    `update sessions set data = jsonb_set(data, '{secondFactorAt}', to_jsonb((extract(epoch from now()) * 1000 - 360000)::bigint)) where user_id = $1`,
    [userId],
  )
}

describe('adding passkeys', () => {
  let user: TestUser
  let laptop: SoftAuthenticator

  beforeAll(async () => {
    user = await addUser(server, 'pk_paula')
    laptop = device()
  })

  it('asks for the password while two-factor is off, and the first passkey turns it on with ten recovery codes', async () => {
    const missing = await user.client.post('/api/auth/webauthn/register/options', {})
    expect(missing.status).toBe(400)
    expect(missing.json.message).toBe(WEBAUTHN_MESSAGES.passwordRequired)
    const wrong = await user.client.post('/api/auth/webauthn/register/options', { password: 'not-the-password' })
    expect(wrong.status).toBe(400)

    const first = await addPasskey(user.client, laptop, { name: '  Work laptop ', password: PASSWORD })
    expect(first.passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null })
    expect(first.recoveryCodes).toHaveLength(10)
    expect((await user.client.get('/api/auth/2fa')).json).toMatchObject({ enabled: true, totp: false, passkeys: 1, recoveryCodesLeft: 10 })
    expect(await passkeysOf(user.client)).toEqual([first.passkey])
  })

  it('offers the added ones as excluded, asks for a second factor once two-factor is on, and sends no new codes', async () => {
    const started = await user.client.post('/api/auth/webauthn/register/options', {})
    expect(started.status, started.text).toBe(200)
    expect(started.json).toMatchObject({
      rp: { name: 'Handover', id: '127.0.0.1' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    })
    expect((started.json.excludeCredentials as { id: string }[]).map((c) => c.id)).toEqual(laptop.credentialIds)
    // the same authenticator again is refused by the browser; a second one is added
    expect(() => laptop.register(started.json)).toThrow(/already registered/)
    const phone = await addPasskey(user.client, device(), { name: 'Phone' })
    expect(phone.recoveryCodes).toBeUndefined()
    expect((await passkeysOf(user.client)).map((p) => p.name)).toEqual(['Work laptop', 'Phone'])

    await ageSecondFactor(user.id)
    const refused = await user.client.post('/api/auth/webauthn/register/options', { password: PASSWORD })
    expect(refused.status).toBe(403)
    expect(refused.json.error).toMatchObject({ code: TWO_FACTOR_REQUIRED })
  })

  it('refuses a bad name, a damaged answer and one for another challenge, and stores nothing', async () => {
    const client = (await addUser(server, 'pk_careless')).client
    const authenticator = device()
    const options = (await client.post('/api/auth/webauthn/register/options', { password: PASSWORD })).json
    const response = authenticator.register(options)
    const unnamed = await client.post('/api/auth/webauthn/register/verify', { name: ' \u200b ', response })
    expect(unnamed.status).toBe(400)
    expect(unnamed.json.message).toBe(WEBAUTHN_MESSAGES.name)
    const damaged = await client.post('/api/auth/webauthn/register/verify', {
      name: 'Key',
      response: { ...response, response: { clientDataJSON: 'not base64!' } },
    })
    expect(damaged.status).toBe(400)
    expect(damaged.json.message).toBe(WEBAUTHN_MESSAGES.malformed)
    // the challenge is still waiting after a 400 for the shape: an answer to another one is refused and uses it up
    const forged = await client.post('/api/auth/webauthn/register/verify', {
      name: 'Key',
      response: device().register(options, { challenge: 'b3RoZXItY2hhbGxlbmdl' }),
    })
    expect(forged.status).toBe(400)
    expect(forged.json.message).toBe(WEBAUTHN_MESSAGES.notVerified)
    expect((await client.post('/api/auth/webauthn/register/verify', { name: 'Key', response })).json.message).toBe(WEBAUTHN_MESSAGES.notVerified)
    expect(await passkeysOf(client)).toEqual([])
    expect((await client.get('/api/auth/2fa')).json).toMatchObject({ enabled: false })
  })
})

describe('signing in with a passkey', () => {
  let user: TestUser
  let key: SoftAuthenticator

  beforeAll(async () => {
    user = await addUser(server, 'pk_sam')
    key = device()
    await addPasskey(user.client, key, { password: PASSWORD })
  })

  it('signs in without a password, and notes the use', async () => {
    const client = browser()
    const options = await client.post('/api/auth/webauthn/login/options', {})
    expect(options.json).toMatchObject({ rpId: '127.0.0.1', userVerification: 'required' })
    expect(options.json.allowCredentials).toBeUndefined()
    const res = await client.post('/api/auth/webauthn/login/verify', { response: key.authenticate(options.json) })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toEqual({ success: true, user: { id: user.id, username: 'pk_sam', avatar: null, balance: '15.00' } })
    expect((await client.get('/api/auth/me')).json).toMatchObject({ id: user.id })
    const [stored] = await storedPasskeys(user.id)
    expect(stored).toMatchObject({ counter: '1' })
    expect(stored!.last_used_at).not.toBeNull()
  })

  it('is the second factor after a right password, with only that account’s passkeys', async () => {
    const other = device()
    await addPasskey((await addUser(server, 'pk_other')).client, other, { password: PASSWORD })
    const client = browser()
    const first = await client.post('/api/auth/login', { username: 'pk_sam', password: PASSWORD })
    expect(first.json).toEqual({ requiresTwoFactor: true, methods: ['webauthn', 'recovery'] })
    const options = await client.post('/api/auth/webauthn/login/options', {})
    expect(options.json).toMatchObject({ userVerification: 'preferred', allowCredentials: [{ id: key.credentialIds[0] }] })
    // another account's passkey cannot finish this sign-in, even answering this very challenge
    const foreign = await client.post('/api/auth/webauthn/login/verify', { response: other.authenticate({ ...options.json, allowCredentials: [] }) })
    expect(foreign.status).toBe(401)
    expect(foreign.json.message).toBe(WEBAUTHN_MESSAGES.notVerified)
    expect((await client.get('/api/auth/me')).status).toBe(401)

    await client.post('/api/auth/login', { username: 'pk_sam', password: PASSWORD })
    // a second factor needs no user verification: the password was the knowledge
    const done = await signInWithPasskey(client, key, { userVerified: false })
    expect(done.status, done.text).toBe(200)
    expect((await client.get('/api/auth/me')).json).toMatchObject({ id: user.id })
  })

  it('without a password, wants the authenticator to have verified its user', async () => {
    const res = await signInWithPasskey(browser(), key, { userVerified: false })
    expect(res.status).toBe(401)
  })

  it('refuses a replayed answer, an answer from another site, a lapsed challenge and garbage, and changes nothing', async () => {
    const client = browser()
    const options = (await client.post('/api/auth/webauthn/login/options', {})).json
    const response = key.authenticate(options)
    expect((await client.post('/api/auth/webauthn/login/verify', { response })).status).toBe(200)
    const before = await storedPasskeys(user.id)
    const replayed = await browser().post('/api/auth/webauthn/login/verify', { response })
    expect(replayed.status).toBe(401)
    const again = await client.post('/api/auth/webauthn/login/verify', { response })
    expect(again.status).toBe(401)
    expect(again.json.message).toBe(WEBAUTHN_MESSAGES.notVerified)

    const phishing = await signInWithPasskey(browser(), key, { origin: 'https://handover.example.net' })
    expect(phishing.status).toBe(401)
    expect(phishing.json.message).toBe(WEBAUTHN_MESSAGES.notVerified)

    const late = browser()
    const lateOptions = (await late.post('/api/auth/webauthn/login/options', {})).json
    await sql.query(
      `update sessions set data = jsonb_set(data, '{webauthnChallenge,expiresAt}', to_jsonb((extract(epoch from now()) * 1000 - 1000)::bigint)) where data ? 'webauthnChallenge'`,
    )
    expect((await late.post('/api/auth/webauthn/login/verify', { response: key.authenticate(lateOptions) })).status).toBe(401)

    const garbage = browser()
    await garbage.post('/api/auth/webauthn/login/options', {})
    const malformed = await garbage.post('/api/auth/webauthn/login/verify', { response: { id: key.credentialIds[0], type: 'public-key' } })
    expect(malformed.status).toBe(400)
    expect(malformed.json.message).toBe(WEBAUTHN_MESSAGES.malformed)
    const wellFormedNonsense = await garbage.post('/api/auth/webauthn/login/verify', {
      response: { ...response, response: { ...response.response, signature: 'AAAA', authenticatorData: 'AAAA' } },
    })
    expect(wellFormedNonsense.status).toBe(401)
    const unknown = await signInWithPasskey(browser(), withUnknownKey())
    expect(unknown.status).toBe(401)
    expect((await garbage.get('/api/auth/me')).status).toBe(401)
    // nothing refused moved the counter or the last use
    expect(await storedPasskeys(user.id)).toEqual(before)
  })

  it('takes an answer only for what it was asked for: a step-up’s does not finish a sign-in', async () => {
    const client = browser()
    expect((await signInWithPasskey(client, key)).status).toBe(200)
    const stepUpAnswer = key.authenticate((await client.post('/api/auth/webauthn/step-up/options', {})).json)
    expect((await client.post('/api/auth/login', { username: 'pk_sam', password: PASSWORD })).json).toMatchObject({ requiresTwoFactor: true })
    expect((await client.post('/api/auth/webauthn/login/verify', { response: stepUpAnswer })).status).toBe(401)
    expect((await client.get('/api/auth/me')).status).toBe(401)
  })

  it('counts failed answers against the account, as wrong codes are', async () => {
    const target = await addUser(server, 'pk_limited')
    const authenticator = device()
    await addPasskey(target.client, authenticator, { password: PASSWORD })
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await signInWithPasskey(browser(), authenticator, { origin: 'https://elsewhere.example' })).status)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses[10]).toBe(429)
    expect((await signInWithPasskey(browser(), authenticator)).status).toBe(429)
  })

  it('turns a banned account away, and the admin form signs in admins only', async () => {
    const banned = await addUser(server, 'pk_banned')
    const bannedKey = device()
    await addPasskey(banned.client, bannedKey, { password: PASSWORD })
    await sql.query(`update users set banned_at = now(), ban_reason = 'Fraud' where id = $1`, [banned.id])
    const refused = await signInWithPasskey(browser(), bannedKey)
    expect(refused.status).toBe(403)
    expect(refused.json.message).toBe(`${AUTH_MESSAGES.banned}: Fraud`)

    const notAdmin = browser()
    const res = await signInWithPasskey(notAdmin, key, {}, { admin: true })
    expect(res.status).toBe(403)
    expect(res.json.message).toBe(AUTH_MESSAGES.notAnAdmin)
    expect((await notAdmin.get('/api/auth/me')).status).toBe(401)

    const admin = await addUser(server, 'pk_admin', { admin: true })
    const adminKey = device()
    await addPasskey(admin.client, adminKey)
    const signedIn = await signInWithPasskey(browser(), adminKey, {}, { admin: true })
    expect(signedIn.json).toMatchObject({ success: true, user: { id: admin.id, isAdmin: true } })
  })
})

/** An authenticator with a passkey this site never saw (made for another account's options, then that account never stored it). */
function withUnknownKey(): SoftAuthenticator {
  const stranger = device()
  stranger.register({
    challenge: 'AAAA',
    rp: { name: 'Handover' },
    user: { id: 'AAAA', name: 'nobody', displayName: 'nobody' },
    pubKeyCredParams: [],
  })
  return stranger
}

describe('removing passkeys and stepping up with one', () => {
  it('removes only the owner’s, after a fresh second factor; two-factor goes off with the last one', async () => {
    const owner = await addUser(server, 'pk_owner')
    const stranger = await addUser(server, 'pk_stranger')
    const { passkey, recoveryCodes } = await addPasskey(owner.client, device(), { password: PASSWORD })
    expect((await remove(stranger.client, passkey.id)).status).toBe(404)
    expect((await remove(owner.client, 'abc')).status).toBe(404)
    expect((await remove(owner.client, 2147483000)).status).toBe(404)
    expect(await passkeysOf(owner.client)).toHaveLength(1)

    await ageSecondFactor(owner.id)
    const stale = await remove(owner.client, passkey.id)
    expect(stale.status).toBe(403)
    expect(stale.json.error).toMatchObject({ code: TWO_FACTOR_REQUIRED })
    expect(await passkeysOf(owner.client)).toHaveLength(1)

    // the step-up dialog's way: a second factor (here a recovery code), then the request again
    expect((await owner.client.post('/api/auth/2fa/step-up', { recoveryCode: recoveryCodes![0] })).status).toBe(200)
    const removed = await remove(owner.client, passkey.id)
    expect(removed.status, removed.text).toBe(204)
    expect(await passkeysOf(owner.client)).toEqual([])
    expect((await owner.client.get('/api/auth/2fa')).json).toMatchObject({ enabled: false, passkeys: 0, recoveryCodesLeft: 0 })
    const plain = await browser().post('/api/auth/login', { username: 'pk_owner', password: PASSWORD })
    expect(plain.json).toMatchObject({ success: true })
  })

  it('keeps an admin’s last factor', async () => {
    const admin = await addUser(server, 'pk_admin_keeper', { admin: true })
    const { passkey } = await addPasskey(admin.client, device())
    await admin.client.post('/api/auth/2fa/disable', { password: PASSWORD, code: await freshTotpCode(admin.totpSecret!) })
    const refused = await remove(admin.client, passkey.id)
    expect(refused.status).toBe(403)
    expect(refused.json.message).toBe(TWO_FACTOR_MESSAGES.adminKeepsLastPasskey)
    expect(await passkeysOf(admin.client)).toHaveLength(1)
    await enrolTotp(admin.client)
    expect((await remove(admin.client, passkey.id)).status).toBe(204)
  })

  it('a passkey step-up lets a withdrawal through', async () => {
    const payer = await addUser(server, 'pk_payer')
    await fundWallet(server, payer.id, 3000)
    const key = device()
    await addPasskey(payer.client, key, { password: PASSWORD })
    await ageSecondFactor(payer.id)
    const withdraw = () => payer.client.post('/api/withdrawals', { amount: 10, destination: 'payer@payouts.example' })
    expect((await withdraw()).json.error).toMatchObject({ code: TWO_FACTOR_REQUIRED })

    const options = await payer.client.post('/api/auth/webauthn/step-up/options', {})
    expect(options.json).toMatchObject({ allowCredentials: [{ id: key.credentialIds[0] }] })
    const wrongSite = await payer.client.post('/api/auth/webauthn/step-up/verify', {
      response: key.authenticate(options.json, { origin: 'https://elsewhere.example' }),
    })
    expect(wrongSite.status).toBe(401)
    expect((await withdraw()).status).toBe(403)

    const again = await payer.client.post('/api/auth/webauthn/step-up/options', {})
    const verified = await payer.client.post('/api/auth/webauthn/step-up/verify', { response: key.authenticate(again.json) })
    expect(verified.status, verified.text).toBe(200)
    expect(verified.json).toMatchObject({ success: true })
    expect((await withdraw()).status).toBe(201)
  })
})
