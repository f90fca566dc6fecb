import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { formatCents, formatMoney } from '../../src/shared/format'
import { quoteSchema, TRANSACTION_MESSAGES, transactionListSchema } from '../../src/shared/api/transactions'
import { ADMIN_SENDER_NAME, messageListSchema } from '../../src/shared/api/conversations'
import { notificationListSchema } from '../../src/shared/api/notifications'
import type { RunningServer } from '../../server/server'
import { SURROGATE_MESSAGE } from '../../server/http/nul-guard'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import type { ApiClient } from '../support/http-client'
import { openSocket } from '../support/ws-client'
import { escrowHelpers } from './escrow-support'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
const { signIn, fund, balanceOf, listingToBuy, listingOn, detail, expectSoundLedger, statementsDuring } = escrowHelpers(
  () => server,
  () => sql,
)
let alice: { client: ApiClient; id: number }
let carol: { client: ApiClient; id: number }
let admin: { client: ApiClient; id: number }

beforeAll(async () => {
  db = await createDemoDatabase()
  server = await (await import('../support/server')).startTestServer({ databaseUrl: db.url, env: { ...demoEnv() } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  alice = await signIn('alice')
  carol = await signIn('carol')
  admin = await signIn('admin')
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

/** dollars at the API edge → cents, as the screens would */
const cents = (dollars: number) => Math.round(dollars * 100)
const fee = (price: number) => Math.max(100, Math.floor((price * 500 + 5000) / 10000))
/** a notification's data, as the screens read it */
const dataOf = (n: Record<string, unknown>) => n.data as Record<string, unknown>
const listingStatus = async (id: number) => (await sql.query('select status from listings where id = $1', [id])).rows[0].status as string

describe('a deal from purchase to completion', () => {
  it('quotes, reserves, takes the money into escrow, walks every step and pays the seller', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const seller = await signIn(listing.seller)
    const quote = quoteSchema.parse((await alice.client.get(`/api/transactions/quote?listingId=${listing.id}`)).json)
    expect(cents(quote.price)).toBe(listing.priceCents)
    expect(cents(quote.escrowFee)).toBe(fee(listing.priceCents))
    expect(quote.methods.find((m) => m.method === 'balance')).toMatchObject({ processorFee: 0, available: false })

    const created = await alice.client.post('/api/transactions', { listingId: listing.id })
    expect(created.status, created.text).toBe(201)
    const deal = detail(created.json)
    expect(deal).toMatchObject({ status: 'pending', viewerRole: 'buyer', actions: ['pay', 'cancel'], sellerId: listing.sellerId })
    expect(deal.conversationId).not.toBeNull()
    expect(await listingStatus(listing.id)).toBe('reserved')
    // the seller cannot change or remove what is being bought
    const edit = await seller.client.request('PATCH', `/api/accounts/${listing.id}`, { price: 1 })
    expect(edit.status).toBe(409)
    expect(edit.json).toMatchObject({ error: { message: 'This listing is in an escrow deal; it can be changed once the deal ends' } })
    expect((await seller.client.request('DELETE', `/api/accounts/${listing.id}`)).status).toBe(409)
    // out of the catalogue and not for sale to anyone else; its page says it is reserved
    expect((await carol.client.post('/api/transactions', { listingId: listing.id })).status).toBe(409)
    const seen = await carol.client.get(`/api/accounts/${listing.id}`)
    expect([seen.status, seen.json.isActive, seen.json.status, seen.json.soldAt]).toEqual([200, false, 'reserved', undefined])
    expect(seen.json).not.toHaveProperty('rejectionReason')
    expect((await alice.client.get(`/api/accounts/${listing.id}`)).json).toMatchObject({ status: 'reserved' })

    // short of money: a clear 409, nothing moves
    const short = await alice.client.post(`/api/transactions/${deal.id}/pay`)
    expect(short.status).toBe(409)
    expect(short.json).toMatchObject({ error: { message: 'Insufficient balance' } })
    expect(detail((await alice.client.get(`/api/transactions/${deal.id}`)).json).status).toBe('pending')

    const total = listing.priceCents + fee(listing.priceCents)
    await fund(alice.id, total)
    const before = await balanceOf(`wallet:${alice.id}`)
    const paid = await alice.client.post(`/api/transactions/${deal.id}/pay`)
    expect(paid.status, paid.text).toBe(200)
    expect(detail(paid.json)).toMatchObject({ status: 'fee_paid', paymentMethod: 'balance' })
    expect(await balanceOf(`wallet:${alice.id}`)).toBe(before - total)
    expect(await balanceOf(`escrow:${deal.id}`)).toBe(total)
    expect(detail(paid.json).checklist.length).toBeGreaterThan(2)

    // each step belongs to one side
    expect((await alice.client.post(`/api/transactions/${deal.id}/send-invite`)).status).toBe(409)
    expect((await seller.client.post(`/api/transactions/${deal.id}/send-invite`)).status).toBe(200)
    expect((await alice.client.post(`/api/transactions/${deal.id}/confirm-access`)).status).toBe(200)
    const countdown = await seller.client.post(`/api/transactions/${deal.id}/start-countdown`)
    expect(detail(countdown.json).countdownEndsAt).not.toBeNull()
    const sellerBefore = await balanceOf(`wallet:${listing.sellerId}`)
    const feesBefore = await balanceOf('system:platform_fees')
    const released = await alice.client.post(`/api/transactions/${deal.id}/release`)
    expect(detail(released.json)).toMatchObject({ status: 'completed', actions: [] })
    expect(await balanceOf(`wallet:${listing.sellerId}`)).toBe(sellerBefore + listing.priceCents)
    expect(await balanceOf('system:platform_fees')).toBe(feesBefore + fee(listing.priceCents))
    expect(await balanceOf(`escrow:${deal.id}`)).toBe(0)
    expect(await listingStatus(listing.id)).toBe('sold')
    expect((await alice.client.get(`/api/accounts/${listing.id}`)).json).toMatchObject({ id: listing.id, isActive: false })
    // sold, with its date, for anyone: the marketplace's record of the sale
    const sold = await carol.client.get(`/api/accounts/${listing.id}`)
    expect(sold.json).toMatchObject({ id: listing.id, isActive: false, status: 'sold', soldAt: expect.any(String) })
    expect(Math.abs(Date.parse(String(sold.json.soldAt)) - Date.now())).toBeLessThan(60_000)

    const timeline = detail(released.json).timeline.map((e) => e.status)
    expect(timeline).toEqual(['pending', 'fee_paid', 'invite_sent', 'access_granted', 'countdown_started', 'completed'])
    // the chat tells the story too, as system lines
    const messages = messageListSchema.parse((await seller.client.get(`/api/conversations/${deal.conversationId}/messages`)).json)
    expect(messages.filter((m) => m.isSystem).length).toBe(6)
    const sellerNotes = notificationListSchema.parse((await seller.client.get('/api/notifications?limit=50')).json).map((n) => n.type)
    for (const type of [
      'transaction_created',
      'balance_update',
      'buyer_confirmed_payment',
      'transaction_completed',
      'escrow_payment_released',
    ] as const) {
      expect(sellerNotes).toContain(type)
    }
    const buyerNotes = notificationListSchema.parse((await alice.client.get('/api/notifications?limit=50')).json).map((n) => n.type)
    for (const type of ['transaction_created', 'escrow_payment_received', 'transaction_completed'] as const) expect(buyerNotes).toContain(type)
    await expectSoundLedger()
  })

  it('tells each side live: the deal, its chat line, the notifications and the balance, once committed', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const seller = await signIn(listing.seller)
    await fund(alice.id, listing.priceCents + fee(listing.priceCents))
    const [buyerSocket, sellerSocket] = [
      await openSocket(server.url, alice.client.cookieHeader),
      await openSocket(server.url, seller.client.cookieHeader),
    ]
    try {
      buyerSocket.send({ type: 'authenticate', userId: alice.id })
      sellerSocket.send({ type: 'authenticate', userId: seller.id })
      await Promise.all([buyerSocket.next('authenticated'), sellerSocket.next('authenticated')])

      const deal = detail((await alice.client.post('/api/transactions', { listingId: listing.id })).json)
      await sellerSocket.next('transaction_created', (e) => e.transactionId === deal.id)
      const line = await sellerSocket.next('new_message', (e) => e.conversationId === deal.conversationId)
      expect(line.message).toMatchObject({ isSystem: true, content: 'alice started buying this account.' })
      await buyerSocket.next('message_sent', (e) => e.conversationId === deal.conversationId)
      const told = await sellerSocket.next('new_notification', (e) => dataOf(e.notification).transactionId === deal.id)
      expect(told.notification).toMatchObject({ type: 'transaction_created', title: 'New purchase started', isRead: false })
      const stored = notificationListSchema.parse((await seller.client.get('/api/notifications?limit=50')).json)
      expect(stored.map((n) => n.id)).toContain(told.notification.id)

      expect((await alice.client.post(`/api/transactions/${deal.id}/pay`)).status).toBe(200)
      const balance = await buyerSocket.next('balance_updated')
      expect(cents(Number(balance.balance))).toBe(await balanceOf(`wallet:${alice.id}`))
      await buyerSocket.next(
        'payment_completed',
        (e) => e.transactionId === deal.id && e.conversationId === deal.conversationId && e.redirect_to_chat,
      )
      await buyerSocket.next(
        'new_notification',
        (e) => e.notification.type === 'escrow_payment_received' && dataOf(e.notification).transactionId === deal.id,
      )
      await sellerSocket.next('new_notification', (e) => e.notification.type === 'balance_update' && dataOf(e.notification).type === 'escrow_fee')
      await sellerSocket.next('transaction_updated', (e) => e.transactionId === deal.id && e.status === 'fee_paid')
    } finally {
      buyerSocket.close()
      sellerSocket.close()
    }
  })

  it('reserves and pays from the balance in one request, or reserves nothing when the balance is short', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const total = listing.priceCents + fee(listing.priceCents)
    const wallet = await balanceOf(`wallet:${alice.id}`)
    const deals = async () =>
      Number((await sql.query('select count(*)::int as n from escrow_transactions where listing_id = $1', [listing.id])).rows[0].n)
    if (wallet >= total) throw new Error('the test needs a buyer who cannot afford the listing yet')
    const short = await alice.client.post('/api/transactions', { listingId: listing.id, pay: 'balance' })
    expect(short.status).toBe(409)
    expect(short.json).toMatchObject({ error: { message: 'Insufficient balance' } })
    expect(await listingStatus(listing.id)).toBe('active')
    expect(await deals()).toBe(0)
    expect((await alice.client.post('/api/transactions', { listingId: listing.id, pay: 'card' })).status).toBe(400)

    await fund(alice.id, total)
    const before = await balanceOf(`wallet:${alice.id}`)
    const key = { 'Idempotency-Key': `buy-and-pay-${listing.id}` }
    const { result: bought, byTransaction } = await statementsDuring(() =>
      alice.client.post('/api/transactions', { listingId: listing.id, pay: 'balance' }, key),
    )
    expect(bought.status, bought.text).toBe(201)
    // one database transaction, and a short one: the session's read outside it, then BEGIN, the key, the listing's
    // lock with the buyer's wallet (locked with it), the deal with its escrow account, the ledger's transfer, the
    // deal's steps, the key's answer, COMMIT. The ledger neither asks for the accounts nor locks the wallet again.
    const transactions = [...byTransaction].filter(([id]) => id !== null).map(([, statements]) => statements)
    expect(transactions).toHaveLength(1)
    expect(transactions[0]!.length, transactions[0]!.join('\n---\n')).toBeLessThanOrEqual(8)
    expect(byTransaction.get(null) ?? []).toHaveLength(1)
    expect(transactions[0]!.filter((statement) => /^with wanted as|^select id from ledger_accounts where id = any/.test(statement))).toEqual([])
    const deal = detail(bought.json)
    expect(deal).toMatchObject({ status: 'fee_paid', paymentMethod: 'balance', viewerRole: 'buyer' })
    expect(deal.timeline.map((e) => e.status)).toEqual(['pending', 'fee_paid'])
    expect(deal.checklist.length).toBeGreaterThan(2)
    expect(await balanceOf(`wallet:${alice.id}`)).toBe(before - total)
    expect(await balanceOf(`escrow:${deal.id}`)).toBe(total)
    expect(await listingStatus(listing.id)).toBe('reserved')
    // both steps are told: the purchase started and the money in escrow, in the chat and the notifications
    const lines = messageListSchema
      .parse((await alice.client.get(`/api/conversations/${deal.conversationId}/messages`)).json)
      .filter((m) => m.isSystem)
    expect(lines.map((m) => m.content)).toEqual(['alice started buying this account.', 'alice paid into escrow from their balance.'])
    const buyerNotes = notificationListSchema
      .parse((await alice.client.get('/api/notifications?limit=50')).json)
      .filter((n) => dataOf(n).transactionId === deal.id)
    expect(buyerNotes.map((n) => n.type).sort()).toEqual(['balance_updated', 'escrow_payment_received', 'transaction_created'])
    // paid in the same click: the purchase's notice does not ask the buyer to pay
    const started = buyerNotes.find((n) => n.type === 'transaction_created')!
    expect(started.message).toBe(
      `You are buying “${deal.listing.accountTitle}” (${deal.displayId}). Your ${formatMoney(deal.total)} is held in escrow until the account is yours.`,
    )

    // the same key answers the first result again and moves nothing
    const again = await alice.client.post('/api/transactions', { listingId: listing.id, pay: 'balance' }, key)
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true'])
    expect(again.json).toEqual(bought.json)
    expect(await balanceOf(`wallet:${alice.id}`)).toBe(before - total)
    expect(await deals()).toBe(1)
    await expectSoundLedger()
  })

  it('writes a balance purchase’s deal and its new conversation once each, and a later step’s deal once more', async () => {
    // every write of a row of either table, as a trigger sees it
    await sql.query(`create table row_writes (n serial, tbl text, id int, op text);
      create function note_row_write() returns trigger language plpgsql as $$ begin insert into row_writes (tbl, id, op) values (tg_table_name, new.id, tg_op); return new; end $$;
      create trigger note_deal_writes after insert or update on escrow_transactions for each row execute function note_row_write();
      create trigger note_conversation_writes after insert or update on conversations for each row execute function note_row_write();`)
    try {
      const listing = await listingToBuy(alice.id, carol.id)
      await fund(alice.id, listing.priceCents + fee(listing.priceCents))
      const seller = await signIn(listing.seller)
      const bought = await alice.client.post('/api/transactions', { listingId: listing.id, pay: 'balance' })
      expect(bought.status, bought.text).toBe(201)
      const deal = detail(bought.json)
      const writes = async () =>
        (
          await sql.query<{ tbl: string; op: string }>(
            `select tbl, op from row_writes where (tbl = 'escrow_transactions' and id = $1) or (tbl = 'conversations' and id = $2) order by tbl, n`,
            [deal.id, deal.conversationId],
          )
        ).rows.map((row) => `${row.tbl} ${row.op}`)
      expect(await writes()).toEqual(['conversations INSERT', 'escrow_transactions INSERT'])
      expect(detail((await alice.client.get(`/api/transactions/${deal.id}`)).json)).toMatchObject({
        status: 'fee_paid',
        paymentMethod: 'balance',
        conversationId: deal.conversationId,
      })

      expect((await seller.client.post(`/api/transactions/${deal.id}/send-invite`)).status).toBe(200)
      // the step's statement writes both (the chat line moves the conversation's activity time), in no set order
      expect((await writes()).sort()).toEqual([
        'conversations INSERT',
        'conversations UPDATE',
        'escrow_transactions INSERT',
        'escrow_transactions UPDATE',
      ])
    } finally {
      await sql.query(`drop trigger note_deal_writes on escrow_transactions; drop trigger note_conversation_writes on conversations;
        drop function note_row_write(); drop table row_writes;`)
    }
  })

  it('keeps deals to their parties and admins', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const deal = detail((await alice.client.post('/api/transactions', { listingId: listing.id })).json)
    expect((await carol.client.get(`/api/transactions/${deal.id}`)).status).toBe(404)
    expect((await carol.client.post(`/api/transactions/${deal.id}/cancel`)).status).toBe(404)
    expect(detail((await admin.client.get(`/api/transactions/${deal.id}`)).json).viewerRole).toBe('admin')
    expect((await carol.client.get('/api/transactions/all')).status).toBe(403)
    const all = transactionListSchema.parse((await admin.client.get('/api/transactions/all?status=pending')).json)
    expect(all.map((t) => t.id)).toContain(deal.id)
    const own = transactionListSchema.parse((await carol.client.get('/api/transactions')).json)
    expect(own.map((t) => t.id)).not.toContain(deal.id)
    expect((await alice.client.post(`/api/transactions/${deal.id}/cancel`)).status).toBe(200)
    expect(await listingStatus(listing.id)).toBe('active')
  })

  it('refuses your own listing, a listing that is not for sale and a bad body', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const seller = await signIn(listing.seller)
    const own = await seller.client.post('/api/transactions', { listingId: listing.id })
    expect(own.status).toBe(400)
    expect(own.json).toMatchObject({ error: { message: 'You cannot buy your own listing' } })
    expect(await listingStatus(listing.id)).toBe('active')
    expect((await alice.client.post('/api/transactions', { listingId: 99_999_999 })).status).toBe(409)
    const notAnId = await alice.client.post('/api/transactions', { listingId: 'one' })
    expect([notAnId.status, notAnId.json]).toMatchObject([400, { error: { message: 'listingId must be the id of a listing' } }])
    // past the ids' column: the same 400, not the database's range error
    for (const listingId of [2_147_483_648, Number.MAX_SAFE_INTEGER]) {
      const res = await alice.client.post('/api/transactions', { listingId })
      expect([res.status, res.json]).toMatchObject([400, { error: { message: 'listingId must be the id of a listing' } }])
    }
    expect((await alice.client.post('/api/transactions', { listingId: 1, extra: true })).status).toBe(400)
    expect((await alice.client.post('/api/transactions/1/teleport')).status).toBe(404)
    // a property every object has is not a step either (it was a 500)
    const deal = detail((await alice.client.post('/api/transactions', { listingId: listing.id })).json)
    for (const step of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      for (const client of [alice.client, admin.client]) {
        const res = await client.post(`/api/transactions/${deal.id}/${step}`, {}, { 'Idempotency-Key': `not-a-step-${step}` })
        expect([step, res.status, res.json?.message]).toEqual([step, 404, 'No such step'])
      }
    }
    expect((await alice.client.post(`/api/transactions/${deal.id}/cancel`)).status).toBe(200)
  })

  it('charges the total the buyer was shown, or reserves nothing when the price changed since', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const seller = await signIn(listing.seller)
    const shown = quoteSchema.parse((await carol.client.get(`/api/transactions/quote?listingId=${listing.id}`)).json)
    const quotedTotal = shown.methods.find((m) => m.method === 'balance')!.total
    await fund(carol.id, 2 * cents(quotedTotal))
    const wallet = await balanceOf(`wallet:${carol.id}`)
    for (const bad of [-1, 0, 10.005, 'ten']) {
      const res = await carol.client.post('/api/transactions', { listingId: listing.id, pay: 'balance', quotedTotal: bad })
      expect([res.status, res.json]).toMatchObject([400, { error: { message: expect.stringContaining('quotedTotal') } }])
    }
    // the seller raises the price while the buyer looks at the quote
    const raised = await seller.client.request('PATCH', `/api/accounts/${listing.id}`, { price: (listing.priceCents + 500) / 100 })
    expect(raised.status, raised.text).toBe(200)
    const stale = await carol.client.post('/api/transactions', { listingId: listing.id, pay: 'balance', quotedTotal })
    expect(stale.status, stale.text).toBe(409)
    expect(stale.json).toMatchObject({ error: { code: 'quote_changed', message: TRANSACTION_MESSAGES.quoteChanged } })
    expect(await listingStatus(listing.id)).toBe('active')
    expect(await balanceOf(`wallet:${carol.id}`)).toBe(wallet)
    const fresh = quoteSchema.parse((await carol.client.get(`/api/transactions/quote?listingId=${listing.id}`)).json)
    const newTotal = fresh.methods.find((m) => m.method === 'balance')!.total
    const bought = await carol.client.post('/api/transactions', { listingId: listing.id, pay: 'balance', quotedTotal: newTotal })
    expect(bought.status, bought.text).toBe(201)
    expect(await balanceOf(`wallet:${carol.id}`)).toBe(wallet - cents(newTotal))
    await expectSoundLedger()
  })
})

