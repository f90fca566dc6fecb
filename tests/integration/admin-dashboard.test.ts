import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { adminDisputeListSchema, adminStatsSchema, disputeEvidenceSchema, type AdminStatsDto } from '../../src/shared/api/admin-dashboard'
import { adminConversationListSchema } from '../../src/shared/api/admin-conversations'
import { conversationDtoSchema } from '../../src/shared/api/conversations'
import { transactionDetailSchema, type TransactionDetailDto } from '../../src/shared/api/transactions'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { fundWallets, insertListings } from '../support/market-data'
import { addUser, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'

/**
 * The admin dashboard against a known market: six users, six listings at $100 (escrow fee $5) and one waiting for
 * review, five deals in every state that matters, one withdrawal waiting, and a conversation without a deal.
 */
const PRICE_CENTS = 10_000
const FEE_CENTS = 500

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let admin: TestUser
let sam: TestUser
let sue: TestUser
let bea: TestUser
let bob: TestUser
let otto: TestUser
let listings: number[]
const deals: Record<'completed' | 'disputed' | 'funded' | 'pending' | 'cancelled', TransactionDetailDto> = {} as never
let plainConversationId: number

const detail = (json: unknown) => transactionDetailSchema.parse(json)

async function step(user: TestUser, id: number, path: string, body?: unknown) {
  const res = await user.client.post(`/api/transactions/${id}/${path}`, body)
  expect(res.status, `${path}: ${res.text}`).toBe(200)
  return detail(res.json)
}

async function buy(buyer: TestUser, listingId: number) {
  const res = await buyer.client.post('/api/transactions', { listingId })
  expect(res.status, res.text).toBe(201)
  return detail(res.json)
}

const stats = async (query = '') => {
  const res = await admin.client.get(`/api/admin/stats${query}`)
  expect(res.status, res.text).toBe(200)
  return adminStatsSchema.parse(res.json)
}

const conversationsFor = async (query: string) => {
  const res = await admin.client.get(`/api/admin/conversations${query}`)
  expect(res.status, res.text).toBe(200)
  return { items: adminConversationListSchema.parse(res.json), total: Number(res.headers.get('x-total-count')) }
}

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  admin = await addUser(server, 'dash_admin', { admin: true })
  sam = await addUser(server, 'sam_seller')
  sue = await addUser(server, 'sue_seller')
  bea = await addUser(server, 'bea_buyer')
  bob = await addUser(server, 'bob_buyer')
  otto = await addUser(server, 'otto_outsider')
  // one of them signed up two days ago, for the series
  await sql.query(`update users set created_at = now() - interval '2 days' where id = $1`, [otto.id])
  listings = await insertListings(db.url, [sam.id, sue.id], 6, PRICE_CENTS, 'dash')
  await sql.query(
    `insert into listings (seller_id, platform, username, display_name, niche, description, account_title, price_cents, followers, status, search_text, niche_key)
     values ($1, 'tiktok', 'waiting_review', 'Waiting', 'pets', 'A listing an admin has not looked at yet', 'Waiting', 5000, 10, 'pending_review', 'waiting_review', 'pets')`,
    [sam.id],
  )
  await fundWallets(db.url, [bea.id, bob.id], 100_000)

  // completed: every step, then the buyer releases
  const [l0, l1, l2, l3, l4] = listings as [number, number, number, number, number]
  let deal = await buy(bea, l0)
  await step(bea, deal.id, 'pay')
  const seller0 = deal.sellerId === sam.id ? sam : sue
  await step(seller0, deal.id, 'send-invite')
  await step(bea, deal.id, 'confirm-access')
  await step(seller0, deal.id, 'start-countdown')
  deals.completed = await step(bea, deal.id, 'release')

  // disputed: paid, the seller ticks a checklist step, the buyer writes in the chat, then disputes
  deal = await buy(bob, l1)
  deal = await step(bob, deal.id, 'pay')
  const seller1 = deal.sellerId === sam.id ? sam : sue
  const ticked = await seller1.client.post(`/api/transactions/${deal.id}/checklist/${deal.checklist[0]!.id}`)
  expect(ticked.status, ticked.text).toBe(200)
  const said = await bob.client.post(`/api/conversations/${deal.conversationId}/messages`, { content: 'The invite link says it has expired.' })
  expect(said.status, said.text).toBe(201)
  deals.disputed = await step(bob, deal.id, 'dispute', { reason: 'The ownership invite never worked for me.' })

  deal = await buy(bea, l2)
  deals.funded = await step(bea, deal.id, 'pay')
  deals.pending = await buy(bob, l3)
  deal = await buy(bea, l4)
  deals.cancelled = await step(bea, deal.id, 'cancel')

  const withdrawal = await sam.client.post('/api/withdrawals', { amount: 10, destination: 'sam@payouts.example' })
  expect(withdrawal.status, withdrawal.text).toBe(201)

  const opened = await otto.client.post('/api/conversations', { sellerId: sue.id })
  expect(opened.status, opened.text).toBe(201)
  plainConversationId = conversationDtoSchema.parse(opened.json).id
  expect((await otto.client.post(`/api/conversations/${plainConversationId}/messages`, { content: 'Do you have more accounts?' })).status).toBe(201)
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('admins only', () => {
  const paths = ['/api/admin/stats', '/api/admin/disputes', '/api/admin/disputes/1', '/api/admin/conversations']

  it('answers 401 signed out and 403 to users who are not admins', async () => {
    const anonymous = new ApiClient(server.url)
    for (const path of paths) {
      expect((await anonymous.get(path)).status, path).toBe(401)
      const refused = await bea.client.get(path)
      expect(refused.status, path).toBe(403)
      expect(refused.json).toMatchObject({ error: { code: 'forbidden' } })
    }
  })

  it('refuses malformed queries with a 400', async () => {
    for (const query of [
      '/api/admin/stats?days=0',
      '/api/admin/stats?days=366',
      '/api/admin/stats?days=week',
      '/api/admin/disputes?page=0',
      '/api/admin/conversations?deal=yes',
      '/api/admin/conversations?page=x',
    ]) {
      expect((await admin.client.get(query)).status, query).toBe(400)
    }
    expect((await admin.client.get('/api/admin/disputes/abc')).status).toBe(404)
    expect((await admin.client.get('/api/admin/disputes/999999')).status).toBe(404)
  })
})

describe('figures', () => {
  it('match the market: users, listings, deals, escrow and fees from the ledger, disputes and withdrawals', async () => {
    const { figures } = await stats()
    expect(figures).toEqual({
      users: 6,
      newUsers: 6,
      // six listed; one sold, three held by open deals, the cancelled one back on sale
      activeListings: 2,
      listingsAwaitingApproval: 1,
      completedDeals: 1,
      salesVolume: PRICE_CENTS / 100,
      // disputed, funded and pending
      openDeals: 3,
      fundedDeals: 2,
      escrowHeld: (2 * (PRICE_CENTS + FEE_CENTS)) / 100,
      feesEarned: FEE_CENTS / 100,
      openDisputes: 1,
      pendingWithdrawals: 1,
      pendingWithdrawalsAmount: 10,
    } satisfies AdminStatsDto['figures'])
  })

  it('draws a point for every UTC day of the range, today last', async () => {
    const month = await stats()
    expect(month.days).toBe(30)
    expect(month.series).toHaveLength(30)
    const today = new Date().toISOString().slice(0, 10)
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)
    expect(month.series.at(-1)).toEqual({ date: today, newUsers: 5, dealsStarted: 5, salesVolume: PRICE_CENTS / 100, fees: FEE_CENTS / 100 })
    expect(month.series.find((point) => point.date === twoDaysAgo)).toMatchObject({ newUsers: 1, dealsStarted: 0, salesVolume: 0 })
    expect(month.series.reduce((sum, point) => sum + point.newUsers, 0)).toBe(6)
    const dates = month.series.map((point) => point.date)
    expect([...dates].sort()).toEqual(dates)

    const day = await stats('?days=1')
    expect(day.series.map((point) => point.date)).toEqual([today])
    expect(day.figures.newUsers).toBe(5)
    expect((await stats('?days=7')).series).toHaveLength(7)
  })
})

