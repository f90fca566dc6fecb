import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { MikroORM } from '@mikro-orm/postgresql'
import { migrationsList } from '../../server/db/migrations'
import { ormOptions } from '../../server/db/orm'
import { refundResultSchema } from '../../src/shared/api/admin-payments'
import { balanceSchema, PAYMENT_MESSAGES, trustapConnectionSchema, trustapOAuthStartSchema } from '../../src/shared/api/payments'
import { PaymentOrder } from '../../server/modules/payments/payment.entities'
import { OPEN_STATES_PER_USER } from '../../server/modules/payments/trustap/trustap.oauth'
import type { TrustapProvider } from '../../server/modules/payments/trustap/trustap.provider'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { addUser, cents, freePort, type TestUser, startDeposit } from '../support/payments'
import { startTestServer } from '../support/server'
import { STANDIN_SELLER_ID, STANDIN_WEBHOOK, standinCharge, TrustapStandin } from '../support/trustap-standin'

const API_KEY = 'test-api-key-0123456789'
const SELLER = STANDIN_SELLER_ID
const WEBHOOK = STANDIN_WEBHOOK
const standin = new TrustapStandin({ apiKey: API_KEY, clientId: 'handover-client', clientSecret: 'client-secret-0123456789' })
let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let publicUrl: string
let alice: TestUser
let bob: TestUser

const balanceOf = async (user: TestUser) => cents(balanceSchema.parse((await user.client.get('/api/balance')).json).available)
const txIdOf = (checkoutUrl: string) => Number(/\/f2f\/transactions\/(\d+)\/pay_deposit/.exec(checkoutUrl)![1])

const deposit = (user: TestUser, amount: number, returnTo?: 'desktop') => startDeposit(user.client, { amount, returnTo })

/** The buyer's browser on Trustap's pay page: the form, the card going through, the redirect home. */
async function payAtTrustap(checkoutUrl: string, outcome: 'pay' | 'leave' = 'pay'): Promise<URL> {
  expect((await fetch(checkoutUrl)).status).toBe(200)
  const res = await fetch(checkoutUrl, { method: 'POST', body: new URLSearchParams({ outcome }), redirect: 'manual' })
  expect(res.status).toBe(302)
  return new URL(res.headers.get('location')!)
}

beforeAll(async () => {
  await standin.start()
  db = await createTestDatabase()
  const port = await freePort()
  publicUrl = `http://127.0.0.1:${port}`
  server = await startTestServer({
    databaseUrl: db.url,
    env: {
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      ...standin.serverEnv(),
    },
  })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  alice = await addUser(server, 'alice')
  bob = await addUser(server, 'bob')
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
  await standin.close()
})