describe('idempotency', () => {
  it('replays the first answer for the same key and body, and refuses the key with another body', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const key = { 'Idempotency-Key': `buy-${listing.id}` }
    const first = await alice.client.post('/api/transactions', { listingId: listing.id }, key)
    expect(first.status).toBe(201)
    const again = await alice.client.post('/api/transactions', { listingId: listing.id }, key)
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.json).toEqual(first.json)
    const other = await listingToBuy(alice.id, carol.id)
    const reused = await alice.client.post('/api/transactions', { listingId: other.id }, key)
    expect(reused.status).toBe(409)
    expect(await listingStatus(other.id)).toBe('active')
    const { rows } = await sql.query('select count(*)::int as n from escrow_transactions where listing_id = $1', [listing.id])
    expect(rows[0].n).toBe(1)

    // paying twice with one key moves the money once
    const deal = detail(first.json)
    await fund(alice.id, cents(deal.total))
    const wallet = await balanceOf(`wallet:${alice.id}`)
    const payKey = { 'Idempotency-Key': `pay-${deal.id}` }
    const pays = await Promise.all([1, 2, 3].map(() => alice.client.post(`/api/transactions/${deal.id}/pay`, undefined, payKey)))
    expect(pays.map((p) => p.status)).toEqual([200, 200, 200])
    expect(await balanceOf(`wallet:${alice.id}`)).toBe(wallet - cents(deal.total))
    expect((await alice.client.post('/api/transactions', { listingId: 1 }, { 'Idempotency-Key': 'bad key with spaces' })).status).toBe(400)
    // a key sent empty is a malformed key, not none: refused, and nothing reserved
    const unkeyed = await listingToBuy(alice.id, carol.id)
    const empty = await alice.client.post('/api/transactions', { listingId: unkeyed.id }, { 'Idempotency-Key': '' })
    expect([empty.status, empty.json]).toMatchObject([400, { error: { message: TRANSACTION_MESSAGES.idempotencyInvalid } }])
    expect(await listingStatus(unkeyed.id)).toBe('active')
    await expectSoundLedger()
  })
})

