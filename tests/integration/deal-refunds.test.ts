/**
 * A refunded deal's money goes back where it came from: a card or crypto payment through the provider's refund (the
 * price and escrow fee; the processor keeps its fee), the balance for a balance payment, and the balance only where
 * the provider will not refund, said so. The ledger, the provider's side, the order, the deal, the buyer's notice and
 * the chat each say the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { formatCents } from '../../src/shared/format'
import { checkoutSchema } from '../../src/shared/api/payments'
import type { RunningServer } from '../../server/server'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import type { ApiClient } from '../support/http-client'
import { freePort, pressCheckoutButton } from '../support/payments'
import { startTestServer } from '../support/server'
import { escrowHelpers } from './escrow-support'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
const { signIn, fund, balanceOf, listingToBuy, detail, expectSoundLedger } = escrowHelpers(
  () => server,
  () => sql,
)
let alice: { client: ApiClient; id: number }
let bob: { client: ApiClient; id: number }
let admin: { client: ApiClient; id: number }

/** A deal of alice's paid by `method` (at the sandbox's checkout for card and crypto), with its seller signed in. */
async function paidDeal(method: 'card' | 'crypto' | 'balance') {
  const listing = await listingToBuy(alice.id, bob.id)
  const created = await alice.client.post('/api/transactions', { listingId: listing.id })
  expect(created.status, created.text).toBe(201)
  const deal = detail(created.json)
  const { rows } = await sql.query('select price_cents + escrow_fee_cents as held from escrow_transactions where id = $1', [deal.id])
  const held = Number(rows[0].held)
  if (method === 'balance') {
    const paid = await alice.client.post(`/api/transactions/${deal.id}/pay`)
    expect(paid.status, paid.text).toBe(200)
  } else {
    const routed = await alice.client.post(`/api/transactions/${deal.id}/checkout`, { method })
    expect(routed.status, routed.text).toBe(200)
    const checkout = checkoutSchema.parse(routed.json)
    await pressCheckoutButton(alice.client, checkout.checkoutUrl, 'paid')
    const verified = await alice.client.post('/api/trustap/verify-payment', { order_id: checkout.orderId })
    expect(verified.status, verified.text).toBe(200)
  }
  const funded = detail((await alice.client.get(`/api/transactions/${deal.id}`)).json)
  expect(funded).toMatchObject({ status: 'fee_paid', paymentMethod: method, refundedTo: null })
  const { rows: fees } = await sql.query('select processor_fee_cents from escrow_transactions where id = $1', [deal.id])
  return { deal, held, processorFee: Number(fees[0].processor_fee_cents), seller: await signIn(listing.seller) }
}

const sandboxRow = async (dealId: number) =>
  (
    await sql.query(
      `select s.amount_cents::int as amount, s.refunded_cents::int as refunded, s.refunded_at is not null as refunded_at
       from sandbox_payments s join payment_orders o on o.provider_ref = s.ref where o.order_id = $1`,
      [`trans_${dealId}`],
    )
  ).rows[0] as { amount: number; refunded: number | null; refunded_at: boolean }

const orderRow = async (dealId: number) =>
  (await sql.query('select status, refunded_at, reversed_at from payment_orders where order_id = $1', [`trans_${dealId}`])).rows[0]

const refundNotice = async (dealId: number) =>
  (
    await sql.query(`select message, data from notifications where user_id = $1 and type = 'refund_processed' and data->>'transactionId' = $2`, [
      alice.id,
      String(dealId),
    ])
  ).rows

const chatLines = async (dealId: number) =>
  (
    await sql.query(
      `select m.content from messages m join escrow_transactions t on t.conversation_id = m.conversation_id
       where t.id = $1 and m.content like '%refunded%' order by m.id`,
      [dealId],
    )
  ).rows.map((r) => r.content as string)

