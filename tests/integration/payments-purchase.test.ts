import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { formatCents } from '../../src/shared/format'
import { balanceSchema, checkoutSchema, PAYMENT_MESSAGES, verifyPaymentResponseSchema } from '../../src/shared/api/payments'
import type { RunningServer } from '../../server/server'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import type { ApiClient } from '../support/http-client'
import { cents, freePort, pressCheckoutButton } from '../support/payments'
import { startTestServer } from '../support/server'
import { escrowHelpers } from './escrow-support'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
const { signIn, balanceOf, listingToBuy, detail, expectSoundLedger } = escrowHelpers(
  () => server,
  () => sql,
)
let alice: { client: ApiClient; id: number }
let bob: { client: ApiClient; id: number }

/** A pending deal of alice's and what it puts into escrow (price + escrow fee), in cents. */
async function openDeal() {
  const listing = await listingToBuy(alice.id, bob.id)
  const created = await alice.client.post('/api/transactions', { listingId: listing.id })
  expect(created.status, created.text).toBe(201)
  const deal = detail(created.json)
  const { rows } = await sql.query('select price_cents + escrow_fee_cents as held from escrow_transactions where id = $1', [deal.id])
  return { deal, listing, held: Number(rows[0].held) }
}

/** What the escrow core's POST /api/transactions/{id}/checkout calls. */
const checkoutFor = (transactionId: number, amountCents: number, method: 'card' | 'crypto' = 'card') =>
  server.created.services.payments.payments.createPurchaseCheckout(server.orm.em.fork(), { transactionId, userId: alice.id, amountCents, method })