describe('a listing sells once', () => {
  it('gives one of 50 concurrent buyers the deal and the others a clear error', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const buyers = [alice, carol]
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => buyers[i % 2]!.client.post('/api/transactions', { listingId: listing.id })),
    )
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(49)
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.json).toMatchObject({ error: { message: 'This account is no longer available' } })
    }
    const { rows } = await sql.query('select count(*)::int as n from escrow_transactions where listing_id = $1', [listing.id])
    expect(rows[0].n).toBe(1)
  })

  it('never lets one buyer’s concurrent purchases from the balance spend more than the wallet holds', async () => {
    const bob = await signIn('bob')
    const listings: Awaited<ReturnType<typeof listingToBuy>>[] = []
    // one after another: each takes the next listing
    for (let i = 0; i < 8; i++) listings.push(await listingToBuy(bob.id))
    const totals = new Map(listings.map((l) => [l.id, l.priceCents + fee(l.priceCents)]))
    const all = [...totals.values()].reduce((sum, n) => sum + n, 0)
    const start = await balanceOf(`wallet:${bob.id}`)
    if (start >= all) throw new Error('the test needs a buyer who cannot afford every listing')
    const funded = Math.max(start, Math.floor(all / 2))
    if (funded > start) await fund(bob.id, funded - start)
    const results = await Promise.all(listings.map((l) => bob.client.post('/api/transactions', { listingId: l.id, pay: 'balance' })))
    const bought = listings.filter((_, i) => results[i]!.status === 201)
    const refused = results.filter((r) => r.status !== 201)
    expect(refused.length).toBeGreaterThan(0)
    for (const r of refused) expect([r.status, r.json]).toMatchObject([409, { error: { message: 'Insufficient balance' } }])
    const spent = bought.reduce((sum, l) => sum + totals.get(l.id)!, 0)
    expect(await balanceOf(`wallet:${bob.id}`)).toBe(funded - spent)
    expect(funded - spent).toBeGreaterThanOrEqual(0)
    for (const l of listings.filter((l) => !bought.includes(l))) expect(await listingStatus(l.id)).toBe('active')
    await expectSoundLedger()
  })
})

