/**
 * What an Idempotency-Key covers: one person's one request. The same key on another path is refused (409) rather
 * than answered with the first request's answer, and the refused request changes nothing; the same key from another
 * person is that person's own key, so their request runs (and is refused or not on its own merits), and never
 * replays someone else's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { TRANSACTION_MESSAGES } from '../../src/shared/api/transactions'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { errorCode, type ApiClient } from '../support/http-client'
import { addUser, fundWallet, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { addListing, balances, entryCount, escrowFeeOf } from './deal-fixtures'
import { escrowHelpers } from './escrow-support'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
const { detail, expectSoundLedger } = escrowHelpers(
  () => server,
  () => sql,
)
let buyer: TestUser
let other: TestUser
let seller: TestUser
let admin: TestUser
let secondAdmin: TestUser

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  buyer = await addUser(server, 'key_buyer')
  other = await addUser(server, 'key_other')
  seller = await addUser(server, 'key_seller')
  admin = await addUser(server, 'key_admin', { admin: true })
  secondAdmin = await addUser(server, 'key_admin_two', { admin: true })
  await fundWallet(server, buyer.id, 50_000)
  await fundWallet(server, other.id, 50_000)
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

const PRICE = 3000
const keyed = (client: ApiClient, path: string, key: string, body: unknown = {}) => client.post(path, body, { 'idempotency-key': key })
const statusOf = async (id: number) => (await sql.query('select status from escrow_transactions where id = $1', [id])).rows[0].status as string
const wallet = async (user: TestUser) => (await balances(sql)).get(`wallet:${user.id}`) ?? 0

/** A deal of `who`'s on a new listing of the seller's, pending or paid from the balance. */
async function dealOf(who: TestUser, paid: boolean): Promise<number> {
  const listingId = await addListing(server, seller.id, PRICE)
  const res = await who.client.post('/api/transactions', paid ? { listingId, pay: 'balance' } : { listingId })
  expect(res.status, res.text).toBe(201)
  return detail(res.json).id
}

const expectReused = (res: Awaited<ReturnType<ApiClient['post']>>) => {
  expect([res.status, errorCode(res.json), res.json?.message], res.text.slice(0, 200)).toEqual([
    409,
    'idempotency_key_reused',
    TRANSACTION_MESSAGES.idempotencyMismatch,
  ])
  expect(res.headers.get('idempotent-replayed')).toBeNull()
}

describe('one key on two paths', () => {
  it('is refused on the second path, which changes nothing, while the first keeps its answer', async () => {
    const first = await dealOf(buyer, false)
    const second = await dealOf(buyer, false)
    const paid = await keyed(buyer.client, `/api/transactions/${first}/pay`, 'one-key')
    expect(paid.status, paid.text).toBe(200)
    const walletAfterFirst = await wallet(buyer)
    const entries = await entryCount(sql)

    // the same body on another deal's path, another step, another kind of request
    expectReused(await keyed(buyer.client, `/api/transactions/${second}/pay`, 'one-key'))
    expectReused(await keyed(buyer.client, `/api/transactions/${second}/cancel`, 'one-key'))
    expectReused(await keyed(buyer.client, '/api/withdrawals', 'one-key', { amount: '10.00', destination: 'key_buyer@payouts.example' }))
    expect(await statusOf(second)).toBe('pending')
    expect(await wallet(buyer)).toBe(walletAfterFirst)
    expect(await entryCount(sql)).toBe(entries)
    expect((await sql.query('select count(*)::int as n from withdrawals where user_id = $1', [buyer.id])).rows[0].n).toBe(0)

    // the first path still replays its own answer, and the second deal pays with a key of its own
    const again = await keyed(buyer.client, `/api/transactions/${first}/pay`, 'one-key')
    expect([again.status, again.headers.get('idempotent-replayed'), again.json]).toEqual([200, 'true', paid.json])
    expect((await keyed(buyer.client, `/api/transactions/${second}/pay`, 'another-key')).status).toBe(200)
    expect(await wallet(buyer)).toBe(walletAfterFirst - PRICE - escrowFeeOf(PRICE))
    await expectSoundLedger()
  })

  it('an admin’s key on one withdrawal is refused on another, which stays waiting', async () => {
    await fundWallet(server, seller.id, 5000)
    const ask = async () => {
      const res = await seller.client.post('/api/withdrawals', { amount: '10.00', destination: 'key_seller@payouts.example' })
      expect(res.status, res.text).toBe(201)
      return Number(res.json.id)
    }
    const [one, two] = [await ask(), await ask()]
    expect((await keyed(admin.client, `/api/admin/withdrawals/${one}/approve`, 'decide')).status).toBe(200)
    expectReused(await keyed(admin.client, `/api/admin/withdrawals/${two}/approve`, 'decide'))
    const { rows } = await sql.query('select id, status from withdrawals where id = any($1::int[]) order by id', [[one, two]])
    expect(rows).toEqual([
      { id: one, status: 'approved' },
      { id: two, status: 'requested' },
    ])
    await expectSoundLedger()
  })
})