describe('Trustap as the provider (against the stand-in)', () => {
  it('creates a guest buyer and a face-to-face transaction, sends the buyer to pay_deposit, and credits what Trustap confirms', async () => {
    const before = await balanceOf(alice)
    const checkout = await deposit(alice, 20)
    expect(checkout).toMatchObject({ amount: 20, processorFee: standinCharge(2000) / 100, total: (2000 + standinCharge(2000)) / 100 })
    const url = new URL(checkout.checkoutUrl)
    expect(url.origin + url.pathname).toMatch(new RegExp(`^${standin.url}/f2f/transactions/\\d+/pay_deposit$`))
    const redirect = new URL(url.searchParams.get('redirect_uri')!)
    expect(redirect.origin + redirect.pathname).toBe(`${publicUrl}/payment/trustap/return`)
    expect(redirect.searchParams.get('order_id')).toBe(checkout.orderId)
    expect(JSON.parse(Buffer.from(url.searchParams.get('state')!, 'base64').toString())).toMatchObject({ orderId: checkout.orderId })

    const tx = standin.transactions.get(txIdOf(checkout.checkoutUrl))!
    expect(tx).toMatchObject({
      seller_id: SELLER,
      skip_remainder: true,
      deposit_pricing: { price: 2000, charge: standinCharge(2000) },
      currency: 'usd',
    })
    expect(standin.guestUsers.get(tx.buyer_id)).toMatchObject({ email: 'alice@example.com', tos_acceptance: { ip: expect.any(String) } })
    const created = standin.requests.find((r) => r.path === '/api/v1/p2p/me/transactions/create_with_guest_user')!
    expect(created.headers['trustap-user']).toBe(SELLER)
    expect(created.headers.authorization).toBe(`Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`)

    // not paid yet: Trustap is asked, and says so
    expect((await alice.client.post('/api/trustap/verify-payment', { order_id: checkout.orderId })).json).toMatchObject({
      success: false,
      error: PAYMENT_MESSAGES.pending,
    })
    expect(standin.requests.some((r) => r.method === 'GET' && r.path === `/api/v1/p2p/transactions/${tx.id}`)).toBe(true)

    const landing = await payAtTrustap(checkout.checkoutUrl)
    expect(landing.origin + landing.pathname).toBe(`${publicUrl}/payment/trustap/return`)
    const params = Object.fromEntries(landing.searchParams)
    const res = await alice.client.post('/api/trustap/verify-payment', { order_id: params.order_id, state: params.state, type: params.type })
    expect(res.json, res.text).toMatchObject({
      success: true,
      details: { amount: 20, order_id: checkout.orderId, transaction_id: String(tx.id), type: 'deposit' },
    })
    expect(await balanceOf(alice)).toBe(before + 2000)
    // the marketplace sells the balance: it accepts the deposit and confirms the handover at Trustap
    await expect.poll(() => standin.transactions.get(tx.id)!.status).toBe('seller_handover_confirmed')

    // the same guest user pays next time; crypto is not Trustap's
    await deposit(alice, 5)
    expect([...standin.guestUsers.values()].filter((g) => g.email === 'alice@example.com')).toHaveLength(1)
    expect((await alice.client.post('/api/payments/deposits', { amount: 5, method: 'crypto' })).json).toMatchObject({
      error: { message: PAYMENT_MESSAGES.methodUnavailable },
    })
  })

  it('sends a checkout started in the desktop app back to its handover:// link, with the web parameters', async () => {
    const web = new URL(new URL((await deposit(bob, 6)).checkoutUrl).searchParams.get('redirect_uri')!)
    const checkout = await deposit(bob, 7, 'desktop')
    const redirect = new URL(new URL(checkout.checkoutUrl).searchParams.get('redirect_uri')!)
    expect(redirect.href.startsWith('handover://payment/return?')).toBe(true)
    expect([...redirect.searchParams.keys()].sort()).toEqual([...web.searchParams.keys()].sort())
    expect(redirect.searchParams.get('order_id')).toBe(checkout.orderId)
    const landing = await payAtTrustap(checkout.checkoutUrl)
    expect(landing.protocol + landing.host + landing.pathname).toBe('handover:payment/return')
    const res = await bob.client.post(
      '/api/trustap/verify-payment',
      Object.fromEntries(['order_id', 'state', 'type'].map((k) => [k, landing.searchParams.get(k)])),
    )
    expect(res.json, res.text).toMatchObject({ success: true, details: { amount: 7, order_id: checkout.orderId } })
  })

  it('lodges a complaint as the guest buyer', async () => {
    const checkout = await deposit(bob, 11)
    const id = txIdOf(checkout.checkoutUrl)
    await payAtTrustap(checkout.checkoutUrl)
    expect((await bob.client.post('/api/trustap/complete-payment', { order_id: checkout.orderId, confirm_payment: true })).json).toMatchObject({
      success: true,
    })
    await expect.poll(() => standin.transactions.get(id)!.status).toBe('seller_handover_confirmed')
    const em = server.orm.em.fork()
    const order = await em.findOneOrFail(PaymentOrder, { orderId: checkout.orderId })
    await (server.created.services.payments.provider as TrustapProvider).complain(em, order, 'The account was taken back')
    expect(standin.transactions.get(id)!.status).toBe('complained')
    const complaint = standin.requests.find((r) => r.path === `/api/v1/p2p/transactions/${id}/complain_with_guest_buyer`)!
    expect(complaint.headers['trustap-user']).toBe(standin.transactions.get(id)!.buyer_id)
  })

  it('treats webhooks as hints: checks credentials, fetches the transaction, refuses replays', async () => {
    const hook = (body: unknown, credentials = WEBHOOK) =>
      fetch(`${publicUrl}/api/payments/webhooks/trustap`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`,
        },
        body: JSON.stringify(body),
      })
    const before = await balanceOf(bob)
    const unpaid = await deposit(bob, 30)
    const unpaidId = txIdOf(unpaid.checkoutUrl)
    // a webhook claiming a payment Trustap does not confirm moves nothing
    const remembered = async () => (await sql.query('select count(*)::int as n from payment_webhook_events')).rows[0].n as number
    const rememberedBefore = await remembered()
    const early = { code: 'p2p_tx.deposit_paid', target_id: String(unpaidId), time: new Date().toISOString() }
    const forged = await hook(early)
    // Trustap is asked to send it again later (503 with Retry-After): its API may only lag its webhook
    expect(forged.status).toBe(503)
    expect(await forged.json()).toMatchObject({ error: { code: 'payment_not_confirmed' } })
    expect(
      (await hook({ code: 'p2p_tx.deposit_paid', target_id: String(unpaidId) }, { user: WEBHOOK.user, password: 'wrong-password-0123456789' }))
        .status,
    ).toBe(401)
    expect(await balanceOf(bob)).toBe(before)
    // nor is it remembered: Trustap's API can lag its webhook, and the same delivery retried is heard again
    expect((await hook(early)).status).toBe(503)
    expect(await remembered()).toBe(rememberedBefore)

    // Trustap's own webhook, sent as the buyer pays, credits before the browser is even back
    standin.webhook = { url: `${publicUrl}/api/payments/webhooks/trustap`, ...WEBHOOK }
    try {
      await payAtTrustap(unpaid.checkoutUrl)
    } finally {
      standin.webhook = null
    }
    expect(await balanceOf(bob)).toBe(before + 3000)
    const body = { code: 'p2p_tx.deposit_paid', target_id: String(unpaidId), time: '2026-11-23T10:00:00.000Z' }
    expect((await hook(body)).status).toBe(200)
    const replay = await hook(body)
    expect(replay.status).toBe(409)
    expect(await balanceOf(bob)).toBe(before + 3000)
  })

  it('records a cancellation, refuses an amount Trustap did not collect, and answers 503 while Trustap is down', async () => {
    const before = await balanceOf(alice)
    const cancelled = await deposit(alice, 8)
    standin.setStatus(txIdOf(cancelled.checkoutUrl), 'cancelled')
    expect((await alice.client.post('/api/trustap/verify-payment', { order_id: cancelled.orderId })).json).toMatchObject({
      success: false,
      error: PAYMENT_MESSAGES.cancelled,
    })

    const short = await deposit(alice, 9)
    const tx = standin.setStatus(txIdOf(short.checkoutUrl), 'deposit_paid')
    tx.deposit_pricing.price = 100
    expect((await alice.client.post('/api/trustap/verify-payment', { order_id: short.orderId })).json).toMatchObject({
      success: false,
      error: PAYMENT_MESSAGES.amountMismatch,
    })
    // the provider holds money that is not what was ordered: paid, never credited, for an operator
    expect((await sql.query('select status, credited_at from payment_orders where order_id = $1', [short.orderId])).rows[0]).toEqual({
      status: 'paid',
      credited_at: null,
    })

    const later = await deposit(alice, 7)
    standin.failing = true
    try {
      const down = await alice.client.post('/api/trustap/verify-payment', { order_id: later.orderId })
      expect(down.status).toBe(503)
      expect(down.json).toMatchObject({ error: { message: PAYMENT_MESSAGES.providerUnavailable } })
      expect((await alice.client.post('/api/payments/deposits', { amount: 7, method: 'card' })).status).toBe(503)
    } finally {
      standin.failing = false
    }
    expect(await balanceOf(alice)).toBe(before)
  })

  it('refunds a held payment by cancelling the transaction as the seller, and refuses one Trustap has moved on', async () => {
    const admin = await addUser(server, 'trustap_admin', { admin: true })
    /** paid at Trustap for another amount than ordered: held, paid and never credited */
    async function held(amount: number) {
      const checkout = await deposit(bob, amount)
      const tx = standin.setStatus(txIdOf(checkout.checkoutUrl), 'deposit_paid')
      tx.deposit_pricing.price += 100
      expect((await bob.client.post('/api/trustap/verify-payment', { order_id: checkout.orderId })).json).toMatchObject({
        error: PAYMENT_MESSAGES.amountMismatch,
      })
      return { checkout, tx }
    }
    const before = await balanceOf(bob)
    const { checkout, tx } = await held(11)
    const refunded = await admin.client.post(`/api/admin/payments/orders/${checkout.orderId}/refund`, {
      reason: 'Trustap collected the wrong amount',
    })
    expect(refunded.status, refunded.text).toBe(200)
    // Trustap returns the deposit less its own fee
    expect(refundResultSchema.parse(refunded.json)).toMatchObject({ changed: true, refunded: 12, order: { status: 'refunded' } })
    expect(tx.status).toBe('cancelled_with_deposit')
    const cancel = standin.requests.filter((r) => r.path === `/api/v1/p2p/transactions/${tx.id}/cancel_with_description`)
    expect(cancel).toHaveLength(1)
    expect(cancel[0]!.headers['trustap-user']).toBe(SELLER)
    // asked again (a retry after a crash would be): Trustap is not asked to cancel twice
    expect(
      refundResultSchema.parse((await admin.client.post(`/api/admin/payments/orders/${checkout.orderId}/refund`, { reason: 'again' })).json),
    ).toMatchObject({ changed: false })
    expect(standin.requests.filter((r) => r.path.endsWith('/cancel_with_description'))).toHaveLength(1)

    const late = await held(13)
    standin.setStatus(late.tx.id, 'funds_released')
    const refused = await admin.client.post(`/api/admin/payments/orders/${late.checkout.orderId}/refund`, { reason: 'too late' })
    expect(refused.status).toBe(409)
    expect(refused.json).toMatchObject({
      error: { message: "Trustap reports the transaction funds_released: it cannot be cancelled from Handover, refund it in Trustap's dashboard" },
    })
    expect((await sql.query('select status, refunded_at from payment_orders where order_id = $1', [late.checkout.orderId])).rows[0]).toEqual({
      status: 'paid',
      refunded_at: null,
    })
    expect(await balanceOf(bob)).toBe(before)
  })

  it('leaves orders made with another provider alone: Trustap is not asked about them, and nothing changes', async () => {
    const admin = await addUser(server, 'trustap_switch_admin', { admin: true })
    /** an order the sandbox made before PAYMENTS_PROVIDER was set to trustap */
    const sandboxOrder = async (orderId: string, status: 'created' | 'paid') => {
      await sql.query(
        `insert into payment_orders (order_id, user_id, kind, provider, provider_ref, method, amount_cents, processor_fee_cents, total_cents, status, created_at, updated_at)
         values ($1, $2, 'deposit', 'sandbox', $3, 'card', 1000, 59, 1059, $4, now(), now())`,
        [orderId, alice.id, `sbx_${orderId}`, status],
      )
      return orderId
    }
    const open = await sandboxOrder(`deposit_${alice.id}_1000000001`, 'created')
    const held = await sandboxOrder(`deposit_${alice.id}_1000000002`, 'paid')
    const asked = standin.requests.length
    const otherProvider = { error: { code: 'other_provider', message: PAYMENT_MESSAGES.otherProvider } }
    for (const res of [
      await alice.client.post('/api/trustap/verify-payment', { order_id: open }),
      await alice.client.post('/api/trustap/complete-payment', { order_id: open, confirm_payment: true }),
      await admin.client.post(`/api/admin/payments/orders/${open}/reconcile`),
      await admin.client.post(`/api/admin/payments/orders/${held}/refund`, { reason: 'Paid with the wrong amount' }),
    ]) {
      expect([res.status, res.json]).toMatchObject([409, otherProvider])
    }
    expect(standin.requests.slice(asked).filter((r) => r.path.includes('sbx_'))).toEqual([])
    const { rows } = await sql.query('select order_id, status, refunded_at from payment_orders where order_id = any($1) order by order_id', [
      [open, held],
    ])
    expect(rows).toEqual([
      { order_id: open, status: 'created', refunded_at: null },
      { order_id: held, status: 'paid', refunded_at: null },
    ])
  })
})

describe('connecting a seller’s Trustap account (OAuth 2.0 code + PKCE)', () => {
  async function start(user: TestUser, returnTo?: 'desktop') {
    const res = await user.client.get(`/api/trustap/oauth/start${returnTo ? `?returnTo=${returnTo}` : ''}`)
    expect(res.status, res.text).toBe(200)
    const url = new URL(trustapOAuthStartSchema.parse(res.json).url)
    // the SSO signs the user in and sends the browser back to the callback route with a code and the state
    const back = await fetch(url, { redirect: 'manual' })
    expect(back.status).toBe(302)
    const callback = new URL(back.headers.get('location')!)
    return { url, callback, code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')! }
  }
  const finish = (user: TestUser, body: unknown) => user.client.post('/api/trustap/oauth/callback', body)

  it('connects with a checked, single-use state and the PKCE verifier', async () => {
    standin.ssoUser = { sub: 'trustap-alice', email: 'alice@trustap.example' }
    const flow = await start(alice)
    expect(flow.url.origin + flow.url.pathname).toBe(`${standin.url}${standin.realmPath}/protocol/openid-connect/auth`)
    expect(Object.fromEntries(flow.url.searchParams)).toMatchObject({
      client_id: 'handover-client',
      redirect_uri: `${publicUrl}/trustap/auth/callback`,
      response_type: 'code',
      code_challenge_method: 'S256',
    })
    expect(flow.url.searchParams.get('scope')).toContain('p2p_tx:offline_create_join')
    expect(flow.callback.origin + flow.callback.pathname).toBe(`${publicUrl}/trustap/auth/callback`)

    expect((await finish(alice, { code: flow.code, state: 'forged-state' })).json).toMatchObject({ error: { code: 'oauth_state_invalid' } })
    // the state is alice's: bob cannot finish her authorisation
    expect((await finish(bob, { code: flow.code, state: flow.state })).status).toBe(400)
    const done = await finish(alice, { code: flow.code, state: flow.state })
    expect(done.status, done.text).toBe(200)
    expect(trustapConnectionSchema.parse(done.json)).toMatchObject({
      connected: true,
      trustapUserId: 'trustap-alice',
      email: 'alice@trustap.example',
    })
    const token = standin.requests.filter((r) => r.path.endsWith('/protocol/openid-connect/token')).at(-1)!
    expect(new URLSearchParams(token.body).get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,128}$/)
    expect((await alice.client.get('/api/trustap/connection')).json).toMatchObject({ connected: true, trustapUserId: 'trustap-alice' })
    // used once
    expect((await finish(alice, { code: flow.code, state: flow.state })).json).toMatchObject({ error: { code: 'oauth_state_invalid' } })

    expect((await alice.client.request('DELETE', '/api/trustap/connection')).json).toMatchObject({ connected: false, trustapUserId: null })
  })

  it('returns to the desktop app when started there, and exchanges the code with that same redirect_uri', async () => {
    expect((await bob.client.get('/api/trustap/oauth/start?returnTo=phone')).status).toBe(400)
    standin.ssoUser = { sub: 'trustap-bob', email: 'bob@trustap.example' }
    const web = await start(bob)
    const flow = await start(bob, 'desktop')
    expect(flow.url.searchParams.get('redirect_uri')).toBe('handover://trustap/auth/callback')
    expect(flow.callback.protocol + flow.callback.host + flow.callback.pathname).toBe('handover:trustap/auth/callback')
    // the state is still checked: another authorisation's state does not finish this one
    expect((await finish(bob, { code: flow.code, state: web.state })).json).toMatchObject({ error: { code: 'oauth_failed' } })
    const done = await finish(bob, { code: flow.code, state: flow.state })
    expect(done.status, done.text).toBe(200)
    expect(trustapConnectionSchema.parse(done.json)).toMatchObject({ connected: true, trustapUserId: 'trustap-bob' })
    const token = standin.requests.filter((r) => r.path.endsWith('/protocol/openid-connect/token')).at(-1)!
    expect(new URLSearchParams(token.body).get('redirect_uri')).toBe('handover://trustap/auth/callback')
    await bob.client.request('DELETE', '/api/trustap/connection')
  })

  it('keeps a handful of open authorisations per user, however often one is started, the newest ones finishing', async () => {
    standin.ssoUser = { sub: 'trustap-carol', email: 'carol@trustap.example' }
    const carol = await addUser(server, 'carol_starts')
    const oldest = await start(carol)
    for (let i = 0; i < 30; i++) expect((await carol.client.get('/api/trustap/oauth/start')).status).toBe(200)
    const newest = await start(carol)
    const { rows } = await sql.query('select count(*)::int as n from trustap_oauth_states where user_id = $1', [carol.id])
    expect(rows[0].n).toBe(OPEN_STATES_PER_USER)
    expect((await finish(carol, { code: oldest.code, state: oldest.state })).json).toMatchObject({ error: { code: 'oauth_state_invalid' } })
    expect((await finish(carol, { code: newest.code, state: newest.state })).status).toBe(200)
  })

  it('refuses an identity Trustap answers that does not fit what Handover keeps, as a failed authorisation', async () => {
    for (const ssoUser of [
      { sub: `1-${'a'.repeat(80)}`, email: 'long-id@trustap.example' },
      { sub: 'trustap-long-email', email: `${'e'.repeat(250)}@trustap.example` },
      { sub: '', email: 'no-id@trustap.example' },
    ]) {
      standin.ssoUser = ssoUser
      const flow = await start(alice)
      const res = await finish(alice, { code: flow.code, state: flow.state })
      expect([res.status, res.json]).toMatchObject([400, { error: { code: 'oauth_failed', message: PAYMENT_MESSAGES.oauthFailed } }])
    }
    expect((await alice.client.get('/api/trustap/connection')).json).toMatchObject({ connected: false, trustapUserId: null })
  })

  it('refuses a Trustap account another Handover user has connected, and lets its own user connect it again', async () => {
    const owner = await addUser(server, 'dave_owner')
    const other = await addUser(server, 'erin_other')
    const connect = async (user: TestUser) => {
      const flow = await start(user)
      return finish(user, { code: flow.code, state: flow.state })
    }
    standin.ssoUser = { sub: 'trustap-shared', email: 'shared@trustap.example' }
    expect((await connect(owner)).json).toMatchObject({ connected: true, trustapUserId: 'trustap-shared' })

    // the same Trustap sign-in from another Handover user: refused, and neither connection changes
    const refused = await connect(other)
    expect([refused.status, refused.json]).toMatchObject([
      409,
      { error: { code: 'trustap_account_taken', message: PAYMENT_MESSAGES.trustapAccountTaken } },
    ])
    expect((await other.client.get('/api/trustap/connection')).json).toMatchObject({ connected: false, trustapUserId: null })
    expect((await owner.client.get('/api/trustap/connection')).json).toMatchObject({ connected: true, trustapUserId: 'trustap-shared' })

    // its own user reconnecting (a new email at Trustap, say) is no conflict
    standin.ssoUser = { sub: 'trustap-shared', email: 'renamed@trustap.example' }
    const again = await connect(owner)
    expect(again.status, again.text).toBe(200)
    expect(again.json).toMatchObject({ connected: true, trustapUserId: 'trustap-shared', email: 'renamed@trustap.example' })

    // the database holds it too, whatever writes the row
    const direct = `insert into trustap_accounts (user_id, full_user_id) values ($1, 'trustap-shared') on conflict (user_id) do update set full_user_id = excluded.full_user_id`
    await expect(sql.query(direct, [other.id])).rejects.toThrow(/trustap_accounts_full_user_id_unique/)

    // once its user lets it go, another may connect it
    await owner.client.request('DELETE', '/api/trustap/connection')
    expect((await connect(other)).json).toMatchObject({ connected: true, trustapUserId: 'trustap-shared' })
  })

  it('fails when the code was issued for another authorisation (its PKCE challenge does not match)', async () => {
    const first = await start(bob)
    const second = await start(bob)
    const res = await finish(bob, { code: second.code, state: first.state })
    expect(res.status).toBe(400)
    expect(res.json).toMatchObject({ error: { code: 'oauth_failed' } })
    expect((await bob.client.get('/api/trustap/connection')).json).toMatchObject({ connected: false })
  })
})

describe('the migration that connects a Trustap account to one user at most', () => {
  it('keeps the newest connection of an account shared before, a deleted user’s last, disconnects the others, and cleans deleted accounts', async () => {
    const fresh = await createTestDatabase()
    const orm = await MikroORM.init(ormOptions(fresh.url, 2))
    try {
      const before = migrationsList[migrationsList.findIndex((m) => m.name === 'Migration20261129TrustapAccountsOneOwner') - 1]!.name
      await orm.getMigrator().up({ to: before })
      const db = orm.em.getConnection()
      const ids: Record<string, number> = {}
      // how account deletion marked them: by the owner, or by an admin
      const deletedAs: Record<string, string> = { deleted: 'Account deleted', selfDeleted: 'Deleted by its owner', adminDeleted: 'Account deleted' }
      for (const name of ['older', 'newer', 'deleted', 'alone', 'guest', 'selfDeleted', 'adminDeleted']) {
        const [row] = await db.execute<{ id: number }[]>(
          `insert into users (username, username_key, email, password_hash, deleted_at, banned_at, ban_reason) values (?, ?, ?, 'x', ?, ?, ?) returning id`,
          [
            name,
            name.toLowerCase(),
            `${name}@example.com`,
            deletedAs[name] ? new Date() : null,
            deletedAs[name] ? new Date() : null,
            deletedAs[name] ?? null,
          ],
        )
        ids[name] = row!.id
      }
      const connect = (name: string, fullUserId: string | null, connectedAt: string | null) =>
        db.execute(`insert into trustap_accounts (user_id, guest_user_id, full_user_id, full_user_email, connected_at) values (?, ?, ?, ?, ?)`, [
          ids[name],
          `1-guest-${name}`,
          fullUserId,
          fullUserId ? `${name}@trustap.example` : null,
          connectedAt,
        ])
      await connect('older', 'trustap-shared', '2026-11-20T10:00:00Z')
      await connect('newer', 'trustap-shared', '2026-11-21T10:00:00Z')
      await connect('deleted', 'trustap-shared', '2026-11-22T10:00:00Z')
      await connect('alone', 'trustap-alone', '2026-11-20T10:00:00Z')
      await connect('guest', null, null)
      await connect('selfDeleted', 'trustap-self', '2026-11-20T10:00:00Z')
      await connect('adminDeleted', 'trustap-removed', '2026-11-20T10:00:00Z')

      await orm.getMigrator().up()
      const rows = await db.execute<
        { user_id: number; guest_user_id: string; full_user_id: string | null; full_user_email: string | null; connected_at: Date | null }[]
      >(`select user_id, guest_user_id, full_user_id, full_user_email, connected_at from trustap_accounts`)
      const byName = Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, rows.find((r) => r.user_id === id)]))
      expect(byName.newer).toMatchObject({ full_user_id: 'trustap-shared', full_user_email: 'newer@trustap.example' })
      for (const name of ['older', 'deleted']) {
        // disconnected as Disconnect does; the guest user that pays is theirs still
        expect(byName[name]).toMatchObject({ full_user_id: null, full_user_email: null, connected_at: null, guest_user_id: `1-guest-${name}` })
      }
      expect(byName.alone).toMatchObject({ full_user_id: 'trustap-alone' })
      expect(byName.guest).toMatchObject({ full_user_id: null, guest_user_id: '1-guest-guest' })
      // accounts deleted before: as deletion now leaves them, the owner's setting their Trustap account free
      expect(byName.selfDeleted).toMatchObject({
        full_user_id: null,
        full_user_email: null,
        connected_at: null,
        guest_user_id: '1-guest-selfDeleted',
      })
      expect(byName.adminDeleted).toMatchObject({ full_user_id: 'trustap-removed', full_user_email: null })
    } finally {
      await orm.close()
      await fresh.drop()
    }
  })
})