describe('the server’s own moves', () => {
  it('cancels an unpaid reservation when it lapses and puts the listing back', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const deal = detail((await carol.client.post('/api/transactions', { listingId: listing.id })).json)
    const { transactions: escrow } = server.created.services
    expect(await escrow.system.runDue(server.orm.em.fork(), new Date(Date.now() + 29 * 60_000))).toBe(0)
    expect(await escrow.system.runDue(server.orm.em.fork(), new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1)
    expect(detail((await carol.client.get(`/api/transactions/${deal.id}`)).json).status).toBe('cancelled')
    expect(await listingStatus(listing.id)).toBe('active')
  })

  it('tells everyone a listing is back on sale with every field SPEC §7 gives listing_update, as when it was sold', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const watcher = await openSocket(server.url, carol.client.cookieHeader)
    try {
      watcher.send({ type: 'authenticate', userId: carol.id })
      await watcher.next('authenticated')
      const deal = detail((await alice.client.post('/api/transactions', { listingId: listing.id })).json)
      const fields = { type: 'listing_update', accountId: listing.id, transactionId: deal.id, buyerId: alice.id, sellerId: listing.sellerId }
      expect(await watcher.next('listing_update', (e) => e.accountId === listing.id && e.listingStatus === 'sold')).toEqual({
        ...fields,
        listingStatus: 'sold',
      })
      expect((await alice.client.post(`/api/transactions/${deal.id}/cancel`)).status).toBe(200)
      expect(await watcher.next('listing_update', (e) => e.accountId === listing.id && e.listingStatus === 'available')).toEqual({
        ...fields,
        listingStatus: 'available',
      })
      await watcher.next('LISTING_REACTIVATED', (e) => e.accountId === listing.id)
    } finally {
      await watcher.close()
    }
  })

  it('releases the funds when a countdown ends with no dispute', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const seller = await signIn(listing.seller)
    const deal = detail((await carol.client.post('/api/transactions', { listingId: listing.id })).json)
    await fund(carol.id, cents(deal.total))
    await carol.client.post(`/api/transactions/${deal.id}/pay`)
    await seller.client.post(`/api/transactions/${deal.id}/send-invite`)
    await carol.client.post(`/api/transactions/${deal.id}/confirm-access`)
    const started = detail((await seller.client.post(`/api/transactions/${deal.id}/start-countdown`)).json)
    const ends = new Date(started.countdownEndsAt!).getTime()
    expect(ends - Date.now()).toBeGreaterThan((started.countdownDays - 0.01) * 86_400_000)
    const sellerBefore = await balanceOf(`wallet:${listing.sellerId}`)
    await server.created.services.transactions.system.runDue(server.orm.em.fork(), new Date(ends + 1000))
    expect(detail((await carol.client.get(`/api/transactions/${deal.id}`)).json).status).toBe('completed')
    expect(await balanceOf(`wallet:${listing.sellerId}`)).toBe(sellerBefore + listing.priceCents)
    await expectSoundLedger()
  })

  it('refuses a payment or a dispute past its deadline before the sweep has got to the deal, and moves nothing', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const lapsed = detail((await carol.client.post('/api/transactions', { listingId: listing.id })).json)
    await fund(carol.id, cents(lapsed.total))
    const wallet = await balanceOf(`wallet:${carol.id}`)
    await sql.query(`update escrow_transactions set reserved_until = now() - interval '1 second' where id = $1`, [lapsed.id])
    const late = await carol.client.post(`/api/transactions/${lapsed.id}/pay`)
    expect(late.status, late.text).toBe(409)
    expect(late.json).toMatchObject({ error: { code: 'reservation_lapsed', message: TRANSACTION_MESSAGES.reservationLapsed } })
    expect(detail((await carol.client.get(`/api/transactions/${lapsed.id}`)).json).status).toBe('pending')
    expect(await balanceOf(`wallet:${carol.id}`)).toBe(wallet)

    const other = await listingToBuy(alice.id, carol.id)
    const otherSeller = await signIn(other.seller)
    await fund(carol.id, 2 * other.priceCents)
    const deal = detail((await carol.client.post('/api/transactions', { listingId: other.id, pay: 'balance' })).json)
    await otherSeller.client.post(`/api/transactions/${deal.id}/send-invite`)
    await carol.client.post(`/api/transactions/${deal.id}/confirm-access`)
    await otherSeller.client.post(`/api/transactions/${deal.id}/start-countdown`)
    expect(detail((await carol.client.get(`/api/transactions/${deal.id}`)).json).actions).toEqual(['release', 'dispute'])
    await sql.query(`update escrow_transactions set countdown_ends_at = now() - interval '1 second' where id = $1`, [deal.id])
    // the deal still reads as in countdown; the dispute is no longer offered, the buyer's release still is
    expect(detail((await carol.client.get(`/api/transactions/${deal.id}`)).json)).toMatchObject({ status: 'countdown_started', actions: ['release'] })
    expect(detail((await otherSeller.client.get(`/api/transactions/${deal.id}`)).json).actions).toEqual([])
    for (const party of [carol, otherSeller]) {
      const dispute = await party.client.post(`/api/transactions/${deal.id}/dispute`, { reason: 'Raised after the countdown ended' })
      expect(dispute.status, dispute.text).toBe(409)
      expect(dispute.json).toMatchObject({ error: { code: 'countdown_over', message: TRANSACTION_MESSAGES.countdownOver } })
    }
    expect(await server.created.services.transactions.system.runDue(server.orm.em.fork())).toBeGreaterThanOrEqual(1)
    expect(detail((await carol.client.get(`/api/transactions/${deal.id}`)).json).status).toBe('completed')
    await expectSoundLedger()
  })
})