describe('one key from two people', () => {
  it('runs each person’s own purchase', async () => {
    const [mine, theirs] = [await addListing(server, seller.id, PRICE), await addListing(server, seller.id, PRICE)]
    const [buyerBefore, otherBefore] = [await wallet(buyer), await wallet(other)]
    const a = await keyed(buyer.client, '/api/transactions', 'shared-key', { listingId: mine, pay: 'balance' })
    const b = await keyed(other.client, '/api/transactions', 'shared-key', { listingId: theirs, pay: 'balance' })
    expect([a.status, b.status]).toEqual([201, 201])
    expect(b.headers.get('idempotent-replayed')).toBeNull()
    expect([detail(a.json).buyerId, detail(b.json).buyerId]).toEqual([buyer.id, other.id])
    expect(detail(a.json).id).not.toBe(detail(b.json).id)
    const total = PRICE + escrowFeeOf(PRICE)
    expect([await wallet(buyer), await wallet(other)]).toEqual([buyerBefore - total, otherBefore - total])
  })

  it('the same step with the same key and body from the other side is that side’s own request, never the first side’s answer', async () => {
    const deal = await dealOf(buyer, true)
    const reason = { reason: 'The channel lost its monetisation.' }
    const opened = await keyed(buyer.client, `/api/transactions/${deal}/dispute`, 'dispute-key', reason)
    expect(opened.status, opened.text).toBe(200)
    const sellers = await keyed(seller.client, `/api/transactions/${deal}/dispute`, 'dispute-key', reason)
    expect([sellers.status, errorCode(sellers.json), sellers.headers.get('idempotent-replayed')]).toEqual([409, 'invalid_status', null])
  })

  it('two admins deciding one dispute with one key: the second is refused, and the money moves once', async () => {
    const deal = await dealOf(buyer, true)
    expect((await buyer.client.post(`/api/transactions/${deal}/dispute`, { reason: 'Wrong account handed over.' })).status).toBe(200)
    const before = await wallet(buyer)
    const note = { note: 'The buyer showed the seller handed over another channel.' }
    const first = await keyed(admin.client, `/api/transactions/${deal}/resolve-refund`, 'decision', note)
    expect(first.status, first.text).toBe(200)
    const entries = await entryCount(sql)
    // the very same request from another admin, then the opposite decision
    for (const step of ['resolve-refund', 'resolve-release']) {
      const res = await keyed(secondAdmin.client, `/api/transactions/${deal}/${step}`, 'decision', note)
      expect([res.status, errorCode(res.json), res.headers.get('idempotent-replayed')], step).toEqual([409, 'invalid_status', null])
    }
    expect(await statusOf(deal)).toBe('refunded')
    expect(await wallet(buyer)).toBe(before + PRICE + escrowFeeOf(PRICE))
    expect(await entryCount(sql)).toBe(entries)
    await expectSoundLedger()
  })
})
