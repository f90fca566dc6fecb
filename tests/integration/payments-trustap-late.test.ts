import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { adminPaymentOrderListSchema, STUCK_MESSAGES } from '../../src/shared/api/admin-payments'
import { balanceSchema } from '../../src/shared/api/payments'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { addUser, cents, freePort, type TestUser, startDeposit } from '../support/payments'
import { startTestServer } from '../support/server'
import { STANDIN_WEBHOOK, TrustapStandin } from '../support/trustap-standin'

const standin = new TrustapStandin({ apiKey: 'test-api-key-0123456789', clientId: 'handover-client', clientSecret: 'client-secret-0123456789' })
let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let publicUrl: string
let carol: TestUser
let admin: TestUser

const balanceOf = async (user: TestUser) => cents(balanceSchema.parse((await user.client.get('/api/balance')).json).available)
const txIdOf = (checkoutUrl: string) => Number(/\/f2f\/transactions\/(\d+)\/pay_deposit/.exec(checkoutUrl)![1])
const stuckOrders = async () => adminPaymentOrderListSchema.parse((await admin.client.get('/api/admin/payments/orders?stuck=true')).json)
const hook = (body: unknown) =>
  fetch(`${publicUrl}/api/payments/webhooks/trustap`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${STANDIN_WEBHOOK.user}:${STANDIN_WEBHOOK.password}`).toString('base64')}` },
    body: JSON.stringify(body),
  })

const deposit = (user: TestUser, amount: number) => startDeposit(user.client, { amount })

beforeAll(async () => {
  await standin.start()
  db = await createTestDatabase()
  const port = await freePort()
  publicUrl = `http://127.0.0.1:${port}`
  server = await startTestServer({ databaseUrl: db.url, env: { PORT: String(port), PUBLIC_URL: publicUrl, ...standin.serverEnv() } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  carol = await addUser(server, 'carol')
  admin = await addUser(server, 'late_admin', { admin: true })
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
  await standin.close()
})

/**
 * What Trustap says of an order after the moment Handover expects: a payment its webhook announces before its API does
 * (for an order over a day old too), a settlement that failed once, money given back to the payer after the credit.
 */
describe('Trustap, late and after the credit', () => {
  it('asks Trustap to send a "paid" event again while its API does not confirm it, also for an order over a day old, and credits it then', async () => {
    const before = await balanceOf(carol)
    const checkout = await deposit(carol, 14)
    const id = txIdOf(checkout.checkoutUrl)
    // the buyer left the pay page open for more than a day (Trustap knows nothing of Handover's 24 h limit)
    await sql.query(`update payment_orders set created_at = now() - interval '25 hours' where order_id = $1`, [checkout.orderId])
    const body = { code: 'p2p_tx.deposit_paid', target_id: String(id), time: '2026-11-23T11:00:00.000Z' }
    const first = await hook(body)
    expect(first.status).toBe(503)
    expect(first.headers.get('retry-after')).toBe('60')
    expect(await first.json()).toMatchObject({ error: { code: 'payment_not_confirmed' } })
    expect(await balanceOf(carol)).toBe(before)
    expect((await sql.query('select status from payment_orders where order_id = $1', [checkout.orderId])).rows[0].status).toBe('expired')
    // another event of the same order that does not claim a payment is answered, and not asked for again
    expect((await hook({ code: 'p2p_tx.joined', target_id: String(id), time: '2026-11-23T10:59:00.000Z' })).status).toBe(200)
    // the API catches up, and Trustap sends the same event again
    standin.setStatus(id, 'deposit_paid')
    const retry = await hook(body)
    expect(retry.status, await retry.clone().text()).toBe(200)
    expect(await retry.json()).toMatchObject({ outcome: 'credited' })
    expect(await balanceOf(carol)).toBe(before + 1400)
    // and a third copy is a replay
    expect((await hook(body)).status).toBe(409)
    expect(await balanceOf(carol)).toBe(before + 1400)
  })

  it('shows admins a deposit Trustap gave back to the payer after Handover credited it, once, and moves no money', async () => {
    const checkout = await deposit(carol, 18)
    const id = txIdOf(checkout.checkoutUrl)
    standin.setStatus(id, 'deposit_paid')
    expect((await carol.client.post('/api/trustap/verify-payment', { order_id: checkout.orderId })).json).toMatchObject({ success: true })
    const credited = await balanceOf(carol)
    expect((await stuckOrders()).map((o) => o.orderId)).not.toContain(checkout.orderId)
    // Trustap refunds the buyer's card (a cancel in its dashboard, an upheld complaint) and says so
    standin.setStatus(id, 'deposit_refunded')
    const res = await hook({ code: 'p2p_tx.deposit_refunded', target_id: String(id), time: '2026-11-23T13:00:00.000Z' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ outcome: 'credited' })
    const flagged = (await stuckOrders()).find((o) => o.orderId === checkout.orderId)
    expect(flagged?.stuck).toEqual({ reason: 'reversed_at_provider', message: STUCK_MESSAGES.reversed_at_provider })
    expect(flagged?.status).toBe('credited')
    const [{ reversed_at: reversedAt }] = (await sql.query('select reversed_at from payment_orders where order_id = $1', [checkout.orderId])).rows
    expect(reversedAt).toBeInstanceOf(Date)
    // a reconcile finds it so again and keeps the first time; the ledger is not touched by either
    expect((await admin.client.post(`/api/admin/payments/orders/${checkout.orderId}/reconcile`)).status).toBe(200)
    expect((await sql.query('select reversed_at from payment_orders where order_id = $1', [checkout.orderId])).rows[0].reversed_at).toEqual(reversedAt)
    expect(await balanceOf(carol)).toBe(credited)
  })

  it('retries a Trustap settlement (accept the deposit, confirm the handover) that failed, at the next webhook or an admin\'s reconcile', async () => {
    const settleFailing = async (amount: number) => {
      const checkout = await deposit(carol, amount)
      const id = txIdOf(checkout.checkoutUrl)
      standin.setStatus(id, 'deposit_paid')
      standin.failingPath = /accept_deposit$/
      try {
        expect((await carol.client.post('/api/trustap/verify-payment', { order_id: checkout.orderId })).json).toMatchObject({ success: true })
      } finally {
        standin.failingPath = null
      }
      expect(standin.transactions.get(id)!.status).toBe('deposit_paid')
      return { checkout, id }
    }
    const byAdmin = await settleFailing(19)
    const reconciled = await admin.client.post(`/api/admin/payments/orders/${byAdmin.checkout.orderId}/reconcile`)
    expect(reconciled.status, reconciled.text).toBe(200)
    expect(standin.transactions.get(byAdmin.id)!.status).toBe('seller_handover_confirmed')

    const byWebhook = await settleFailing(21)
    const before = await balanceOf(carol)
    expect((await hook({ code: 'p2p_tx.deposit_paid', target_id: String(byWebhook.id), time: '2026-11-23T14:00:00.000Z' })).status).toBe(200)
    expect(standin.transactions.get(byWebhook.id)!.status).toBe('seller_handover_confirmed')
    // settled, not credited again
    expect(await balanceOf(carol)).toBe(before)
  })
})
