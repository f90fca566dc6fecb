import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import pg from 'pg'
import {
  adminPaymentOrderListSchema,
  RECONCILE_FINDINGS,
  RECONCILE_MESSAGES,
  RESOLVE_REVERSAL_MESSAGES,
  STUCK_MESSAGES,
} from '../../src/shared/api/admin-payments'
import { balanceSchema, checkoutSchema } from '../../src/shared/api/payments'
import { dealChat } from '../../server/modules/transactions/deal-chat'
import { verifyLedger } from '../../server/modules/ledger/ledger-verify'
import { insertListings } from '../support/market-data'
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
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${STANDIN_WEBHOOK.user}:${STANDIN_WEBHOOK.password}`).toString('base64')}`,
    },
    body: JSON.stringify(body),
  })

const deposit = (user: TestUser, amount: number) => startDeposit(user.client, { amount })
const dealRow = async (id: number) => (await sql.query('select status, dispute_reason from escrow_transactions where id = $1', [id])).rows[0]
const complaintOf = async (orderId: string) =>
  (await sql.query('select complained_at, complaint_closed_at from payment_orders where order_id = $1', [orderId])).rows[0] as {
    complained_at: Date | null
    complaint_closed_at: Date | null
  }

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
    expect((await sql.query('select reversed_at from payment_orders where order_id = $1', [checkout.orderId])).rows[0].reversed_at).toEqual(
      reversedAt,
    )
    expect(await balanceOf(carol)).toBe(credited)

    // an operator recovers the money and says how: the order leaves the stuck list, the note stays in the audit log
    const resolve = (note: unknown) => admin.client.post(`/api/admin/payments/orders/${checkout.orderId}/resolve-reversal`, { note })
    const blank = await resolve('   ')
    expect(blank.status).toBe(400)
    expect(blank.json).toMatchObject({ message: 'Say how the money was recovered' })
    expect((await stuckOrders()).map((o) => o.orderId)).toContain(checkout.orderId)
    const resolved = await resolve('Took $18 back from the balance, with the payer agreeing by email')
    expect(resolved.status, resolved.text).toBe(200)
    expect(resolved.json).toMatchObject({
      changed: true,
      message: RESOLVE_REVERSAL_MESSAGES.resolved,
      order: { orderId: checkout.orderId, stuck: null },
    })
    expect((await stuckOrders()).map((o) => o.orderId)).not.toContain(checkout.orderId)
    const [audit] = (
      await sql.query(`select reason, "after" from admin_audit_log where action = 'payment.resolve_reversal' and target_id = $1`, [checkout.orderId])
    ).rows
    expect(audit.reason).toBe('Took $18 back from the balance, with the payer agreeing by email')
    expect(audit.after.reversalResolvedAt).toEqual(expect.any(String))
    // the row keeps both times once the flag is gone, and so does the CSV
    const listed = adminPaymentOrderListSchema
      .parse((await admin.client.get('/api/admin/payments/orders?kind=deposit')).json)
      .find((o) => o.orderId === checkout.orderId)
    expect(listed).toMatchObject({
      reversedAt: reversedAt.toISOString(),
      reversalResolvedAt: audit.after.reversalResolvedAt,
      complainedAt: null,
      stuck: null,
    })
    const csv = (await admin.client.get('/api/admin/payments/orders.csv?kind=deposit')).text.split('\r\n')
    const header = csv[0]!.split(',')
    const line = csv.find((row) => row.startsWith(`${checkout.orderId},`))!.split(',')
    expect(line[header.indexOf('reversed_at')]).toBe(reversedAt.toISOString())
    expect(line[header.indexOf('reversal_resolved_at')]).toBe(audit.after.reversalResolvedAt)
    expect(line[header.indexOf('complained_at')]).toBe('')
    // again: nothing changes; a later webhook or reconcile does not flag it again
    expect((await resolve('again')).json).toMatchObject({ changed: false, message: RESOLVE_REVERSAL_MESSAGES.unchanged })
    expect((await hook({ code: 'p2p_tx.deposit_refunded', target_id: String(id), time: '2026-11-23T15:00:00.000Z' })).status).toBe(200)
    expect((await stuckOrders()).map((o) => o.orderId)).not.toContain(checkout.orderId)
    // an order the provider did not give back has nothing to recover
    const other = await deposit(carol, 6)
    const refused = await admin.client.post(`/api/admin/payments/orders/${other.orderId}/resolve-reversal`, { note: 'nothing to recover' })
    expect(refused.status).toBe(409)
    expect(refused.json).toMatchObject({ error: { code: 'not_reversed' }, message: RESOLVE_REVERSAL_MESSAGES.notReversed })
    expect(await balanceOf(carol)).toBe(credited)
  })

  it("retries a Trustap settlement (accept the deposit, confirm the handover) that failed, at the next webhook or an admin's reconcile", async () => {
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

  it('holds a deal for an admin when its buyer complains about the card payment at Trustap, once, and lists the order until Trustap is past the complaint', async () => {
    const seller = await addUser(server, 'complained_seller')
    const [listingId] = await insertListings(db.url, [seller.id], 1, 4_000, 'complained')
    const created = await carol.client.post('/api/transactions', { listingId })
    expect(created.status, created.text).toBe(201)
    const dealId = (created.json as { id: number }).id
    const checkout = checkoutSchema.parse((await carol.client.post(`/api/transactions/${dealId}/checkout`, { method: 'card' })).json)
    const id = txIdOf(checkout.checkoutUrl)
    standin.setStatus(id, 'deposit_paid')
    expect((await carol.client.post('/api/trustap/verify-payment', { order_id: checkout.orderId })).json).toMatchObject({ success: true })
    expect(standin.transactions.get(id)!.status).toBe('seller_handover_confirmed')
    expect((await seller.client.post(`/api/transactions/${dealId}/send-invite`)).status).toBe(200)
    const events = async () =>
      (await sql.query('select count(*)::int as n from escrow_transaction_events where transaction_id = $1', [dealId])).rows[0].n as number

    // the buyer complains in Trustap's own pages, and Trustap says so
    standin.setStatus(id, 'complained')
    const res = await hook({ code: 'p2p_tx.complained', target_id: String(id), time: '2026-11-29T10:00:00.000Z' })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await dealRow(dealId)).toEqual({ status: 'disputed', dispute_reason: dealChat.providerComplaintHeld })
    const queue = (await admin.client.get('/api/admin/disputes')).json as unknown as { id: number; disputedBy: string }[]
    expect(queue.find((d) => d.id === dealId)?.disputedBy).toBe('system')
    // no step of the seller's moves the money on meanwhile
    expect((await seller.client.post(`/api/transactions/${dealId}/refund`)).status).toBe(409)
    const flagged = (await stuckOrders()).find((o) => o.orderId === checkout.orderId)
    expect(flagged?.stuck).toEqual({ reason: 'complaint_at_provider', message: STUCK_MESSAGES.complaint_at_provider })
    const first = await complaintOf(checkout.orderId)
    expect(first.complained_at).toBeInstanceOf(Date)

    // the admin settles the deal; Trustap's next delivery and a reconcile still see the complaint, and change nothing
    expect((await admin.client.post(`/api/transactions/${dealId}/resolve-release`, { note: 'Ownership checked' })).status).toBe(200)
    const settled = await events()
    expect((await hook({ code: 'p2p_tx.complained', target_id: String(id), time: '2026-11-29T10:05:00.000Z' })).status).toBe(200)
    expect((await admin.client.post(`/api/admin/payments/orders/${checkout.orderId}/reconcile`)).status).toBe(200)
    expect(await dealRow(dealId)).toMatchObject({ status: 'completed' })
    expect(await events()).toBe(settled)
    expect(await complaintOf(checkout.orderId)).toEqual(first)

    // Trustap closes the complaint: the order leaves the stuck list
    standin.setStatus(id, 'complaint_period_ended')
    expect((await hook({ code: 'p2p_tx.complaint_period_ended', target_id: String(id), time: '2026-11-29T11:00:00.000Z' })).status).toBe(200)
    expect((await complaintOf(checkout.orderId)).complaint_closed_at).toBeInstanceOf(Date)
    expect((await stuckOrders()).map((o) => o.orderId)).not.toContain(checkout.orderId)
    expect((await verifyLedger(server.orm.em.fork())).filter((check) => check.problems.length > 0)).toEqual([])
  })

  it('lists a deposit its payer complained about at Trustap, and a complaint upheld there as money to recover', async () => {
    const checkout = await deposit(carol, 23)
    const id = txIdOf(checkout.checkoutUrl)
    standin.setStatus(id, 'deposit_paid')
    expect((await carol.client.post('/api/trustap/verify-payment', { order_id: checkout.orderId })).json).toMatchObject({ success: true })
    const credited = await balanceOf(carol)
    standin.setStatus(id, 'complained')
    expect((await hook({ code: 'p2p_tx.complained', target_id: String(id), time: '2026-11-29T12:00:00.000Z' })).status).toBe(200)
    expect((await stuckOrders()).find((o) => o.orderId === checkout.orderId)?.stuck?.reason).toBe('complaint_at_provider')
    // upheld: Trustap refunds the card; what is left is the money to recover, and the balance is not touched
    standin.setStatus(id, 'deposit_refunded')
    expect((await hook({ code: 'p2p_tx.deposit_refunded', target_id: String(id), time: '2026-11-29T13:00:00.000Z' })).status).toBe(200)
    expect((await complaintOf(checkout.orderId)).complaint_closed_at).toBeInstanceOf(Date)
    expect((await stuckOrders()).find((o) => o.orderId === checkout.orderId)?.stuck?.reason).toBe('reversed_at_provider')
    expect(await balanceOf(carol)).toBe(credited)
  })

  /** carol reserves a new seller's listing and opens a Trustap checkout for it */
  let sellers = 0
  async function purchaseCheckout() {
    const seller = await addUser(server, `late_seller_${++sellers}`)
    const [listingId] = await insertListings(db.url, [seller.id], 1, 4_000, `late${sellers}`)
    const created = await carol.client.post('/api/transactions', { listingId })
    expect(created.status, created.text).toBe(201)
    const dealId = (created.json as { id: number }).id
    const checkout = checkoutSchema.parse((await carol.client.post(`/api/transactions/${dealId}/checkout`, { method: 'card' })).json)
    return { dealId, checkout, id: txIdOf(checkout.checkoutUrl) }
  }
  const auditsOf = async (orderId: string) =>
    (await sql.query(`select "before", "after" from admin_audit_log where target_type = 'payment_order' and target_id = $1 order by id`, [orderId]))
      .rows as {
      before: Record<string, unknown>
      after: Record<string, unknown>
    }[]

  it('tells the admin whose reconcile finds a complaint or a refund at Trustap what it found, and keeps it in the audit log', async () => {
    const { dealId, checkout, id } = await purchaseCheckout()
    standin.setStatus(id, 'deposit_paid')
    expect((await carol.client.post('/api/trustap/verify-payment', { order_id: checkout.orderId })).json).toMatchObject({ success: true })
    // Trustap's complaint webhook never arrives; an admin reconciles the order
    standin.setStatus(id, 'complained')
    const found = await admin.client.post(`/api/admin/payments/orders/${checkout.orderId}/reconcile`)
    expect(found.status, found.text).toBe(200)
    expect(found.json).toMatchObject({ outcome: 'credited', changed: true, message: RECONCILE_FINDINGS.complained })
    expect(await dealRow(dealId)).toEqual({ status: 'disputed', dispute_reason: dealChat.providerComplaintHeld })
    const [entry] = await auditsOf(checkout.orderId)
    expect(entry).toEqual({
      before: { complainedAt: null },
      after: { complainedAt: (await complaintOf(checkout.orderId)).complained_at!.toISOString() },
    })
    // a second reconcile finds nothing new
    expect((await admin.client.post(`/api/admin/payments/orders/${checkout.orderId}/reconcile`)).json).toMatchObject({ changed: false })
    // the complaint is upheld: Trustap refunds the card, and the next reconcile says so, closing the complaint with it
    standin.setStatus(id, 'deposit_refunded')
    const refunded = await admin.client.post(`/api/admin/payments/orders/${checkout.orderId}/reconcile`)
    expect(refunded.json).toMatchObject({ changed: true, message: `${RECONCILE_FINDINGS.complaint_closed} ${RECONCILE_FINDINGS.reversed}` })
    expect((await auditsOf(checkout.orderId)).map((e) => Object.keys(e.after).sort())).toEqual([
      ['complainedAt'],
      ['complaintClosedAt', 'reversedAt'],
    ])
    expect((await stuckOrders()).find((o) => o.orderId === checkout.orderId)?.stuck?.reason).toBe('reversed_at_provider')
  })

  it('notes a complaint Trustap already reports when Handover first hears of the payment, holding the deal it funds at once', async () => {
    const { dealId, checkout, id } = await purchaseCheckout()
    // the first word of this payment is the complaint (the "paid" webhook lost, the buyer never back on the return screen)
    standin.setStatus(id, 'complained')
    const res = await hook({ code: 'p2p_tx.complained', target_id: String(id), time: '2026-11-29T14:00:00.000Z' })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toMatchObject({ outcome: 'credited' })
    expect(await dealRow(dealId)).toEqual({ status: 'disputed', dispute_reason: dealChat.providerComplaintHeld })
    expect((await complaintOf(checkout.orderId)).complained_at).toBeInstanceOf(Date)
    expect((await stuckOrders()).find((o) => o.orderId === checkout.orderId)?.stuck?.reason).toBe('complaint_at_provider')
  })

  it('tells the admin both when one reconcile credits a payment and finds a complaint at Trustap', async () => {
    const { dealId, checkout, id } = await purchaseCheckout()
    // the "paid" webhook was lost; the first word of the payment is an admin's reconcile, and Trustap says complained
    standin.setStatus(id, 'complained')
    const res = await admin.client.post(`/api/admin/payments/orders/${checkout.orderId}/reconcile`)
    expect(res.status, res.text).toBe(200)
    expect(res.json).toMatchObject({
      outcome: 'credited',
      changed: true,
      message: `${RECONCILE_MESSAGES.credited.changed} ${RECONCILE_FINDINGS.complained}`,
    })
    expect(await dealRow(dealId)).toEqual({ status: 'disputed', dispute_reason: dealChat.providerComplaintHeld })
    // one entry: the credit and the complaint are one commit
    expect((await auditsOf(checkout.orderId)).map((e) => Object.keys(e.after).sort())).toEqual([['complainedAt', 'creditedAt', 'paidAt', 'status']])
  })

  it('never funds a deal whose buyer already complained at Trustap without holding it: a hold that fails undoes the credit, and the next webhook does both', async () => {
    const { dealId, checkout, id } = await purchaseCheckout()
    standin.setStatus(id, 'complained')
    const before = await balanceOf(carol)
    const escrow = server.created.services.transactions
    const spy = vi.spyOn(escrow.system, 'holdForProviderComplaint').mockRejectedValueOnce(new Error('the hold failed'))
    try {
      const failed = await hook({ code: 'p2p_tx.complained', target_id: String(id), time: '2026-11-29T18:00:00.000Z' })
      // the webhook answers 503, so Trustap sends it again
      expect(failed.status).toBe(503)
    } finally {
      spy.mockRestore()
    }
    // nothing of the credit is left: the order waits, the deal still waits for its payment, no money moved
    expect((await sql.query('select status, complained_at from payment_orders where order_id = $1', [checkout.orderId])).rows[0]).toEqual({
      status: 'created',
      complained_at: null,
    })
    expect((await dealRow(dealId)).status).toBe('pending')
    expect(await balanceOf(carol)).toBe(before)
    expect((await verifyLedger(server.orm.em.fork())).filter((check) => check.problems.length > 0)).toEqual([])
    // Trustap sends the event again: credited and held together
    expect((await hook({ code: 'p2p_tx.complained', target_id: String(id), time: '2026-11-29T18:00:05.000Z' })).status).toBe(200)
    expect(await dealRow(dealId)).toEqual({ status: 'disputed', dispute_reason: dealChat.providerComplaintHeld })
    expect((await complaintOf(checkout.orderId)).complained_at).toBeInstanceOf(Date)
  })

  it('never lets an answer Trustap gave before a complaint close the complaint another webhook noted meanwhile', async () => {
    const { dealId, checkout, id } = await purchaseCheckout()
    standin.setStatus(id, 'deposit_paid')
    expect((await carol.client.post('/api/trustap/verify-payment', { order_id: checkout.orderId })).json).toMatchObject({ success: true })
    // an admin's reconcile asks Trustap while the payment is plainly paid; its answer is held up on the way back
    const provider = server.created.services.payments.provider
    const original = provider.fetchOrderStatus.bind(provider)
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let asked!: () => void
    const askedOnce = new Promise<void>((resolve) => (asked = resolve))
    const spy = vi.spyOn(provider, 'fetchOrderStatus').mockImplementationOnce(async (em, order) => {
      const report = await original(em, order)
      asked()
      await held
      return report
    })
    try {
      const reconcile = admin.client.post(`/api/admin/payments/orders/${checkout.orderId}/reconcile`)
      await askedOnce
      // meanwhile the buyer complains at Trustap, and its webhook notes it and holds the deal
      standin.setStatus(id, 'complained')
      expect((await hook({ code: 'p2p_tx.complained', target_id: String(id), time: '2026-11-29T16:00:00.000Z' })).status).toBe(200)
      expect(await dealRow(dealId)).toEqual({ status: 'disputed', dispute_reason: dealChat.providerComplaintHeld })
      release()
      const late = await reconcile
      expect(late.status, late.text).toBe(200)
      // the older answer is not applied: the complaint stays open, flagged, and the admin is told nothing changed
      expect(late.json).toMatchObject({ changed: false, message: RECONCILE_MESSAGES.credited.unchanged })
      expect((await complaintOf(checkout.orderId)).complaint_closed_at).toBeNull()
      expect((await stuckOrders()).find((o) => o.orderId === checkout.orderId)?.stuck?.reason).toBe('complaint_at_provider')
    } finally {
      release()
      spy.mockRestore()
    }
  })
})
