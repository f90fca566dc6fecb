import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import pg from 'pg'
import {
  adminDealListSchema,
  adminPaymentOrderListSchema,
  PAYMENT_MONITOR,
  paymentMonitorSummarySchema,
  reconcileResultSchema,
  STUCK_MESSAGES,
} from '../../src/shared/api/admin-payments'
import { balanceSchema, type CheckoutDto } from '../../src/shared/api/payments'
import { TOTAL_COUNT_HEADER } from '../../src/shared/api/listings'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { addUser, cents, freePort, pressCheckoutButton, startDeposit, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { openSocket } from '../support/ws-client'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let alice: TestUser
let bob: TestUser
let admin: TestUser

const balanceOf = async (user: TestUser) => cents(balanceSchema.parse((await user.client.get('/api/balance')).json).available)
const creditCount = async (orderId: string) =>
  Number((await sql.query(`select count(*) as n from ledger_transfers where idempotency_key = $1`, [`order:${orderId}:credit`])).rows[0].n)
const auditOf = async (orderId: string) =>
  (await sql.query(`select admin_id, action, target_type, before, after from admin_audit_log where target_id = $1 order by id`, [orderId])).rows
/** Moves an order's checkout back in time, as if it had been opened `minutes` ago. */
const age = (orderId: string, minutes: number) =>
  sql.query(`update payment_orders set created_at = now() - make_interval(mins => $2) where order_id = $1`, [orderId, minutes])

const deposit = (user: TestUser, amount: number, method: 'card' | 'crypto' = 'card') => startDeposit(user.client, { amount, method })

async function orders(query = '') {
  const res = await admin.client.get(`/api/admin/payments/orders${query}`)
  expect(res.status, res.text).toBe(200)
  return { items: adminPaymentOrderListSchema.parse(res.json), total: Number(res.headers.get(TOTAL_COUNT_HEADER)) }
}

const reconcile = (orderId: string) => admin.client.post(`/api/admin/payments/orders/${orderId}/reconcile`)

/** A listing of bob's, approved, that alice starts buying: a pending deal. */
async function pendingDeal(title: string) {
  const listing = await bob.client.post('/api/accounts', {
    platform: 'youtube',
    username: `channel${Date.now()}`,
    displayName: 'Cat Channel',
    niche: 'Pets',
    accountTitle: title,
    description: 'Daily videos of cats being cats, for people who like cats.',
    price: 120,
    followers: 5_000,
  })
  expect(listing.status, listing.text).toBe(201)
  const listingId = Number((listing.json as { id: number }).id)
  const approved = await admin.client.post(`/api/admin/listings/${listingId}/approve`)
  expect([200, 404, 409]).toContain(approved.status)
  const deal = await alice.client.post('/api/transactions', { listingId })
  expect(deal.status, deal.text).toBe(201)
  return Number((deal.json as { id: number }).id)
}

/** RFC 4180 as a spreadsheet reads it: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c !== '"') cell += c
      else if (text[i + 1] === '"') {
        cell += '"'
        i++
      } else quoted = false
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
  }
  return rows
}

beforeAll(async () => {
  db = await createTestDatabase()
  const port = await freePort()
  server = await startTestServer({ databaseUrl: db.url, env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  alice = await addUser(server, 'alice')
  bob = await addUser(server, 'bob')
  admin = await addUser(server, 'root', { admin: true })
})

afterAll(async () => {
  vi.restoreAllMocks()
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('who may use the payment monitor', () => {
  const reads = [
    '/api/admin/payments/orders',
    '/api/admin/payments/orders.csv',
    '/api/admin/payments/transactions',
    '/api/admin/payments/transactions.csv',
    '/api/admin/payments/summary',
  ]

  it('is refused signed out (401) and to users who are not admins (403)', async () => {
    const anonymous = new ApiClient(server.url, { origin: server.url })
    for (const path of reads) {
      expect((await anonymous.get(path)).status, path).toBe(401)
      expect((await alice.client.get(path)).status, path).toBe(403)
    }
    expect((await anonymous.post('/api/admin/payments/orders/deposit_1_1/reconcile')).status).toBe(401)
    expect((await alice.client.post('/api/admin/payments/orders/deposit_1_1/reconcile')).status).toBe(403)
  })
})

describe('payment orders', () => {
  let card: CheckoutDto
  let crypto: CheckoutDto

  beforeAll(async () => {
    card = await deposit(alice, 25, 'card')
    crypto = await deposit(bob, 10, 'crypto')
  })

  it('lists every order newest first with its buyer, amounts and total count', async () => {
    const { items, total } = await orders()
    expect(total).toBeGreaterThanOrEqual(2)
    expect(items.map((o) => o.orderId).slice(0, 2)).toEqual([crypto.orderId, card.orderId])
    expect(items.find((o) => o.orderId === card.orderId)).toMatchObject({
      kind: 'deposit',
      user: { id: alice.id, username: 'alice' },
      provider: 'sandbox',
      method: 'card',
      amount: 25,
      processorFee: 1.03,
      total: 26.03,
      status: 'created',
      stuck: null,
      creditedAt: null,
    })
  })

  it('filters by status, provider, kind and age, and refuses filters it does not know', async () => {
    expect((await orders(`?status=created&kind=deposit&provider=sandbox`)).items.map((o) => o.orderId)).toEqual(
      expect.arrayContaining([card.orderId, crypto.orderId]),
    )
    expect((await orders('?status=credited')).items.map((o) => o.orderId)).not.toContain(card.orderId)
    expect((await orders('?provider=trustap')).total).toBe(0)
    expect((await orders('?kind=purchase')).items.every((o) => o.kind === 'purchase')).toBe(true)
    await age(card.orderId, 90)
    const old = await orders('?olderThan=60')
    expect(old.items.map((o) => o.orderId)).toContain(card.orderId)
    expect(old.items.map((o) => o.orderId)).not.toContain(crypto.orderId)
    for (const bad of [
      '?status=lost',
      '?provider=paypal',
      '?olderThan=0',
      '?olderThan=ten',
      '?stuck=yes',
      '?page=0',
      '?colour=red',
      '?status=paid&status=created',
    ]) {
      const res = await admin.client.get(`/api/admin/payments/orders${bad}`)
      expect(res.status, bad).toBe(400)
      expect(res.json.message, bad).toEqual(expect.any(String))
    }
  })

  it('pages by PAYMENT_MONITOR.pageSize with the total in X-Total-Count', async () => {
    const all = await orders()
    const second = await orders('?page=2')
    expect(second.total).toBe(all.total)
    expect(second.items).toHaveLength(Math.max(0, Math.min(PAYMENT_MONITOR.pageSize, all.total - PAYMENT_MONITOR.pageSize)))
  })

  it('flags an order nobody heard of for over half an hour as stuck, and counts it', async () => {
    await age(card.orderId, PAYMENT_MONITOR.openOrderMinutes + 5)
    const stuck = await orders('?stuck=true')
    expect(stuck.items.find((o) => o.orderId === card.orderId)?.stuck).toEqual({ reason: 'open_too_long', message: STUCK_MESSAGES.open_too_long })
    expect(stuck.items.map((o) => o.orderId)).not.toContain(crypto.orderId)
    expect((await orders('?stuck=false')).items.map((o) => o.orderId)).toContain(crypto.orderId)
    const summary = paymentMonitorSummarySchema.parse((await admin.client.get('/api/admin/payments/summary')).json)
    expect(summary.stuckOrders).toBe(stuck.total)
  })
})

describe('reconcile', () => {
  it('credits an order paid at the provider but never confirmed, once however often it runs, with one audit entry', async () => {
    const before = await balanceOf(alice)
    const checkout = await deposit(alice, 40, 'card')
    // paid at the provider; the return screen never came back to confirm it
    await pressCheckoutButton(alice.client, checkout.checkoutUrl, 'paid')
    await age(checkout.orderId, 45)
    expect((await orders('?stuck=true')).items.find((o) => o.orderId === checkout.orderId)?.stuck?.reason).toBe('open_too_long')
    expect(await balanceOf(alice)).toBe(before)

    const socket = await openSocket(server.url, admin.client.cookieHeader)
    try {
      socket.send({ type: 'authenticate', userId: 999 })
      await socket.next('authenticated')
      const answers = await Promise.all([reconcile(checkout.orderId), reconcile(checkout.orderId), reconcile(checkout.orderId)])
      const results = answers.map((res) => {
        expect(res.status, res.text).toBe(200)
        return reconcileResultSchema.parse(res.json)
      })
      expect(results.filter((r) => r.changed)).toHaveLength(1)
      for (const result of results)
        expect(result).toMatchObject({ outcome: 'credited', order: { orderId: checkout.orderId, status: 'credited', stuck: null } })
      await socket.next('payment_monitor_update', (e) => e.orderId === checkout.orderId && e.status === 'credited')
    } finally {
      await socket.close()
    }
    const again = reconcileResultSchema.parse((await reconcile(checkout.orderId)).json)
    expect(again).toMatchObject({ outcome: 'credited', changed: false, message: 'The order was credited already; nothing changed.' })

    expect(await balanceOf(alice)).toBe(before + 4000)
    expect(await creditCount(checkout.orderId)).toBe(1)
    const audit = await auditOf(checkout.orderId)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      admin_id: admin.id,
      action: 'payment.reconcile',
      target_type: 'payment_order',
      before: { status: 'created', paidAt: null, creditedAt: null },
    })
    expect(audit[0].after).toMatchObject({ status: 'credited', paidAt: expect.any(String), creditedAt: expect.any(String) })
  })

  it('changes nothing and writes no audit entry while the provider has not been paid', async () => {
    const checkout = await deposit(bob, 15)
    const result = reconcileResultSchema.parse((await reconcile(checkout.orderId)).json)
    expect(result).toMatchObject({ outcome: 'pending', changed: false, order: { status: 'created' } })
    expect(await auditOf(checkout.orderId)).toEqual([])
  })

  it('records what the provider says of a cancelled payment, once', async () => {
    const checkout = await deposit(bob, 12)
    // cancelled at the provider, and Handover not told (the sandbox's own checkout tells it at once: a lost webhook)
    await sql.query(`update sandbox_payments set outcome = 'cancelled', decided_at = now() where order_id = $1`, [checkout.orderId])
    const first = reconcileResultSchema.parse((await reconcile(checkout.orderId)).json)
    expect(first).toMatchObject({ outcome: 'cancelled', changed: true, order: { status: 'cancelled' } })
    const second = reconcileResultSchema.parse((await reconcile(checkout.orderId)).json)
    expect(second).toMatchObject({ outcome: 'cancelled', changed: false })
    expect(await auditOf(checkout.orderId)).toEqual([expect.objectContaining({ before: { status: 'created' }, after: { status: 'cancelled' } })])
  })

  it('leaves an order paid with the wrong amount uncredited and flagged, for an operator', async () => {
    const before = await balanceOf(bob)
    const checkout = await deposit(bob, 20)
    await pressCheckoutButton(bob.client, checkout.checkoutUrl, 'paid')
    // the provider collected less than the order's total
    await sql.query(`update sandbox_payments set amount_cents = amount_cents - 100 where order_id = $1`, [checkout.orderId])
    const first = reconcileResultSchema.parse((await reconcile(checkout.orderId)).json)
    expect(first).toMatchObject({
      outcome: 'mismatch',
      changed: true,
      order: { status: 'paid', stuck: { reason: 'paid_not_credited', message: STUCK_MESSAGES.paid_not_credited } },
    })
    expect(reconcileResultSchema.parse((await reconcile(checkout.orderId)).json)).toMatchObject({ outcome: 'mismatch', changed: false })
    expect(await balanceOf(bob)).toBe(before)
    expect(await creditCount(checkout.orderId)).toBe(0)
    expect(await auditOf(checkout.orderId)).toHaveLength(1)
    expect((await orders('?status=paid&stuck=true')).items.map((o) => o.orderId)).toContain(checkout.orderId)
  })

  it('answers 404 for an order that does not exist', async () => {
    expect((await reconcile('deposit_1_1')).status).toBe(404)
  })
})

describe('live updates', () => {
  it('tells admins (999) of a new order after it is stored, and of its status changes', async () => {
    const socket = await openSocket(server.url, admin.client.cookieHeader)
    try {
      socket.send({ type: 'authenticate', userId: 999 })
      await socket.next('authenticated')
      const checkout = await deposit(alice, 8)
      await socket.next('payment_monitor_update', (e) => e.orderId === checkout.orderId && e.status === 'created')
      expect((await orders()).items.map((o) => o.orderId)).toContain(checkout.orderId)
      await pressCheckoutButton(alice.client, checkout.checkoutUrl, 'failed')
      await alice.client.post('/api/trustap/verify-payment', { order_id: checkout.orderId })
      await socket.next('payment_monitor_update', (e) => e.orderId === checkout.orderId && e.status === 'failed')
    } finally {
      await socket.close()
    }
  })
})

describe('escrow transactions', () => {
  it('lists deals with their ACC ids, filtered by status, and flags those the sweep missed', async () => {
    const id = await pendingDeal('Cats, "dogs" and more')
    const socket = await openSocket(server.url, admin.client.cookieHeader)
    // the sweep failing: nothing lapses the reservation on its own
    const sweep = vi.spyOn(server.created.services.transactions.system, 'runDue').mockResolvedValue(0)
    try {
      socket.send({ type: 'authenticate', userId: 999 })
      await socket.next('authenticated')
      const list = async (query = '') => {
        const res = await admin.client.get(`/api/admin/payments/transactions${query}`)
        expect(res.status, res.text).toBe(200)
        return { items: adminDealListSchema.parse(res.json), total: Number(res.headers.get(TOTAL_COUNT_HEADER)) }
      }
      const { items } = await list('?status=pending')
      expect(items.find((d) => d.id === id)).toMatchObject({
        displayId: `ACC-${String(id).padStart(3, '0')}`,
        status: 'pending',
        buyer: { username: 'alice' },
        seller: { username: 'bob' },
        price: 120,
        stuck: null,
      })
      expect((await list('?status=completed')).items.map((d) => d.id)).not.toContain(id)
      expect((await admin.client.get('/api/admin/payments/transactions?status=lost')).status).toBe(400)

      await sql.query(`update escrow_transactions set reserved_until = now() - interval '10 minutes' where id = $1`, [id])
      const stuck = await list('?stuck=true')
      expect(stuck.items.find((d) => d.id === id)?.stuck).toEqual({
        reason: 'reservation_not_lapsed',
        message: STUCK_MESSAGES.reservation_not_lapsed,
      })
      expect(paymentMonitorSummarySchema.parse((await admin.client.get('/api/admin/payments/summary')).json).stuckTransactions).toBe(stuck.total)

      // the CSV of the same filter, quoted as RFC 4180 has it
      const csv = await admin.client.get('/api/admin/payments/transactions.csv?stuck=true')
      expect(csv.status).toBe(200)
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="escrow-transactions-\d{8}-\d{4}\.csv"$/)
      expect(csv.text).toContain('"Cats, ""dogs"" and more"')
      const [header, ...rows] = parseCsv(csv.text)
      expect(rows).toHaveLength(stuck.total)
      const row = Object.fromEntries(header!.map((name, i) => [name, rows.find((r) => r[1] === String(id))![i]]))
      expect(row).toMatchObject({
        transaction: `ACC-${String(id).padStart(3, '0')}`,
        listing_title: 'Cats, "dogs" and more',
        status: 'pending',
        stuck: STUCK_MESSAGES.reservation_not_lapsed,
      })

      // an admin's step on the deal reaches the monitor through the deal's own event to 999
      expect((await admin.client.post(`/api/transactions/${id}/cancel`, {})).status).toBe(200)
      await socket.next('transaction_updated', (e) => e.transactionId === id && e.status === 'cancelled')
      expect((await list('?stuck=true')).items.map((d) => d.id)).not.toContain(id)
    } finally {
      sweep.mockRestore()
      await socket.close()
    }
  })
})

describe('CSV export of orders', () => {
  it('exports every order the filters match, not only a page, as a download', async () => {
    const { total } = await orders('?kind=deposit')
    const res = await admin.client.get('/api/admin/payments/orders.csv?kind=deposit')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="payment-orders-\d{8}-\d{4}\.csv"$/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.text.endsWith('\r\n')).toBe(true)
    const [header, ...rows] = parseCsv(res.text)
    expect(header).toEqual([
      'order_id',
      'kind',
      'transaction',
      'user_id',
      'username',
      'provider',
      'provider_ref',
      'method',
      'amount',
      'processor_fee',
      'total',
      'status',
      'stuck',
      'created_at',
      'updated_at',
      'paid_at',
      'credited_at',
      'refunded_at',
      'reversed_at',
      'reversal_resolved_at',
      'complained_at',
      'complaint_closed_at',
    ])
    expect(rows).toHaveLength(total)
    const credited = rows
      .map((r) => Object.fromEntries(header!.map((name, i) => [name, r[i]])))
      .find((r) => r.status === 'credited' && r.amount === '40.00')
    expect(credited).toMatchObject({
      kind: 'deposit',
      username: 'alice',
      provider: 'sandbox',
      method: 'card',
      processor_fee: '1.46',
      total: '41.46',
      stuck: '',
    })
    expect(credited!.credited_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    const stuckOnly = parseCsv((await admin.client.get('/api/admin/payments/orders.csv?stuck=true')).text)
    expect(stuckOnly.slice(1).every((r) => r[12] !== '')).toBe(true)
  })
})