describe('disputes and refunds', () => {
  it('holds the money through a dispute and refunds the buyer when an admin decides so', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const seller = await signIn(listing.seller)
    const deal = detail((await carol.client.post('/api/transactions', { listingId: listing.id })).json)
    await fund(carol.id, cents(deal.total))
    await carol.client.post(`/api/transactions/${deal.id}/pay`)
    await seller.client.post(`/api/transactions/${deal.id}/send-invite`)
    expect((await carol.client.post(`/api/transactions/${deal.id}/dispute`, { reason: 'short' })).status).toBe(400)
    // half a character (a lone UTF-16 surrogate) is valid JSON text that no stored JSON value can hold: a 400, not a 500
    const half = await carol.client.request('POST', `/api/transactions/${deal.id}/dispute`, '{"reason":"The invite \\ud800 never arrived"}', {
      'content-type': 'application/json',
    })
    expect([half.status, half.json?.message]).toEqual([400, SURROGATE_MESSAGE])
    expect(detail((await carol.client.get(`/api/transactions/${deal.id}`)).json).status).toBe('invite_sent')
    const disputed = await carol.client.post(`/api/transactions/${deal.id}/dispute`, { reason: 'The invite never arrived in my inbox.' })
    expect(detail(disputed.json)).toMatchObject({ status: 'disputed', disputeReason: 'The invite never arrived in my inbox.' })
    expect((await carol.client.post(`/api/transactions/${deal.id}/resolve-refund`, { note: 'x' })).status).toBe(409)
    const halfNote = await admin.client.request('POST', `/api/transactions/${deal.id}/resolve-refund`, '{"note":"Refunded \\udc00 after review"}', {
      'content-type': 'application/json',
    })
    expect([halfNote.status, halfNote.json?.message]).toEqual([400, SURROGATE_MESSAGE])
    const wallet = await balanceOf(`wallet:${carol.id}`)
    const resolved = await admin.client.post(`/api/transactions/${deal.id}/resolve-refund`, { note: 'Seller could not show the invite.' })
    expect(resolved.status, resolved.text).toBe(200)
    expect(detail(resolved.json).status).toBe('refunded')
    expect(await balanceOf(`wallet:${carol.id}`)).toBe(wallet + cents(deal.total))
    expect(await listingStatus(listing.id)).toBe('active')
    const notes = notificationListSchema.parse((await carol.client.get('/api/notifications?limit=50')).json).map((n) => n.type)
    expect(notes).toContain('refund_processed')
    await expectSoundLedger()
  })

  it('ticks the handover checklist: the seller marks a step done, then the buyer confirms it', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const seller = await signIn(listing.seller)
    const deal = detail((await carol.client.post('/api/transactions', { listingId: listing.id })).json)
    await fund(carol.id, cents(deal.total))
    const step = detail((await carol.client.post(`/api/transactions/${deal.id}/pay`)).json).checklist[0]!
    expect((await carol.client.post(`/api/transactions/${deal.id}/checklist/${step.id}`)).status).toBe(409)
    const done = detail((await seller.client.post(`/api/transactions/${deal.id}/checklist/${step.id}`)).json)
    expect(done.checklist[0]!.sellerDoneAt).not.toBeNull()
    const confirmed = detail((await carol.client.post(`/api/transactions/${deal.id}/checklist/${step.id}`)).json)
    expect(confirmed.checklist[0]!.buyerConfirmedAt).not.toBeNull()
    expect(confirmed.timeline.filter((e) => e.status === null).map((e) => e.actorRole)).toEqual(['seller', 'buyer'])
    expect((await admin.client.post(`/api/transactions/${deal.id}/checklist/${step.id}`)).status).toBe(409)
    expect((await seller.client.post(`/api/transactions/${deal.id}/checklist/99999999`)).status).toBe(404)
  })
})

