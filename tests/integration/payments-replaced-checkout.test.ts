/**
 * A purchase has one order, `trans_{id}`, and a new checkout for it (another method, the desktop app instead of the
 * website, or after a failed attempt) replaces the order's attempt at the provider. The attempt replaced must not
 * stay payable: a payment to it would name an attempt the order no longer knows, and nothing would credit it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { checkoutSchema, PAYMENT_MESSAGES } from '../../src/shared/api/payments'
import type { RunningServer } from '../../server/server'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import { cents, freePort } from '../support/payments'
import { startTestServer } from '../support/server'
import { STANDIN_WEBHOOK, TrustapStandin } from '../support/trustap-standin'
import { escrowHelpers } from './escrow-support'

const API_KEY = 'test-api-key-0123456789'
const WEBHOOK = STANDIN_WEBHOOK
const standin = new TrustapStandin({ apiKey: API_KEY, clientId: 'handover-client', clientSecret: 'client-secret-0123456789' })
let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let publicUrl: string
const { signIn, balanceOf, listingToBuy, detail } = escrowHelpers(
  () => server,
  () => sql,
)
const txIdOf = (checkoutUrl: string) => Number(/\/f2f\/transactions\/(\d+)\/pay_deposit/.exec(checkoutUrl)![1])
const pressPay = (checkoutUrl: string) => fetch(checkoutUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }), redirect: 'manual' })
const orderRow = async (orderId: string) =>
  (await sql.query<{ status: string; provider_ref: string | null }>('select status, provider_ref from payment_orders where order_id = $1', [orderId]))
    .rows[0]!

beforeAll(async () => {
  await standin.start()
  db = await createDemoDatabase()
  const port = await freePort()
  publicUrl = `http://127.0.0.1:${port}`
  server = await startTestServer({
    databaseUrl: db.url,
    env: {
      ...demoEnv(),
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      ...standin.serverEnv(),
    },
  })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
  await standin.close()
})

/** alice reserves one of bob's listings and opens the website's checkout for it */
async function dealWithCheckout() {
  const alice = await signIn('alice')
  const bob = await signIn('bob')
  const listing = await listingToBuy(alice.id, bob.id)
  const created = await alice.client.post('/api/transactions', { listingId: listing.id })
  expect(created.status, created.text).toBe(201)
  const deal = detail(created.json)
  const res = await alice.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'card' })
  expect(res.status, res.text).toBe(200)
  return { alice, deal, web: checkoutSchema.parse(res.json) }
}