describe('the disputes queue', () => {
  it('lists disputed deals with who opened the dispute, when and why', async () => {
    const res = await admin.client.get('/api/admin/disputes')
    expect(res.status, res.text).toBe(200)
    expect(res.headers.get('x-total-count')).toBe('1')
    const [dispute, ...rest] = adminDisputeListSchema.parse(res.json)
    expect(rest).toEqual([])
    expect(dispute).toMatchObject({
      id: deals.disputed.id,
      status: 'disputed',
      disputedBy: 'buyer',
      disputeReason: 'The ownership invite never worked for me.',
      viewerRole: 'admin',
      actions: ['resolve_release', 'resolve_refund'],
      price: 100,
      escrowFee: 5,
    })
    expect(Date.parse(dispute!.disputedAt)).toBeGreaterThanOrEqual(Date.parse(deals.disputed.timeline.at(-1)!.createdAt) - 1000)
    expect((await admin.client.get('/api/admin/disputes?page=2')).json).toEqual([])
  })

  it('hands over the evidence: timeline, checklist ticks and the chat transcript', async () => {
    const res = await admin.client.get(`/api/admin/disputes/${deals.disputed.id}`)
    expect(res.status, res.text).toBe(200)
    const evidence = disputeEvidenceSchema.parse(res.json)
    expect(evidence.transaction.timeline.map((event) => event.status)).toEqual(['pending', 'fee_paid', null, 'disputed'])
    expect(evidence.transaction.timeline.at(-1)).toMatchObject({
      actorRole: 'buyer',
      note: expect.stringContaining('The ownership invite never worked'),
    })
    expect(evidence.transaction.checklist[0]).toMatchObject({ sellerDoneAt: expect.any(String), buyerConfirmedAt: null })
    expect(evidence.transaction.checklist.slice(1).every((item) => item.sellerDoneAt === null)).toBe(true)
    const lines = evidence.transcript.map((message) => [message.sender.username, message.isSystem ?? false, message.content])
    expect(lines).toContainEqual(['bob_buyer', false, 'The invite link says it has expired.'])
    expect(lines.at(-1)).toEqual(['bob_buyer', true, 'bob_buyer opened a dispute: The ownership invite never worked for me.'])
    const ids = evidence.transcript.map((message) => message.id)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    expect(evidence.transcriptTruncated).toBe(false)
  })

  it('empties once an admin settles it, and the figures follow', async () => {
    const resolved = await admin.client.post(`/api/transactions/${deals.disputed.id}/resolve-refund`, {
      note: 'The seller could not show a working invite.',
    })
    expect(resolved.status, resolved.text).toBe(200)
    const queue = await admin.client.get('/api/admin/disputes')
    expect(queue.json).toEqual([])
    expect(queue.headers.get('x-total-count')).toBe('0')
    const { figures } = await stats()
    expect(figures).toMatchObject({ openDisputes: 0, openDeals: 2, fundedDeals: 1, escrowHeld: (PRICE_CENTS + FEE_CENTS) / 100, activeListings: 3 })
    // a settled deal's evidence can still be read
    const evidence = disputeEvidenceSchema.parse((await admin.client.get(`/api/admin/disputes/${deals.disputed.id}`)).json)
    expect(evidence.transaction.status).toBe('refunded')
  })
})