beforeAll(async () => {
  db = await createDemoDatabase()
  const port = await freePort()
  server = await startTestServer({ databaseUrl: db.url, env: { ...demoEnv(), PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  alice = await signIn('alice')
  bob = await signIn('bob')
  admin = await signIn('admin')
  await fund(alice.id, 5_000_000)
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('refunding a deal', () => {
  it('sends a card payment back through the provider: price and escrow fee, not the processor fee', async () => {
    const { deal, held, processorFee, seller } = await paidDeal('card')
    expect(processorFee).toBeGreaterThan(0)
    const walletBefore = await balanceOf(`wallet:${alice.id}`)
    const clearingBefore = await balanceOf('system:provider_clearing')

    const refunded = await seller.client.post(`/api/transactions/${deal.id}/refund`)
    expect(refunded.status, refunded.text).toBe(200)
    expect(detail(refunded.json)).toMatchObject({ status: 'refunded', paymentMethod: 'card', refundedTo: 'payment' })

    // the provider gave back what escrow held, and kept its fee
    expect(await sandboxRow(deal.id)).toEqual({ amount: held + processorFee, refunded: held, refunded_at: true })
    // the money left Handover the way it came in: escrow → provider clearing; the balance did not move
    expect(await balanceOf(`escrow:${deal.id}`)).toBe(0)
    expect(await balanceOf(`wallet:${alice.id}`)).toBe(walletBefore)
    expect(await balanceOf('system:provider_clearing')).toBe(clearingBefore + held)
    // the order keeps its credit and records the refund
    expect(await orderRow(deal.id)).toMatchObject({ status: 'credited', refunded_at: expect.any(Date), reversed_at: null })

    expect(await refundNotice(deal.id)).toEqual([
      {
        message: `${formatCents(held)} for “${deal.listing.accountTitle}” went back to your card (${deal.displayId}). The ${formatCents(processorFee)} processor fee is not refundable.`,
        data: expect.objectContaining({ amount: (held / 100).toFixed(2), refundedTo: 'payment' }),
      },
    ])
    // no balance notice: the balance did not change
    const { rows: balanceNotices } = await sql.query(
      `select 1 from notifications where user_id = $1 and type = 'balance_updated' and data->>'transactionId' = $2`,
      [alice.id, String(deal.id)],
    )
    expect(balanceNotices).toEqual([])
    expect(await chatLines(deal.id)).toEqual([
      `${await usernameOf(seller.id)} refunded the buyer: ${formatCents(held)} went back to the buyer’s card.`,
    ])

    // the provider now reports the payment given back: Handover's own refund is no reversal for an operator
    await server.created.services.payments.payments.reconcile(server.orm.em.fork(), admin.id, `trans_${deal.id}`)
    expect(await orderRow(deal.id)).toMatchObject({ status: 'credited', reversed_at: null })

    // a second refund is refused and gives nothing back twice
    expect((await seller.client.post(`/api/transactions/${deal.id}/refund`)).status).toBe(409)
    expect(await sandboxRow(deal.id)).toMatchObject({ refunded: held })
    expect(await balanceOf('system:provider_clearing')).toBe(clearingBefore + held)
    await expectSoundLedger()
  })

  it('sends a crypto payment settled in a dispute back to the crypto wallet', async () => {
    const { deal, held } = await paidDeal('crypto')
    const walletBefore = await balanceOf(`wallet:${alice.id}`)
    expect((await alice.client.post(`/api/transactions/${deal.id}/dispute`, { reason: 'The seller never sent the invite' })).status).toBe(200)
    const settled = await admin.client.post(`/api/transactions/${deal.id}/resolve-refund`, { note: 'No invite was sent' })
    expect(settled.status, settled.text).toBe(200)
    expect(detail(settled.json)).toMatchObject({ status: 'refunded', refundedTo: 'payment' })
    expect(await sandboxRow(deal.id)).toMatchObject({ refunded: held })
    expect(await balanceOf(`wallet:${alice.id}`)).toBe(walletBefore)
    expect((await refundNotice(deal.id))[0].message).toContain('went back to your crypto wallet')
    await expectSoundLedger()
  })

  it('refunds a balance payment to the balance', async () => {
    const { deal, held, seller } = await paidDeal('balance')
    const walletBefore = await balanceOf(`wallet:${alice.id}`)
    const refunded = await seller.client.post(`/api/transactions/${deal.id}/refund`)
    expect(refunded.status, refunded.text).toBe(200)
    expect(detail(refunded.json)).toMatchObject({ status: 'refunded', refundedTo: 'balance' })
    expect(await balanceOf(`wallet:${alice.id}`)).toBe(walletBefore + held)
    expect((await refundNotice(deal.id))[0].message).toBe(
      `${formatCents(held)} for “${deal.listing.accountTitle}” went back to your Handover balance (${deal.displayId}).`,
    )
    await expectSoundLedger()
  })

  it('refunds to the balance, and says why, when the provider will not refund the payment', async () => {
    const { deal, held, processorFee, seller } = await paidDeal('card')
    // the payment moved on at the provider: it holds no paid payment to refund any more
    await sql.query(`update sandbox_payments set outcome = 'failed' where ref = (select provider_ref from payment_orders where order_id = $1)`, [
      `trans_${deal.id}`,
    ])
    const walletBefore = await balanceOf(`wallet:${alice.id}`)
    const clearingBefore = await balanceOf('system:provider_clearing')
    const refunded = await seller.client.post(`/api/transactions/${deal.id}/refund`)
    expect(refunded.status, refunded.text).toBe(200)
    expect(detail(refunded.json)).toMatchObject({ status: 'refunded', paymentMethod: 'card', refundedTo: 'balance' })
    expect(await balanceOf(`wallet:${alice.id}`)).toBe(walletBefore + held)
    expect(await balanceOf('system:provider_clearing')).toBe(clearingBefore)
    expect(await sandboxRow(deal.id)).toMatchObject({ refunded: null, refunded_at: false })
    expect(await orderRow(deal.id)).toMatchObject({ refunded_at: null })
    expect((await refundNotice(deal.id))[0].message).toBe(
      `${formatCents(held)} for “${deal.listing.accountTitle}” went to your Handover balance, as the payment provider could not refund the card payment (${deal.displayId}). The ${formatCents(processorFee)} processor fee is not refundable.`,
    )
    await expectSoundLedger()
  })
})

async function usernameOf(id: number): Promise<string> {
  const { rows } = await sql.query('select username from users where id = $1', [id])
  return rows[0].username as string
}