describe('a purchase checkout replaced by a new one (Trustap stand-in)', () => {
  it('cancels the attempt it replaces, so only the new one can be paid, and credits that one', async () => {
    const { alice, deal, web } = await dealWithCheckout()
    const res = await alice.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'card', returnTo: 'desktop' })
    expect(res.status, res.text).toBe(200)
    const desktop = checkoutSchema.parse(res.json)
    expect(desktop.orderId).toBe(web.orderId)
    expect(txIdOf(desktop.checkoutUrl)).not.toBe(txIdOf(web.checkoutUrl))
    // the new attempt's way back names no attempt it replaced
    const returnLink = new URL(new URL(desktop.checkoutUrl).searchParams.get('redirect_uri')!)
    expect(returnLink.searchParams.get('order_id')).toBe(web.orderId)
    expect(returnLink.searchParams.get('tx_id')).toBeNull()
    // the website's tab is still open: Trustap no longer takes a payment there
    expect(standin.transactions.get(txIdOf(web.checkoutUrl))!.status).toBe('cancelled')
    await pressPay(web.checkoutUrl)
    expect(standin.transactions.get(txIdOf(web.checkoutUrl))!.status).toBe('cancelled')

    await pressPay(desktop.checkoutUrl)
    const verified = await alice.client.post('/api/trustap/verify-payment', { order_id: web.orderId })
    expect(verified.json).toMatchObject({ success: true, status: 'credited' })
    expect(detail((await alice.client.get(`/api/transactions/${deal.id}`)).json).status).toBe('fee_paid')
    expect(await balanceOf(`escrow:${deal.id}`)).toBe(cents(String(web.amount)))
  })

  it('never credits an attempt it voided: a payment made while the void was on its way is refunded by it', async () => {
    const { alice, deal, web } = await dealWithCheckout()
    const first = txIdOf(web.checkoutUrl)
    const asked = () => standin.requests.filter((r) => r.method === 'GET' && r.path === `/api/v1/p2p/transactions/${first}`).length
    let release!: () => void
    let arrived!: () => void
    const cancelSent = new Promise<void>((ok) => (arrived = ok))
    standin.slow = { path: /\/cancel_with_description$/, until: new Promise<void>((ok) => (release = ok)), arrived }
    const second = alice.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'card', returnTo: 'desktop' })
    await cancelSent
    // Handover read the first attempt as unpaid and is cancelling it; the buyer pays it just then, and the return
    // screen's verification hears "paid" from Trustap and queues on the order's row behind the replacement
    await pressPay(web.checkoutUrl)
    const before = asked()
    const verify = alice.client.post('/api/trustap/verify-payment', { order_id: web.orderId })
    while (asked() === before) await new Promise((ok) => setTimeout(ok, 10))
    release()
    const res = await second
    expect(res.status, res.text).toBe(200)
    const desktop = checkoutSchema.parse(res.json)
    expect((await verify).json).toMatchObject({ success: false, status: 'pending' })
    // the cancel refunded the first payment at Trustap, and Handover credited nothing for it
    expect(standin.transactions.get(first)!.status).toBe('cancelled_with_deposit')
    expect(await orderRow(web.orderId)).toEqual({ status: 'created', provider_ref: String(txIdOf(desktop.checkoutUrl)) })
    expect(await balanceOf(`escrow:${deal.id}`)).toBe(0)
    // the new attempt is the one that pays for the deal
    await pressPay(desktop.checkoutUrl)
    expect((await alice.client.post('/api/trustap/verify-payment', { order_id: web.orderId })).json).toMatchObject({ status: 'credited' })
    expect(await balanceOf(`escrow:${deal.id}`)).toBe(cents(String(web.amount)))
  })

  it('when paid just before it is replaced, confirms the payment instead of opening a second checkout', async () => {
    const { alice, deal, web } = await dealWithCheckout()
    // paid at Trustap, but neither the return screen nor a webhook has told Handover yet
    await pressPay(web.checkoutUrl)
    const res = await alice.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'card', returnTo: 'desktop' })
    expect(res.status, res.text).toBe(409)
    expect(res.json).toMatchObject({ error: { message: PAYMENT_MESSAGES.alreadyPaid } })
    expect(await orderRow(web.orderId)).toMatchObject({ status: 'credited', provider_ref: String(txIdOf(web.checkoutUrl)) })
    expect(detail((await alice.client.get(`/api/transactions/${deal.id}`)).json).status).toBe('fee_paid')
  })

  it('answers 503 and leaves no payable attempt behind when Trustap fails to open the new checkout', async () => {
    const { alice, deal, web } = await dealWithCheckout()
    standin.failingPath = /create_with_guest_user$/
    const res = await alice.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'card', returnTo: 'desktop' })
    standin.failingPath = null
    expect(res.status, res.text).toBe(503)
    expect(standin.transactions.get(txIdOf(web.checkoutUrl))!.status).toBe('cancelled')
    // once Trustap is back, a new checkout works and is credited
    const retry = await alice.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'card', returnTo: 'desktop' })
    expect(retry.status, retry.text).toBe(200)
    await pressPay(checkoutSchema.parse(retry.json).checkoutUrl)
    expect((await alice.client.post('/api/trustap/verify-payment', { order_id: web.orderId })).json).toMatchObject({ status: 'credited' })
    expect(await balanceOf(`escrow:${deal.id}`)).toBe(cents(String(web.amount)))
  })

  it('refuses every copy but one of a webhook delivered several times at once', async () => {
    const { web } = await dealWithCheckout()
    await pressPay(web.checkoutUrl)
    const id = txIdOf(web.checkoutUrl)
    const body = JSON.stringify({ code: 'p2p_tx.deposit_paid', target_id: String(id), time: new Date().toISOString() })
    const authorization = `Basic ${Buffer.from(`${WEBHOOK.user}:${WEBHOOK.password}`).toString('base64')}`
    const deliver = () =>
      fetch(`${publicUrl}/api/payments/webhooks/trustap`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body,
      }).then((r) => r.status)
    const statuses = await Promise.all([deliver(), deliver(), deliver(), deliver()])
    expect(statuses.sort()).toEqual([200, 409, 409, 409])
    expect(await deliver()).toBe(409)
    expect(await orderRow(web.orderId)).toMatchObject({ status: 'credited' })
    const { rows } = await sql.query('select order_id from payment_webhook_events')
    expect(rows).toEqual([{ order_id: web.orderId }])
  })
})
