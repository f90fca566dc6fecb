import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { RECONCILE_MESSAGES, reconcileResultSchema, REFUND_MESSAGES, refundResultSchema, STUCK_MESSAGES } from '../../src/shared/api/admin-payments'
import { formatMoney } from '../../src/shared/format'
import { balanceEntrySchema, balanceSchema, PAYMENT_MESSAGES, verifyPaymentResponseSchema } from '../../src/shared/api/payments'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { addUser, cents, drainWallet, formToken, freePort, PASSWORD, pressCheckoutButton, type TestUser, startDeposit } from '../support/payments'
import { startTestServer } from '../support/server'
import { openSocket } from '../support/ws-client'

const WEBHOOK_PASSWORD = 'sandbox-webhook-password-for-tests'
let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let alice: TestUser
let bob: TestUser

const balanceOf = async (user: TestUser) => cents(balanceSchema.parse((await user.client.get('/api/balance')).json).available)

const deposit = (user: TestUser, amount: number | string, method: 'card' | 'crypto' = 'card') => startDeposit(user.client, { amount, method })

const verify = (user: TestUser, body: Record<string, unknown>) => user.client.post('/api/trustap/verify-payment', body)
const creditCount = async (orderId: string) =>
  Number((await sql.query(`select count(*) as n from ledger_transfers where idempotency_key = $1`, [`order:${orderId}:credit`])).rows[0].n)