beforeAll(async () => {
  db = await createDemoDatabase()
  const port = await freePort()
  server = await startTestServer({ databaseUrl: db.url, env: { ...demoEnv(), PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  alice = await signIn('alice')
  bob = await signIn('bob')
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('purchases paid at the provider', () => {
  it('funds the deal through the escrow core once, and sends the buyer on to the chat', async () => {
    const { deal, listing, held } = await openDeal()
    const walletBefore = await balanceOf(`wallet:${alice.id}`)
    // the escrow core's route: only the deal's buyer, only while it waits for payment
    expect((await bob.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'card' })).status).toBe(404)
    expect((await alice.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'cheque' })).status).toBe(400)
    const routed = await alice.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'card' })
    expect(routed.status, routed.text).toBe(200)
    const checkout = checkoutSchema.parse(routed.json)
    expect(checkout.orderId).toBe(`trans_${deal.id}`)
    expect(cents(String(checkout.amount))).toBe(held)
    // clicking again gives the same checkout
    expect(await checkoutFor(deal.id, held)).toEqual(checkout)

    const landing = await pressCheckoutButton(alice.client, checkout.checkoutUrl, 'paid')
    expect(Object.fromEntries(landing.searchParams)).toMatchObject({
      order_id: checkout.orderId,
      type: 'transaction',
      transaction_id: String(deal.id),
      status: 'paid',
    })

    // the return screen may know only the deal: type=transaction and its id name the order
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => alice.client.post('/api/trustap/verify-payment', { transaction_id: String(deal.id), type: 'transaction' })),
    )
    for (const res of answers) {
      expect(verifyPaymentResponseSchema.parse(res.json)).toMatchObject({
        success: true,
        details: {
          type: 'transaction',
          transaction_id: deal.id,
          order_id: checkout.orderId,
          conversationId: deal.conversationId,
          sellerId: listing.sellerId,
        },
      })
      // it funded the deal: nothing went to the balance
      expect(verifyPaymentResponseSchema.parse(res.json).details?.to_balance).toBeUndefined()
    }
    expect(detail((await alice.client.get(`/api/transactions/${deal.id}`)).json)).toMatchObject({ status: 'fee_paid', paymentMethod: 'card' })
    expect(await balanceOf(`escrow:${deal.id}`)).toBe(held)
    expect(await balanceOf(`wallet:${alice.id}`)).toBe(walletBefore)
    expect(cents(balanceSchema.parse((await alice.client.get('/api/balance')).json).inEscrow)).toBeGreaterThanOrEqual(held)
    const funding = await sql.query(`select count(*) as n from ledger_transfers where idempotency_key = $1`, [`deal:${deal.id}:fund`])
    expect(funding.rows[0].n).toBe('1')
    const order = await sql.query('select status, conversation_id, seller_id from payment_orders where order_id = $1', [checkout.orderId])
    expect(order.rows[0]).toEqual({ status: 'credited', conversation_id: deal.conversationId, seller_id: listing.sellerId })

    await expect(checkoutFor(deal.id, held)).rejects.toMatchObject({ status: 409, message: PAYMENT_MESSAGES.alreadyPaid })
    expect((await alice.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'card' })).status).toBe(409)
    // the escrow core asked again for the same order moves nothing twice
    const { transactions: escrow } = server.created.services
    const again = await server.orm.em.fork().transactional(async (tx) => {
      const first = await escrow.steps.payWithProvider(tx, {
        transactionId: deal.id,
        orderId: checkout.orderId,
        method: 'card',
        amountCents: held,
        processorFeeCents: 1,
      })
      return escrow.steps
        .payWithProvider(tx, { transactionId: deal.id, orderId: checkout.orderId, method: 'card', amountCents: held, processorFeeCents: 1 })
        .then(() => first)
    })
    expect(again.status).toBe('fee_paid')
    expect(await balanceOf(`wallet:${alice.id}`)).toBe(walletBefore)
    expect((await bob.client.post('/api/trustap/verify-payment', { order_id: checkout.orderId })).status).toBe(404)
    await expectSoundLedger()
  })

  it('answers clicks at the same moment with the one checkout, or a moment to wait, never "paid already"', async () => {
    const { deal } = await openDeal()
    const answers = await Promise.all(Array.from({ length: 4 }, () => alice.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'card' })))
    const opened = answers.filter((r) => r.status === 200).map((r) => checkoutSchema.parse(r.json))
    expect(opened.length).toBeGreaterThan(0)
    expect(new Set(opened.map((c) => c.checkoutUrl)).size).toBe(1)
    // a click that found the first one still at the provider is told to try again, which then gets the same checkout
    for (const waited of answers.filter((r) => r.status !== 200)) {
      expect([waited.status, waited.json?.message, waited.headers.get('retry-after')]).toEqual([409, PAYMENT_MESSAGES.checkoutOpening, '1'])
    }
    const again = await alice.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'card' })
    expect(checkoutSchema.parse(again.json).checkoutUrl).toBe(opened[0]!.checkoutUrl)
    expect((await sql.query('select count(*)::int as n from payment_orders where transaction_id = $1', [deal.id])).rows[0].n).toBe(1)
    expect((await sql.query('select status from escrow_transactions where id = $1', [deal.id])).rows[0].status).toBe('pending')
  })

  it('opens a fresh checkout after a cancelled attempt', async () => {
    const { deal, held } = await openDeal()
    const first = await checkoutFor(deal.id, held)
    await pressCheckoutButton(alice.client, first.checkoutUrl, 'cancelled')
    expect((await alice.client.post('/api/trustap/verify-payment', { order_id: first.orderId })).json).toMatchObject({ success: false })
    const second = await checkoutFor(deal.id, held, 'crypto')
    expect(second.orderId).toBe(first.orderId)
    expect(second.processorFee).not.toBe(first.processorFee)
    await pressCheckoutButton(alice.client, second.checkoutUrl, 'paid')
    expect((await alice.client.post('/api/trustap/complete-payment', { order_id: second.orderId, confirm_payment: true })).json).toMatchObject({
      success: true,
    })
    expect(await balanceOf(`escrow:${deal.id}`)).toBe(held)
    await expectSoundLedger()
  })

  it('starts a clean attempt after an operator refunded one paid with the wrong amount', async () => {
    const admin = await signIn('admin')
    const { deal, held } = await openDeal()
    const first = await checkoutFor(deal.id, held)
    await pressCheckoutButton(alice.client, first.checkoutUrl, 'paid')
    // the provider collected less than the order's total: held for an operator, who sends it back
    await sql.query('update sandbox_payments set amount_cents = amount_cents - 100 where order_id = $1', [first.orderId])
    expect((await alice.client.post('/api/trustap/verify-payment', { order_id: first.orderId })).json).toMatchObject({
      success: false,
      error: PAYMENT_MESSAGES.amountMismatch,
    })
    const refunded = await admin.client.post(`/api/admin/payments/orders/${first.orderId}/refund`, {
      reason: 'The provider collected the wrong amount',
    })
    expect(refunded.status, refunded.text).toBe(200)
    const orderRow = async () =>
      (
        await sql.query('select status, provider_ref, created_at, paid_at, credited_at, refunded_at from payment_orders where order_id = $1', [
          first.orderId,
        ])
      ).rows[0]
    const refundedRow = await orderRow()
    expect(refundedRow).toMatchObject({ status: 'refunded', paid_at: expect.any(Date), refunded_at: expect.any(Date) })

    // the deal still waits for its money: the buyer pays again, and the order speaks of that attempt only
    const second = await checkoutFor(deal.id, held)
    const reopened = await orderRow()
    expect(reopened.provider_ref).not.toBe(refundedRow.provider_ref)
    expect(reopened).toMatchObject({ status: 'created', paid_at: null, credited_at: null, refunded_at: null })
    await pressCheckoutButton(alice.client, second.checkoutUrl, 'paid')
    expect((await alice.client.post('/api/trustap/verify-payment', { order_id: second.orderId })).json).toMatchObject({ success: true })
    const credited = await orderRow()
    expect(credited).toMatchObject({ status: 'credited', refunded_at: null })
    expect(credited.paid_at.getTime()).toBeGreaterThanOrEqual(credited.created_at.getTime())
    expect(await balanceOf(`escrow:${deal.id}`)).toBe(held)
    // the refund is still on record, where an operator looks for it
    const { rows } = await sql.query(`select after from admin_audit_log where action = 'payment.refund' and target_id = $1`, [first.orderId])
    expect(rows).toEqual([{ after: { status: 'refunded' } }])
    await expectSoundLedger()
  })

  it('puts a payment for a deal that was cancelled meanwhile into the buyer’s balance', async () => {
    const { deal, held } = await openDeal()
    const checkout = await checkoutFor(deal.id, held)
    expect((await alice.client.post(`/api/transactions/${deal.id}/cancel`)).status).toBe(200)
    const walletBefore = await balanceOf(`wallet:${alice.id}`)
    await pressCheckoutButton(alice.client, checkout.checkoutUrl, 'paid')
    const res = await alice.client.post('/api/trustap/verify-payment', { order_id: checkout.orderId })
    // the return screen is told, so it does not call the payment a purchase held in escrow
    expect(res.json).toMatchObject({ success: true, details: { type: 'transaction', to_balance: true } })
    expect(await balanceOf(`wallet:${alice.id}`)).toBe(walletBefore + held)
    expect(await balanceOf(`escrow:${deal.id}`)).toBe(0)
    // her notice says where the money went, and how much it was
    const { rows: notices } = await sql.query(
      `select message, data from notifications where user_id = $1 and type = 'balance_updated' and data->>'transactionId' = $2`,
      [alice.id, String(deal.id)],
    )
    expect(notices).toEqual([
      {
        message: `Payment ${checkout.orderId} of ${formatCents(held)} arrived after the deal stopped waiting for it; it is in your balance`,
        data: expect.objectContaining({ amount: (held / 100).toFixed(2) }),
      },
    ])
    const again = await alice.client.post('/api/trustap/complete-payment', { order_id: checkout.orderId, confirm_payment: true })
    expect(again.json).toMatchObject({ success: true, details: { to_balance: true } })
    expect(await balanceOf(`wallet:${alice.id}`)).toBe(walletBefore + held)
    await expectSoundLedger()
  })
})