describe('handover steps are data admins edit', () => {
  it('replaces a platform’s steps for new deals and leaves a running deal’s copy alone', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const running = detail((await carol.client.post('/api/transactions', { listingId: listing.id })).json)
    await fund(carol.id, cents(running.total))
    const before = detail((await carol.client.post(`/api/transactions/${running.id}/pay`)).json).checklist.map((s) => s.title)

    expect(
      (await carol.client.request('PUT', `/api/admin/handover-steps/${listing.platform}`, { steps: [{ title: 'x', description: '' }] })).status,
    ).toBe(403)
    expect((await admin.client.request('PUT', `/api/admin/handover-steps/${listing.platform}`, { steps: [] })).status).toBe(400)
    expect((await admin.client.request('PUT', '/api/admin/handover-steps/myspace', { steps: [{ title: 'Step', description: '' }] })).status).toBe(404)
    // a tick is told by its title alone (chat, timeline, dispute evidence): one title twice, or none to see, is refused
    const twice = await admin.client.request('PUT', `/api/admin/handover-steps/${listing.platform}`, {
      steps: [
        { title: 'Login email changed', description: '' },
        { title: 'Phone removed', description: '' },
        { title: ' login  EMAIL changed', description: '' },
      ],
    })
    expect(twice.status).toBe(400)
    expect(twice.json).toMatchObject({ message: '“login  EMAIL changed” is already a step of this list' })
    const blank = await admin.client.request('PUT', `/api/admin/handover-steps/${listing.platform}`, {
      steps: [{ title: '\u200b\u200b\u200b', description: '' }],
    })
    expect(blank.status).toBe(400)
    expect(blank.json).toMatchObject({ message: 'Each step needs a title of at least 3 characters' })
    expect(
      ((await admin.client.get('/api/admin/handover-steps')).json as Record<string, { title: string }[]>)[listing.platform]!.map((s) => s.title),
    ).toEqual(before)
    const steps = [
      { title: 'Recovery email changed', description: 'The account recovers to the buyer.' },
      { title: 'Sessions logged out', description: 'Only the buyer is signed in.' },
    ]
    const saved = await admin.client.request('PUT', `/api/admin/handover-steps/${listing.platform}`, { steps })
    expect(saved.status, saved.text).toBe(200)
    expect(
      ((await admin.client.get('/api/admin/handover-steps')).json as Record<string, { title: string }[]>)[listing.platform]!.map((s) => s.title),
    ).toEqual(steps.map((s) => s.title))

    const next = await listingOn(listing.platform, alice.id, carol.id)
    const fresh = detail((await carol.client.post('/api/transactions', { listingId: next.id })).json)
    await fund(carol.id, cents(fresh.total))
    expect(detail((await carol.client.post(`/api/transactions/${fresh.id}/pay`)).json).checklist.map((s) => s.title)).toEqual(
      steps.map((s) => s.title),
    )
    expect(detail((await carol.client.get(`/api/transactions/${running.id}`)).json).checklist.map((s) => s.title)).toEqual(before)
  })

  it('takes two admins saving one platform’s steps at once one after the other: both answered, the last list whole', async () => {
    const platform = 'telegram'
    const body = (who: string, round: number) => ({
      steps: [
        { title: `Step A ${who}${round}`, description: '' },
        { title: `Step B ${who}${round}`, description: '' },
      ],
    })
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        ['x', 'y'].map((who) => admin.client.request('PUT', `/api/admin/handover-steps/${platform}`, body(who, round))),
      )
      expect(
        answers.map((a) => a.status),
        answers.map((a) => a.text).join('\n'),
      ).toEqual([200, 200])
    }
    const { rows } = await sql.query('select position, title from handover_steps where platform = $1 order by position', [platform])
    expect(rows.map((r) => r.position)).toEqual([1, 2])
    expect(new Set(rows.map((r) => (r.title as string).slice(-2))).size).toBe(1)
    // each audit entry's "before" is the list its save replaced: the entry before it's "after"
    const audit = (
      await sql.query(
        `select before, after from admin_audit_log where action = 'handover_steps.update' and target_id = $1 order by id desc limit 10`,
        [platform],
      )
    ).rows.reverse()
    expect(audit).toHaveLength(10)
    for (let i = 1; i < audit.length; i++) expect(audit[i].before).toEqual({ steps: audit[i - 1].after.steps })
  })
})

/**
 * Who a deal's steps speak as and who hears them: an admin's step is Handover Support's (999) in the deal's chat, as an
 * admin's messages are (SPEC §3 "Admin sender id is 999"); a checklist tick reaches the admins too; a ban's
 * cancellation does not tell the seller the listing is back on sale.
 */
/** alice buys a listing of carol's from her balance, funded with exactly what it costs: the deal answers paid */
async function alicePaysFromBalance() {
  const listing = await listingToBuy(alice.id, carol.id)
  const held = listing.priceCents + fee(listing.priceCents)
  await fund(alice.id, held)
  const deal = detail((await alice.client.post('/api/transactions', { listingId: listing.id, pay: 'balance' })).json)
  return { listing, held, deal }
}

async function authed(who: { client: ApiClient; id: number }, as = who.id) {
  const socket = await openSocket(server.url, who.client.cookieHeader)
  socket.send({ type: 'authenticate', userId: as })
  await socket.next('authenticated')
  return socket
}