describe('every conversation, for support', () => {
  it('lists all of them newest first as the admin sees them, with their deals', async () => {
    const { items, total } = await conversationsFor('')
    expect(total).toBe(6)
    expect(items).toHaveLength(6)
    expect(items.every((c) => c.role === 'admin' && c.counterpart.id === c.buyerId)).toBe(true)
    const times = items.map((c) => c.lastMessageAt)
    expect([...times].sort().reverse()).toEqual(times)
    const plain = items.find((c) => c.id === plainConversationId)
    expect(plain).toMatchObject({ deal: null, transactionId: null, unreadCount: 1, lastMessage: { content: 'Do you have more accounts?' } })
    const completed = items.find((c) => c.transactionId === deals.completed.id)
    expect(completed?.deal).toEqual({ id: deals.completed.id, displayId: deals.completed.displayId, status: 'completed' })
  })

  it('narrows to conversations with a deal, to disputed deals and to what no admin has read', async () => {
    expect((await conversationsFor('?deal=true')).total).toBe(5)
    // the dispute above was settled: open a new one
    const again = await buy(bob, listings[5]!)
    await step(bob, again.id, 'pay')
    await step(bob, again.id, 'dispute', { reason: 'Second try, still no access at all.' })
    const disputed = await conversationsFor('?disputed=true')
    expect(disputed.items.map((c) => c.deal)).toEqual([{ id: again.id, displayId: again.displayId, status: 'disputed' }])
    expect(disputed.total).toBe(1)

    const unreadBefore = await conversationsFor('?unread=true')
    expect(unreadBefore.total).toBe(7)
    expect((await admin.client.post(`/api/conversations/${plainConversationId}/read`)).status).toBe(200)
    const unread = await conversationsFor('?unread=true')
    expect(unread.total).toBe(6)
    expect(unread.items.map((c) => c.id)).not.toContain(plainConversationId)
    expect(unread.items.every((c) => c.unreadCount > 0)).toBe(true)
    expect((await conversationsFor('?unread=true&disputed=true')).items.map((c) => c.transactionId)).toEqual([again.id])
  })

  it('finds a party, a listing, a deal number or a conversation number', async () => {
    const byBuyer = await conversationsFor('?q=BEA_b')
    expect(byBuyer.total).toBe(3)
    expect(byBuyer.items.every((c) => c.buyer.username === 'bea_buyer')).toBe(true)
    const bySeller = await conversationsFor(`?q=${encodeURIComponent('sue_sel')}`)
    expect(bySeller.items.every((c) => c.seller.username === 'sue_seller')).toBe(true)
    expect(bySeller.items.map((c) => c.id)).toContain(plainConversationId)

    const { rows } = await sql.query('select username from listings where id = $1', [listings[0]])
    const byHandle = await conversationsFor(`?q=${encodeURIComponent(rows[0].username)}`)
    expect(byHandle.items.map((c) => c.listing?.id)).toEqual([listings[0]])

    expect((await conversationsFor(`?q=${deals.pending.displayId}`)).items.map((c) => c.transactionId)).toEqual([deals.pending.id])
    expect((await conversationsFor(`?q=%23${plainConversationId}`)).items.map((c) => c.id)).toEqual([plainConversationId])
    // LIKE's wildcards are meant literally
    expect((await conversationsFor('?q=%25')).total).toBe(0)
    expect((await conversationsFor('?q=nobody-here&deal=true')).items).toEqual([])
  })

  it('pages', async () => {
    const first = await conversationsFor('')
    const past = await conversationsFor('?page=2')
    expect(past.items).toEqual([])
    expect(past.total).toBe(first.total)
  })
})

describe('deals recorded as history, as the demo data has them', () => {
  it('count their escrow fees as earned, as the chart does, though no money moved through the ledger', async () => {
    const before = await stats()
    // a completed deal written straight into the table, on the listing whose deal was cancelled
    await sql.query(
      `insert into escrow_transactions (listing_id, buyer_id, seller_id, status, price_cents, escrow_fee_cents, payment_method, countdown_days, created_at, updated_at, paid_at, closed_at)
       select listing_id, buyer_id, seller_id, 'completed', 14000, 700, 'balance', countdown_days, now(), now(), now(), now() from escrow_transactions where id = $1`,
      [deals.cancelled.id],
    )
    const after = await stats()
    expect(after.figures.completedDeals).toBe(before.figures.completedDeals + 1)
    expect(after.figures.feesEarned).toBe(before.figures.feesEarned + 7)
    expect(after.figures.feesEarned).toBe(after.series.reduce((sum, point) => sum + point.fees, 0))
  })
})