beforeAll(async () => {
  db = await createTestDatabase()
  const port = await freePort()
  server = await startTestServer({
    databaseUrl: db.url,
    env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, SANDBOX_WEBHOOK_PASSWORD: WEBHOOK_PASSWORD },
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
})

describe('deposits through the sandbox checkout', () => {
  it('pays like a browser: checkout page, Pay, the return URL, verify, balance credited and announced', async () => {
    const before = await balanceOf(alice)
    const checkout = await deposit(alice, 25, 'card')
    expect(checkout).toMatchObject({ amount: 25, processorFee: 1.03, total: 26.03 })
    expect(checkout.orderId).toMatch(new RegExp(`^deposit_${alice.id}_\\d+$`))
    expect(new URL(checkout.checkoutUrl).pathname).toBe(`/sandbox/checkout/${checkout.orderId}`)

    const page = await alice.client.get(checkout.checkoutUrl)
    expect(page.text).toContain('$26.03')
    expect(page.headers.get('x-frame-options')).toBe('DENY')

    const landing = await pressCheckoutButton(alice.client, checkout.checkoutUrl, 'paid')
    expect(landing.origin).toBe(server.url)
    expect(landing.pathname).toBe('/payment/trustap/return')
    const params = Object.fromEntries(landing.searchParams)
    expect(params).toMatchObject({
      order_id: checkout.orderId,
      status: 'paid',
      code: 'paid',
      trustap_status: 'ok',
      type: 'deposit',
      payment_type: 'deposit',
    })
    expect(JSON.parse(Buffer.from(params.state!, 'base64').toString())).toMatchObject({ orderId: checkout.orderId })
    expect(params.tx_id).toMatch(/^sbx_/)
    // paying is not crediting: the money arrives only once the server has asked the provider
    expect(await balanceOf(alice)).toBe(before)

    const socket = await openSocket(server.url, alice.client.cookieHeader)
    try {
      socket.send({ type: 'authenticate', userId: alice.id })
      await socket.next('authenticated')
      // the return screen posts only what it found in the URL; state alone names the order
      const res = await verify(alice, { transaction_id: params.transaction_id, state: params.state, type: 'deposit' })
      expect(res.status, res.text).toBe(200)
      expect(verifyPaymentResponseSchema.parse(res.json)).toMatchObject({
        success: true,
        details: { amount: 25, order_id: checkout.orderId, type: 'deposit' },
      })
      const live = await socket.next('balance_updated')
      expect(cents(live.balance)).toBe(before + 2500)
      await socket.next('payment_completed', (e) => e.redirect_to_chat === false)
    } finally {
      socket.close()
    }
    expect(await balanceOf(alice)).toBe(before + 2500)
    const history = (await alice.client.get('/api/balance/history')).json as unknown as unknown[]
    expect(balanceEntrySchema.parse(history[0])).toMatchObject({ amount: 25, kind: 'deposit', transactionId: null })
    const notes = await sql.query(`select type, message, data from notifications where user_id = $1 and data->>'orderId' = $2`, [
      alice.id,
      checkout.orderId,
    ])
    // money as SPEC §9 writes it: two decimals unless whole
    expect(notes.rows).toEqual([
      { type: 'balance_updated', message: '$25 was added to your balance.', data: { type: 'deposit', orderId: checkout.orderId, amount: '25.00' } },
    ])

    // verifying again answers the same and moves nothing
    const again = await verify(alice, { order_id: checkout.orderId, type: 'deposit' })
    expect(again.json).toMatchObject({ success: true })
    expect(await balanceOf(alice)).toBe(before + 2500)
    expect(await creditCount(checkout.orderId)).toBe(1)
  })

  it('does not believe the return URL: an unpaid order stays unpaid whatever the client says', async () => {
    const before = await balanceOf(alice)
    const checkout = await deposit(alice, 10)
    const res = await verify(alice, {
      order_id: checkout.orderId,
      type: 'deposit',
      state: Buffer.from(JSON.stringify({ orderId: checkout.orderId, status: 'paid' })).toString('base64'),
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ success: false, error: PAYMENT_MESSAGES.pending })
    expect(await balanceOf(alice)).toBe(before)
  })

  it('Fail and Cancel return with their status, credit nothing, and the first decision stands', async () => {
    const before = await balanceOf(alice)
    const failed = await deposit(alice, 12.5, 'crypto')
    expect(failed).toMatchObject({ processorFee: 0.13, total: 12.63 })
    const failedLanding = await pressCheckoutButton(alice.client, failed.checkoutUrl, 'failed')
    expect(Object.fromEntries(failedLanding.searchParams)).toMatchObject({ status: 'failed', trustap_status: 'error', error: expect.any(String) })
    // the order says so at once, as after a provider's webhook: the return screen does not verify a failed payment
    const statusOf = async (orderId: string) =>
      (await sql.query('select status from payment_orders where order_id = $1', [orderId])).rows[0].status as string
    expect(await statusOf(failed.orderId)).toBe('failed')
    expect((await verify(alice, { order_id: failed.orderId })).json).toMatchObject({ success: false, error: PAYMENT_MESSAGES.failed })

    const cancelled = await deposit(alice, 7)
    const staleTab = formToken((await alice.client.get(cancelled.checkoutUrl)).text)
    const cancelledLanding = await pressCheckoutButton(alice.client, cancelled.checkoutUrl, 'cancelled')
    expect(cancelledLanding.searchParams.get('status')).toBe('cancelled')
    expect(await statusOf(cancelled.orderId)).toBe('cancelled')
    expect((await verify(alice, { order_id: cancelled.orderId })).json).toMatchObject({ success: false, error: PAYMENT_MESSAGES.cancelled })
    // Pay pressed later in a second tab does not turn the cancelled payment into a paid one
    const late = await alice.client.request('POST', cancelled.checkoutUrl, new URLSearchParams({ token: staleTab, outcome: 'paid' }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expect(late.status).toBe(303)
    expect(new URL(late.headers.get('location')!).searchParams.get('status')).toBe('cancelled')
    expect((await alice.client.get(cancelled.checkoutUrl)).text).toContain('was cancelled already')

    const statuses = await sql.query(`select order_id, status from payment_orders where order_id = any($1)`, [[failed.orderId, cancelled.orderId]])
    expect(Object.fromEntries(statuses.rows.map((r) => [r.order_id, r.status]))).toEqual({
      [failed.orderId]: 'failed',
      [cancelled.orderId]: 'cancelled',
    })
    expect(await balanceOf(alice)).toBe(before)
  })

  it('expires a checkout nobody paid within a day', async () => {
    const checkout = await deposit(bob, 15)
    await sql.query(`update payment_orders set created_at = now() - interval '25 hours' where order_id = $1`, [checkout.orderId])
    expect((await bob.client.get(checkout.checkoutUrl)).status).toBe(410)
    expect((await verify(bob, { order_id: checkout.orderId })).json).toMatchObject({ success: false, error: PAYMENT_MESSAGES.notPaid })
    expect((await sql.query('select status from payment_orders where order_id = $1', [checkout.orderId])).rows[0].status).toBe('expired')
  })

  it('credits once when the same order is verified 100 times at once', async () => {
    const before = await balanceOf(bob)
    const checkout = await deposit(bob, 40)
    await pressCheckoutButton(bob.client, checkout.checkoutUrl, 'paid')
    const answers = await Promise.all(Array.from({ length: 100 }, () => verify(bob, { order_id: checkout.orderId, type: 'deposit' })))
    for (const res of answers) expect(res.json, res.text).toMatchObject({ success: true })
    expect(await creditCount(checkout.orderId)).toBe(1)
    expect(await balanceOf(bob)).toBe(before + 4000)
    const notes = await sql.query(`select count(*) as n from notifications where user_id = $1 and data->>'orderId' = $2`, [bob.id, checkout.orderId])
    expect(Number(notes.rows[0].n)).toBe(1)
  })

  it("keeps an order to its owner: another user's verify, completion and checkout page are 404, signed out 401", async () => {
    const checkout = await deposit(alice, 5)
    expect((await verify(bob, { order_id: checkout.orderId })).status).toBe(404)
    expect((await bob.client.post('/api/trustap/complete-payment', { order_id: checkout.orderId, confirm_payment: true })).status).toBe(404)
    expect((await bob.client.get(checkout.checkoutUrl)).status).toBe(404)
    const stranger = new ApiClient(server.url, { origin: server.url })
    expect((await stranger.post('/api/trustap/verify-payment', { order_id: checkout.orderId })).status).toBe(401)
    expect((await stranger.get(checkout.checkoutUrl)).status).toBe(401)
    expect((await stranger.post('/api/payments/deposits', { amount: 5, method: 'card' })).status).toBe(401)
    expect((await verify(alice, { order_id: 'deposit_1_1' })).status).toBe(404)
  })

  it('completes a paid order manually (complete-payment) and refuses a forged checkout form', async () => {
    const checkout = await deposit(alice, 6)
    const forged = new URLSearchParams({ token: 'not-the-token', outcome: 'paid' }).toString()
    const refused = await alice.client.request('POST', checkout.checkoutUrl, forged, { 'content-type': 'application/x-www-form-urlencoded' })
    expect(refused.status).toBe(403)
    const crossSite = await alice.client.request('POST', checkout.checkoutUrl, forged, {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://evil.example',
    })
    expect(crossSite.status).toBe(403)
    await pressCheckoutButton(alice.client, checkout.checkoutUrl, 'paid')
    const res = await alice.client.post('/api/trustap/complete-payment', { order_id: checkout.orderId, confirm_payment: true })
    expect(res.json).toMatchObject({ success: true, message: PAYMENT_MESSAGES.completed, details: { order_id: checkout.orderId, amount: 6 } })
  })

  it('refuses bad deposits: amounts, methods, a banned user, a second deposit in the same second', async () => {
    for (const amount of [4.99, 12.345, 'twelve', -10, 10_000.01, 1e21]) {
      const res = await alice.client.post('/api/payments/deposits', { amount, method: 'card' })
      expect(res.status, `${amount}: ${res.text}`).toBe(400)
    }
    expect((await alice.client.post('/api/payments/deposits', { amount: 10, method: 'paypal' })).status).toBe(400)
    expect(await deposit(alice, '10.50')).toMatchObject({ amount: 10.5, processorFee: 0.6, total: 11.1 })

    let clash: { status: number; json: Record<string, unknown> } | undefined
    for (let attempt = 0; attempt < 5 && !clash; attempt++) {
      const pair = await Promise.all([
        bob.client.post('/api/payments/deposits', { amount: 5, method: 'card' }),
        bob.client.post('/api/payments/deposits', { amount: 6, method: 'card' }),
      ])
      clash = pair.find((r) => r.status === 409)
      if (!clash) expect(pair.map((r) => r.status)).toEqual([201, 201]) // the two straddled a second: try again
    }
    expect(clash?.json).toMatchObject({ error: { code: 'order_exists', message: PAYMENT_MESSAGES.depositTooSoon } })

    const banned = await addUser(server, 'banned_depositor')
    await sql.query(`update users set banned_at = now() where id = $1`, [banned.id])
    expect((await banned.client.post('/api/payments/deposits', { amount: 10, method: 'card' })).status).toBe(403)
  })
})

describe('sandbox webhooks', () => {
  const auth = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` })
  // server to server: no cookies, no Origin
  const webhook = {
    post: (body: unknown, headers: Record<string, string>) => new ApiClient(server.url).post('/api/payments/webhooks/sandbox', body, headers),
  }

  it('refuses wrong credentials, credits on the right ones once, and refuses a replay', async () => {
    const before = await balanceOf(alice)
    const checkout = await deposit(alice, 9)
    await pressCheckoutButton(alice.client, checkout.checkoutUrl, 'paid')
    const body = { id: `evt_${checkout.orderId}`, order_id: checkout.orderId, event: 'payment.paid' }

    expect((await webhook.post(body, {})).status).toBe(401)
    expect((await webhook.post(body, auth('sandbox', 'wrong-password-wrong-password'))).status).toBe(401)
    expect((await webhook.post(body, auth('someone', WEBHOOK_PASSWORD))).status).toBe(401)
    expect(await balanceOf(alice)).toBe(before)

    const ok = await webhook.post(body, auth('sandbox', WEBHOOK_PASSWORD))
    expect(ok.status, ok.text).toBe(200)
    expect(ok.json).toMatchObject({ orderId: checkout.orderId, outcome: 'credited' })
    expect(await balanceOf(alice)).toBe(before + 900)

    const replay = await webhook.post(body, auth('sandbox', WEBHOOK_PASSWORD))
    expect(replay.status).toBe(409)
    expect(replay.json).toMatchObject({ error: { code: 'webhook_replayed' } })
    expect(await creditCount(checkout.orderId)).toBe(1)
    // the return screen arriving after the webhook finds the order credited
    expect((await verify(alice, { order_id: checkout.orderId })).json).toMatchObject({ success: true })
    expect(await balanceOf(alice)).toBe(before + 900)
  })

  it('answers a webhook for an unpaid order without crediting, and a webhook for another provider is 404', async () => {
    const checkout = await deposit(bob, 8)
    const res = await webhook.post({ id: 'evt_unpaid', order_id: checkout.orderId }, auth('sandbox', WEBHOOK_PASSWORD))
    expect(res.json).toMatchObject({ outcome: 'pending' })
    expect(await creditCount(checkout.orderId)).toBe(0)
    expect((await new ApiClient(server.url).post('/api/payments/webhooks/trustap', {}, auth('sandbox', WEBHOOK_PASSWORD))).status).toBe(404)
  })
})

describe('a deposit paid after its account was deleted', () => {
  const walletCents = async (userId: number) =>
    Number(
      (
        await sql.query(
          `select coalesce(sum(e.amount_cents), 0)::int as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'wallet' and a.user_id = $1`,
          [userId],
        )
      ).rows[0].n,
    )
  const orderRow = async (orderId: string) =>
    (await sql.query('select status, paid_at, credited_at from payment_orders where order_id = $1', [orderId])).rows[0]

  it('is never credited to the closed wallet: the order waits, paid and stuck, for an operator to refund it', async () => {
    const dana = await addUser(server, 'dana_closes')
    const admin = await addUser(server, 'deposits_admin', { admin: true })
    const checkout = await deposit(dana, 20)
    // paid at the provider; before the return screen or the webhook tells Handover, the account is deleted
    await pressCheckoutButton(dana.client, checkout.checkoutUrl, 'paid')
    await drainWallet(server, dana.id)
    const deleted = await dana.client.post('/api/settings/delete-account', { password: PASSWORD, confirmation: 'DELETE' })
    expect(deleted.status, deleted.text).toBe(200)
    const auth = { authorization: `Basic ${Buffer.from(`sandbox:${WEBHOOK_PASSWORD}`).toString('base64')}` }
    const hook = await new ApiClient(server.url).post(
      '/api/payments/webhooks/sandbox',
      { id: `evt_closed_${checkout.orderId}`, order_id: checkout.orderId },
      auth,
    )
    expect(hook.status, hook.text).toBe(200)
    expect(hook.json).toMatchObject({ orderId: checkout.orderId, outcome: 'account_closed' })
    expect(await creditCount(checkout.orderId)).toBe(0)
    expect(await walletCents(dana.id)).toBe(0)
    expect(await orderRow(checkout.orderId)).toMatchObject({ status: 'paid', paid_at: expect.any(Date), credited_at: null })

    // the admin's reconcile says why, credits nothing, and the monitor keeps it among the stuck orders
    const reconciled = await admin.client.post(`/api/admin/payments/orders/${checkout.orderId}/reconcile`)
    expect(reconciled.status, reconciled.text).toBe(200)
    expect(reconcileResultSchema.parse(reconciled.json)).toMatchObject({
      outcome: 'account_closed',
      changed: false,
      message: RECONCILE_MESSAGES.account_closed.unchanged,
      order: { status: 'paid', stuck: { reason: 'paid_not_credited', message: STUCK_MESSAGES.paid_not_credited } },
    })
    expect(await creditCount(checkout.orderId)).toBe(0)
    expect(await walletCents(dana.id)).toBe(0)
  })
})

describe('an order made with another provider', () => {
  it('is not decided by the sandbox, which never saw it: a Trustap order a day old does not become expired here', async () => {
    const dan = await addUser(server, 'dan_switched')
    const orderId = `deposit_${dan.id}_1000000003`
    await sql.query(
      `insert into payment_orders (order_id, user_id, kind, provider, provider_ref, method, amount_cents, processor_fee_cents, total_cents, status, created_at, updated_at)
       values ($1, $2, 'deposit', 'trustap', '1000', 'card', 1000, 59, 1059, 'created', now() - interval '2 days', now() - interval '2 days')`,
      [orderId, dan.id],
    )
    const res = await dan.client.post('/api/trustap/complete-payment', { order_id: orderId, confirm_payment: true })
    expect([res.status, res.json]).toMatchObject([409, { error: { code: 'other_provider', message: PAYMENT_MESSAGES.otherProvider } }])
    expect((await sql.query('select status from payment_orders where order_id = $1', [orderId])).rows[0]).toEqual({ status: 'created' })
  })
})

describe('refunding a payment held for an operator', () => {
  const auth = { authorization: `Basic ${Buffer.from(`sandbox:${WEBHOOK_PASSWORD}`).toString('base64')}` }
  const ledgerTransfers = async () => Number((await sql.query('select count(*)::int as n from ledger_transfers')).rows[0].n)
  const audits = async (orderId: string) =>
    (await sql.query(`select reason, before, after from admin_audit_log where action = 'payment.refund' and target_id = $1`, [orderId])).rows
  let admin: TestUser

  beforeAll(async () => {
    admin = await addUser(server, 'refunds_admin', { admin: true })
  })

  /** A deposit paid at the sandbox, then its account deleted before Handover heard: paid, never credited. */
  async function heldDeposit(name: string) {
    const user = await addUser(server, name)
    const checkout = await deposit(user, 20)
    await pressCheckoutButton(user.client, checkout.checkoutUrl, 'paid')
    await drainWallet(server, user.id)
    expect((await user.client.post('/api/settings/delete-account', { password: PASSWORD, confirmation: 'DELETE' })).status).toBe(200)
    expect((await admin.client.post(`/api/admin/payments/orders/${checkout.orderId}/reconcile`)).json).toMatchObject({ outcome: 'account_closed' })
    return { user, checkout }
  }

  it('refuses bad requests and changes nothing', async () => {
    const { checkout } = await heldDeposit('erin_closes')
    const path = `/api/admin/payments/orders/${checkout.orderId}/refund`
    expect((await bob.client.post(path, { reason: 'not mine to refund' })).status).toBe(403)
    expect((await new ApiClient(server.url).post(path, { reason: 'signed out' })).status).toBe(401)
    const missing = await admin.client.post(path, {})
    expect(missing.status).toBe(400)
    expect(missing.text).toContain('Say why the payment is refunded')
    expect((await admin.client.post(path, { reason: '   ' })).status).toBe(400)
    const long = await admin.client.post(path, { reason: 'x'.repeat(501) })
    expect(long.status).toBe(400)
    expect(long.text).toContain('at most 500 characters')
    expect((await admin.client.post(path, { reason: 'ok', extra: true })).status).toBe(400)
    expect((await admin.client.post('/api/admin/payments/orders/deposit_1_1/refund', { reason: 'no such order' })).status).toBe(404)
    // an order still waiting for its payment, and one credited, are not held: nothing to refund here
    const open = await deposit(alice, 5)
    const notHeld = await admin.client.post(`/api/admin/payments/orders/${open.orderId}/refund`, { reason: 'not paid' })
    expect(notHeld.status).toBe(409)
    expect(notHeld.json).toMatchObject({ error: { message: REFUND_MESSAGES.notHeld } })
    expect((await sql.query('select status, refunded_at from payment_orders where order_id = $1', [checkout.orderId])).rows[0]).toEqual({
      status: 'paid',
      refunded_at: null,
    })
    expect((await sql.query('select refunded_at from sandbox_payments where order_id = $1', [checkout.orderId])).rows[0].refunded_at).toBeNull()
    expect(await audits(checkout.orderId)).toEqual([])
  })

  it('refunds once at the provider however many admins press it at once, and the order is never credited after', async () => {
    const { checkout } = await heldDeposit('fay_closes')
    const transfers = await ledgerTransfers()
    const path = `/api/admin/payments/orders/${checkout.orderId}/refund`
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => admin.client.post(path, { reason: 'Account deleted before the deposit arrived' })),
    )
    for (const res of answers) expect(res.status, res.text).toBe(200)
    const results = answers.map((res) => refundResultSchema.parse(res.json))
    const changed = results.filter((r) => r.changed)
    expect(changed).toHaveLength(1)
    expect(changed[0]).toMatchObject({
      refunded: checkout.total,
      message: REFUND_MESSAGES.refunded(`$${checkout.total.toFixed(2)}`),
      order: { status: 'refunded', stuck: null },
    })
    expect(changed[0]!.order.refundedAt).toMatch(/^\d{4}-/)
    for (const other of results.filter((r) => !r.changed))
      expect(other).toMatchObject({ refunded: null, message: REFUND_MESSAGES.unchanged, order: { status: 'refunded' } })
    expect(await audits(checkout.orderId)).toEqual([
      { reason: 'Account deleted before the deposit arrived', before: { status: 'paid' }, after: { status: 'refunded' } },
    ])
    expect((await sql.query('select refunded_at from sandbox_payments where order_id = $1', [checkout.orderId])).rows[0].refunded_at).toBeInstanceOf(
      Date,
    )
    // no money moved in the ledger: it never entered it
    expect(await ledgerTransfers()).toBe(transfers)

    // whoever asks again, the order stays refunded and credits nothing
    const reconciled = reconcileResultSchema.parse((await admin.client.post(`/api/admin/payments/orders/${checkout.orderId}/reconcile`)).json)
    expect(reconciled).toMatchObject({ outcome: 'refunded', changed: false, message: RECONCILE_MESSAGES.refunded.unchanged })
    const hook = await new ApiClient(server.url).post(
      '/api/payments/webhooks/sandbox',
      { id: `evt_refunded_${checkout.orderId}`, order_id: checkout.orderId },
      auth,
    )
    expect(hook.json).toMatchObject({ outcome: 'refunded' })
    expect(await creditCount(checkout.orderId)).toBe(0)
    expect(await ledgerTransfers()).toBe(transfers)
    const stuck = await admin.client.get('/api/admin/payments/orders?stuck=true')
    expect((stuck.json as unknown as { orderId: string }[]).map((o) => o.orderId)).not.toContain(checkout.orderId)
  })

  it('tells a payer whose account is still open that the money goes back', async () => {
    const gus = await addUser(server, 'gus_overpaid')
    const before = await balanceOf(gus)
    const checkout = await deposit(gus, 15)
    const collected = Math.round(checkout.total * 100 + 100) / 100
    await pressCheckoutButton(gus.client, checkout.checkoutUrl, 'paid')
    // the provider collected another amount than the order's: held for an operator
    await sql.query('update sandbox_payments set amount_cents = amount_cents + 100 where order_id = $1', [checkout.orderId])
    expect((await verify(gus, { order_id: checkout.orderId })).json).toMatchObject({ success: false, error: PAYMENT_MESSAGES.amountMismatch })
    const refunded = await admin.client.post(`/api/admin/payments/orders/${checkout.orderId}/refund`, {
      reason: 'The provider collected the wrong amount',
    })
    expect(refunded.status, refunded.text).toBe(200)
    expect(refundResultSchema.parse(refunded.json)).toMatchObject({ changed: true, refunded: collected })
    const { rows } = await sql.query(`select type, message, data from notifications where user_id = $1 and type = 'refund_processed'`, [gus.id])
    expect(rows).toEqual([
      {
        type: 'refund_processed',
        message: `Your payment for order ${checkout.orderId} could not be used, so ${formatMoney(collected)} goes back to you at the payment provider.`,
        data: { type: 'payment_refund', orderId: checkout.orderId, amount: collected.toFixed(2) },
      },
    ])
    expect(await balanceOf(gus)).toBe(before)
  })
})