describe('an admin’s step in a deal’s chat', () => {
  it('reaches the parties from Handover Support (999, isFromAdmin) when an admin cancels a reservation, stored the same', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const deal = detail((await alice.client.post('/api/transactions', { listingId: listing.id })).json)
    const buyer = await authed(alice)
    const admins = await authed(admin, 999)
    try {
      const res = await admin.client.post(`/api/transactions/${deal.id}/cancel`)
      expect(res.status, res.text).toBe(200)
      // every admin's tabs see it sent
      expect((await admins.next('message_sent', (e) => e.conversationId === deal.conversationId)).message.senderId).toBe(999)
      const line = await buyer.next('new_message', (e) => e.conversationId === deal.conversationId && e.message.isSystem === true)
      // the sound layer (SPEC §6) keeps admin messages silent by 999 / isFromAdmin
      expect({
        senderId: line.message.senderId,
        isFromAdmin: line.message.isFromAdmin,
        sender: line.message.sender.username,
        content: line.message.content,
      }).toEqual({
        senderId: 999,
        isFromAdmin: true,
        sender: ADMIN_SENDER_NAME,
        content: `${ADMIN_SENDER_NAME} cancelled the purchase.`,
      })
      // and the stored line reads the same
      const stored = messageListSchema
        .parse((await alice.client.get(`/api/conversations/${deal.conversationId}/messages`)).json)
        .find((m) => m.id === line.message.id)!
      expect([stored.senderId, stored.isFromAdmin]).toEqual([999, true])
    } finally {
      await buyer.close()
      await admins.close()
    }
  })

  it('is Handover Support’s when an admin settles a dispute, not the admin’s own account', async () => {
    const { listing, deal } = await alicePaysFromBalance()
    expect((await alice.client.post(`/api/transactions/${deal.id}/dispute`, { reason: 'The seller never sent the invite at all' })).status).toBe(200)
    const seller = await signIn(listing.seller)
    const sellerSocket = await authed(seller)
    try {
      const res = await admin.client.post(`/api/transactions/${deal.id}/resolve-release`, { note: 'Decided after reading the chat' })
      expect(res.status, res.text).toBe(200)
      const line = await sellerSocket.next('new_message', (e) => e.conversationId === deal.conversationId && e.message.isSystem === true)
      expect(line.message.senderId).not.toBe(admin.id)
      expect([line.message.senderId, line.message.isFromAdmin]).toEqual([999, true])
    } finally {
      await sellerSocket.close()
    }
  })
})

describe('a checklist tick', () => {
  it('reaches the admins (999) as transaction_updated, as every other step does', async () => {
    const { listing, deal } = await alicePaysFromBalance()
    const seller = await signIn(listing.seller)
    const adminSocket = await authed(admin, 999)
    try {
      const step = deal.checklist[0]!
      const ticked = await seller.client.post(`/api/transactions/${deal.id}/checklist/${step.id}`)
      expect(ticked.status, ticked.text).toBe(200)
      await adminSocket.next('transaction_updated', (e) => e.transactionId === deal.id, 2_000)
    } finally {
      await adminSocket.close()
    }
  })

  it('rewrites one line for the whole checklist in the deal’s chat, heard live, and leaves the lines written before as they were', async () => {
    const { listing, deal } = await alicePaysFromBalance()
    const seller = await signIn(listing.seller)
    const conversationId = deal.conversationId!
    const [first, second] = deal.checklist
    const total = deal.checklist.length
    // a line as ticks wrote them before, one per tick: still read, never rewritten
    const old = await sql.query(
      `insert into messages (conversation_id, sender_id, is_system, content, seller_has_read) values ($1, $2, true, $3, true) returning id`,
      [conversationId, listing.sellerId, `${listing.seller} marked “An older step” done.`],
    )
    const oldId = old.rows[0].id as number
    const isChecklist = (e: { conversationId: number; message: { content: string } }) =>
      e.conversationId === conversationId && e.message.content.startsWith('Handover checklist')
    const activity = async () =>
      (await sql.query('select last_message_at from conversations where id = $1', [conversationId])).rows[0].last_message_at as Date
    const tick = async (who: { client: ApiClient }, itemId: number) => {
      const res = await who.client.post(`/api/transactions/${deal.id}/checklist/${itemId}`)
      expect(res.status, res.text).toBe(200)
    }
    const [buyerSocket, sellerSocket] = [await authed(alice), await authed(seller)]
    try {
      await tick(seller, first!.id)
      // the first tick adds the line, as any deal line is heard
      const added = (await buyerSocket.next('new_message', isChecklist)).message
      expect(added).toMatchObject({
        isSystem: true,
        senderId: listing.sellerId,
        content: `Handover checklist: 0 of ${total} steps confirmed. Latest: ${listing.seller} marked “${first!.title}” done.`,
        buyerHasRead: false,
        sellerHasRead: true,
      })
      expect(added).not.toHaveProperty('editedAt')
      expect((await sellerSocket.next('message_sent', isChecklist)).message.id).toBe(added.id)
      const afterAdded = await activity()

      // the buyer's tick rewrites it: in her name, unread by the seller now, heard by both sides (her other tabs too)
      await tick(alice, first!.id)
      const confirmed = `Handover checklist: 1 of ${total} steps confirmed. Latest: alice confirmed “${first!.title}”.`
      const [toSeller, toBuyer] = await Promise.all([
        sellerSocket.next('message_updated', (e) => isChecklist(e) && e.message.content === confirmed),
        buyerSocket.next('message_updated', (e) => isChecklist(e) && e.message.content === confirmed),
      ])
      expect(toSeller.message).toMatchObject({
        id: added.id,
        createdAt: added.createdAt,
        senderId: alice.id,
        isSystem: true,
        buyerHasRead: true,
        sellerHasRead: false,
        editedAt: expect.any(String),
      })
      expect(toBuyer.message).toEqual(toSeller.message)
      expect(Date.parse(toSeller.message.editedAt!)).toBeGreaterThanOrEqual(Date.parse(added.createdAt))
      // not a new message: the conversation keeps its place in the lists
      expect(await activity()).toEqual(afterAdded)

      await tick(seller, second!.id)
      await buyerSocket.next('message_updated', (e) => isChecklist(e) && e.message.content.endsWith(`marked “${second!.title}” done.`))
      // ticking a step again changes nothing, and says nothing
      await tick(seller, second!.id)

      const messages = messageListSchema.parse((await alice.client.get(`/api/conversations/${conversationId}/messages?limit=100`)).json)
      const checklistLines = messages.filter((m) => m.content.startsWith('Handover checklist'))
      expect(checklistLines).toHaveLength(1)
      expect(checklistLines[0]).toMatchObject({
        id: added.id,
        senderId: listing.sellerId,
        content: `Handover checklist: 1 of ${total} steps confirmed. Latest: ${listing.seller} marked “${second!.title}” done.`,
        editedAt: expect.any(String),
      })
      expect(messages.filter((m) => m.content.includes('marked “') && !m.content.startsWith('Handover checklist')).map((m) => m.id)).toEqual([oldId])
      const older = messages.find((m) => m.id === oldId)!
      expect(older).toMatchObject({ isSystem: true, content: `${listing.seller} marked “An older step” done.` })
      expect(older).not.toHaveProperty('editedAt')
      // every tick is still on the deal's timeline, with who took it
      const timeline = detail((await alice.client.get(`/api/transactions/${deal.id}`)).json).timeline.filter((e) => e.status === null)
      expect(timeline.map((e) => [e.actorRole, e.note])).toEqual([
        ['seller', `${listing.seller} marked “${first!.title}” done.`],
        ['buyer', `alice confirmed “${first!.title}”.`],
        ['seller', `${listing.seller} marked “${second!.title}” done.`],
      ])
    } finally {
      await buyerSocket.close()
      await sellerSocket.close()
    }
  })
})

describe('a reservation cancelled by a seller’s ban', () => {
  it('tells the seller the listing is off sale, not back on sale, when the ban suspended it', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    const deal = detail((await alice.client.post('/api/transactions', { listingId: listing.id })).json)
    const banned = await admin.client.post(`/api/admin/users/${listing.sellerId}/ban`, { reason: 'Selling stolen accounts' })
    expect(banned.status, banned.text).toBe(200)
    const status = (await sql.query('select status from escrow_transactions where id = $1', [deal.id])).rows[0].status
    expect(status).toBe('cancelled')
    expect((await sql.query('select status from listings where id = $1', [listing.id])).rows[0].status).toBe('suspended')
    const { rows } = await sql.query(
      `select message from notifications where user_id = $1 and type = 'transaction_updated' and (data->>'transactionId')::int = $2`,
      [listing.sellerId, deal.id],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0].message).toMatch(/; the listing is off sale \(ACC-\d+\)\.$/)
  })
})

describe('a countdown an admin starts', () => {
  it('tells both parties, stored and live, as every other admin step does', async () => {
    const { listing, deal } = await alicePaysFromBalance()
    const seller = await signIn(listing.seller)
    expect((await seller.client.post(`/api/transactions/${deal.id}/send-invite`)).status).toBe(200)
    expect((await alice.client.post(`/api/transactions/${deal.id}/confirm-access`)).status).toBe(200)
    const [buyerSocket, sellerSocket] = [await authed(alice), await authed(seller)]
    try {
      const started = await admin.client.post(`/api/transactions/${deal.id}/start-countdown`)
      expect(started.status, started.text).toBe(200)
      const isCountdown = (n: Record<string, unknown>) => n.title === 'Transfer countdown started' && dataOf(n).transactionId === deal.id
      const [toBuyer, toSeller] = await Promise.all([
        buyerSocket.next('new_notification', (e) => isCountdown(e.notification)),
        sellerSocket.next('new_notification', (e) => isCountdown(e.notification)),
      ])
      expect(toBuyer.notification).toMatchObject({ type: 'transaction_updated', message: expect.stringContaining('unless you open a dispute') })
      expect(toSeller.notification).toMatchObject({ type: 'transaction_updated', message: expect.stringContaining('come to you on') })
      await sellerSocket.next('transaction_updated', (e) => e.transactionId === deal.id && e.status === 'countdown_started')
      // stored once each, so a reload shows them too
      for (const party of [alice, seller]) {
        const notes = notificationListSchema.parse((await party.client.get('/api/notifications?limit=50')).json).filter((n) => isCountdown(n))
        expect(notes, party === alice ? 'buyer' : 'seller').toHaveLength(1)
      }
    } finally {
      await buyerSocket.close()
      await sellerSocket.close()
    }
  })
})

describe('the escrow money notifications', () => {
  /** the deal's notifications of these types, as the user's list gives them */
  const notesOf = async (who: { client: ApiClient }, dealId: number, types: string[]) =>
    notificationListSchema
      .parse((await who.client.get('/api/notifications?limit=100')).json)
      .filter((n) => dataOf(n).transactionId === dealId && types.includes(n.type))
      .map((n) => ({ type: n.type, message: n.message, amount: dataOf(n).amount }))
      .sort((a, b) => a.type.localeCompare(b.type) || a.message.localeCompare(b.message))

  it('name the amount as money in their text and as a decimal string in their data: paid, released', async () => {
    const { listing, held, deal } = await alicePaysFromBalance()
    const seller = await signIn(listing.seller)
    const title = deal.listing.accountTitle
    const [price, total] = [formatCents(listing.priceCents), formatCents(held)]
    expect(total).toBe(formatMoney(deal.total))

    expect(await notesOf(alice, deal.id, ['balance_updated', 'escrow_payment_received', 'transaction_created'])).toEqual([
      { type: 'balance_updated', message: `Paid ${total} into escrow for “${title}”`, amount: (held / 100).toFixed(2) },
      {
        type: 'escrow_payment_received',
        message: `${total} for “${title}” is held until the account is yours (${deal.displayId}).`,
        amount: (held / 100).toFixed(2),
      },
      {
        type: 'transaction_created',
        message: `You are buying “${title}” (${deal.displayId}). Your ${total} is held in escrow until the account is yours.`,
        amount: (held / 100).toFixed(2),
      },
    ])
    const secured = await notesOf(seller, deal.id, ['balance_update'])
    expect(secured).toEqual([
      {
        type: 'balance_update',
        message: `alice paid for “${title}”: your ${price} is held in escrow (${deal.displayId}). Send the ownership invite to continue.`,
        amount: (listing.priceCents / 100).toFixed(2),
      },
    ])

    await seller.client.post(`/api/transactions/${deal.id}/send-invite`)
    await alice.client.post(`/api/transactions/${deal.id}/confirm-access`)
    await seller.client.post(`/api/transactions/${deal.id}/start-countdown`)
    expect((await alice.client.post(`/api/transactions/${deal.id}/release`)).status).toBe(200)
    expect(await notesOf(seller, deal.id, ['balance_updated', 'escrow_payment_released'])).toEqual([
      {
        type: 'balance_updated',
        message: `Sale of “${title}” completed: ${price} added to your balance`,
        amount: (listing.priceCents / 100).toFixed(2),
      },
      {
        type: 'escrow_payment_released',
        message: `${price} from the sale of “${title}” is in your balance (${deal.displayId}).`,
        amount: (listing.priceCents / 100).toFixed(2),
      },
    ])
  })

  it('name the amount of a refund the same way', async () => {
    const { listing, held, deal } = await alicePaysFromBalance()
    const seller = await signIn(listing.seller)
    expect((await seller.client.post(`/api/transactions/${deal.id}/refund`)).status).toBe(200)
    const title = deal.listing.accountTitle
    expect(await notesOf(alice, deal.id, ['balance_updated', 'refund_processed'])).toEqual([
      { type: 'balance_updated', message: `Paid ${formatCents(held)} into escrow for “${title}”`, amount: (held / 100).toFixed(2) },
      { type: 'balance_updated', message: `Refund for “${title}”: ${formatCents(held)} is back in your balance`, amount: (held / 100).toFixed(2) },
      {
        type: 'refund_processed',
        message: `${formatCents(held)} for “${title}” went back to your Handover balance (${deal.displayId}).`,
        amount: (held / 100).toFixed(2),
      },
    ])
  })
})
