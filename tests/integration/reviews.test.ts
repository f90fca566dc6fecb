import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { sellerProfileSchema, topSellersSchema } from '../../src/shared/api/listings'
import { notificationListSchema } from '../../src/shared/api/notifications'
import { dealReviewSchema, REVIEW_MESSAGES, reviewDtoSchema, sellerReviewsSchema } from '../../src/shared/api/reviews'
import { hashPassword } from '../../server/modules/auth/passwords'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { enrolTotp } from '../support/two-factor'
import { startTestServer } from '../support/server'
import { escrowHelpers } from './escrow-support'

const PASSWORD = 'reviews-test-password'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let passwordHash: string
const { fund, detail } = escrowHelpers(
  () => server,
  () => sql,
)

interface Person {
  id: number
  username: string
  client: ApiClient
}

/** A user made in SQL (no welcome bonus, so a wallet holds exactly what a test funds), signed in. */
async function person(username: string, options: { admin?: boolean } = {}): Promise<Person> {
  const { rows } = await sql.query(
    `insert into users (username, username_key, email, password_hash, is_admin) values ($1::text, lower($1::text), lower($1::text) || '@example.test', $2, $3) returning id`,
    [username, passwordHash, options.admin ?? false],
  )
  const client = new ApiClient(server.url)
  const res = await client.post('/api/auth/login', { username, password: PASSWORD })
  expect(res.status, res.text).toBe(200)
  // an admin's powers open once two-factor is on
  if (options.admin) await enrolTotp(client)
  return { id: rows[0].id as number, username, client }
}

let serial = 0
async function listing(sellerId: number, priceCents = 10_000): Promise<number> {
  const handle = `review_fixture_${++serial}`
  const { rows } = await sql.query(
    `insert into listings (seller_id, platform, username, display_name, niche, description, account_title, price_cents, followers, status, search_text, niche_key)
     values ($1, 'youtube', $2::text, 'Fixture', 'Gaming', 'A fixture listing.', $3, $4, 1000, 'active', $2::text, 'gaming') returning id`,
    [sellerId, handle, `Channel ${serial}`, priceCents],
  )
  return rows[0].id as number
}

const step = async (who: Person, dealId: number, path: string) => {
  const res = await who.client.post(`/api/transactions/${dealId}/${path}`)
  expect(res.status, `${path}: ${res.text}`).toBe(200)
  return detail(res.json)
}

/** A deal walked through the real escrow steps up to `until` (completed by default). */
async function deal(buyer: Person, seller: Person, until: 'pending' | 'fee_paid' | 'completed' = 'completed'): Promise<number> {
  const created = await buyer.client.post('/api/transactions', { listingId: await listing(seller.id) })
  expect(created.status, created.text).toBe(201)
  const { id, total } = detail(created.json)
  if (until === 'pending') return id
  await fund(buyer.id, Math.round(total * 100))
  await step(buyer, id, 'pay')
  if (until === 'fee_paid') return id
  await step(seller, id, 'send-invite')
  await step(buyer, id, 'confirm-access')
  await step(seller, id, 'start-countdown')
  expect((await step(buyer, id, 'release')).status).toBe('completed')
  return id
}

const review = (who: Person, dealId: number, body: unknown) => who.client.request('POST', `/api/transactions/${dealId}/review`, body)
const reviewsOf = async (dealId: number) =>
  Number((await sql.query('select count(*) from reviews where transaction_id = $1', [dealId])).rows[0].count)
const reviewNotes = async (userId: number) =>
  Number((await sql.query(`select count(*) from notifications where user_id = $1 and data->>'type' = 'review'`, [userId])).rows[0].count)

let seller: Person
let buyer: Person
let outsider: Person
let admin: Person

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  passwordHash = await hashPassword(PASSWORD)
  seller = await person('rev_seller')
  buyer = await person('rev_buyer')
  outsider = await person('rev_outsider')
  admin = await person('rev_admin', { admin: true })
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('writing a review', () => {
  it('lets only the buyer of a completed deal review the seller, once', async () => {
    const id = await deal(buyer, seller)
    expect(dealReviewSchema.parse((await buyer.client.get(`/api/transactions/${id}/review`)).json)).toEqual({ review: null, removed: null })

    const bySeller = await review(seller, id, { rating: 5, text: 'Great buyer' })
    expect(bySeller.status).toBe(403)
    expect(bySeller.json.message).toBe(REVIEW_MESSAGES.notBuyer)
    // an admin sees every deal but is no party to it
    expect((await review(admin, id, { rating: 5, text: 'Fine' })).status).toBe(403)
    // anyone else: the deal does not exist for them
    const byOutsider = await review(outsider, id, { rating: 1, text: 'Never bought this' })
    expect(byOutsider.status).toBe(404)
    expect(byOutsider.json.message).toBe('Transaction not found')
    expect((await review(buyer, 999_999, { rating: 5, text: 'Nothing here' })).status).toBe(404)
    expect(await reviewsOf(id)).toBe(0)

    const written = await review(buyer, id, { rating: 4, text: '  Smooth handover, quick answers.  ' })
    expect(written.status, written.text).toBe(201)
    const dto = reviewDtoSchema.parse(written.json)
    expect(dto).toMatchObject({
      rating: 4,
      text: 'Smooth handover, quick answers.',
      reviewer: { id: buyer.id, username: 'rev_buyer', avatar: null },
      listing: { platform: 'youtube' },
    })

    const again = await review(buyer, id, { rating: 1, text: 'Changed my mind' })
    expect(again.status).toBe(409)
    expect(again.json.message).toBe(REVIEW_MESSAGES.already)
    const { rows } = await sql.query('select rating, text from reviews where transaction_id = $1', [id])
    expect(rows).toEqual([{ rating: 4, text: 'Smooth handover, quick answers.' }])

    // both parties (and admins) read it on the deal; nobody else
    for (const who of [buyer, seller, admin]) {
      expect(dealReviewSchema.parse((await who.client.get(`/api/transactions/${id}/review`)).json).review).toEqual(dto)
    }
    expect((await outsider.client.get(`/api/transactions/${id}/review`)).status).toBe(404)
    expect((await new ApiClient(server.url).get(`/api/transactions/${id}/review`)).status).toBe(401)
  })

  it('tells the seller, once, with a notification that opens the deal', async () => {
    const id = await deal(buyer, seller)
    const before = await reviewNotes(seller.id)
    expect((await review(buyer, id, { rating: 5, text: 'Everything as described.' })).status).toBe(201)
    expect(await reviewNotes(seller.id)).toBe(before + 1)
    const [latest] = notificationListSchema.parse((await seller.client.get('/api/notifications?pageSize=1')).json)
    expect(latest).toMatchObject({ type: 'transaction_updated', title: 'New review', data: { transactionId: id, type: 'review' } })
    expect(latest!.message).toContain('5 out of 5')
    expect(await reviewNotes(buyer.id)).toBe(0)
  })

  it('refuses a review before the deal is completed, and of a cancelled deal', async () => {
    const pending = await deal(buyer, seller, 'pending')
    const paid = await deal(buyer, seller, 'fee_paid')
    for (const id of [pending, paid]) {
      const res = await review(buyer, id, { rating: 5, text: 'Too early' })
      expect(res.status).toBe(409)
      expect(res.json.message).toBe(REVIEW_MESSAGES.notCompleted)
      expect(await reviewsOf(id)).toBe(0)
    }
    await step(buyer, pending, 'cancel')
    expect((await review(buyer, pending, { rating: 5, text: 'Cancelled' })).status).toBe(409)
    expect(await reviewsOf(pending)).toBe(0)
  })

  it('refuses bad ratings and text with a clear message and writes nothing', async () => {
    const id = await deal(buyer, seller)
    const notes = await reviewNotes(seller.id)
    const cases: [unknown, string][] = [
      [{ rating: 0, text: 'Fine' }, REVIEW_MESSAGES.rating],
      [{ rating: 6, text: 'Fine' }, REVIEW_MESSAGES.rating],
      [{ rating: 4.5, text: 'Fine' }, REVIEW_MESSAGES.rating],
      [{ rating: '5', text: 'Fine' }, REVIEW_MESSAGES.rating],
      [{ rating: null, text: 'Fine' }, REVIEW_MESSAGES.rating],
      [{ text: 'Fine' }, REVIEW_MESSAGES.rating],
      [{ rating: 5 }, REVIEW_MESSAGES.text],
      [{ rating: 5, text: '' }, REVIEW_MESSAGES.text],
      [{ rating: 5, text: ' \n\t ' }, REVIEW_MESSAGES.text],
      [{ rating: 5, text: 42 }, REVIEW_MESSAGES.text],
      [{ rating: 5, text: 'x'.repeat(2001) }, REVIEW_MESSAGES.textLong],
      [{ rating: 5, text: '😀'.repeat(2001) }, REVIEW_MESSAGES.textLong],
      [[5, 'Fine'], 'Request body must be a JSON object'],
    ]
    for (const [body, message] of cases) {
      const res = await review(buyer, id, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.message, JSON.stringify(body)).toBe(message)
    }
    const extra = await review(buyer, id, { rating: 5, text: 'Fine', sellerId: outsider.id })
    expect(extra.status).toBe(400)
    expect(await reviewsOf(id)).toBe(0)
    expect(await reviewNotes(seller.id)).toBe(notes)

    // the limit counts characters as people do: 2,000 emoji fit, trimmed space around them does not count
    const longest = await review(buyer, id, { rating: 5, text: ` ${'😀'.repeat(2000)} ` })
    expect(longest.status, longest.text).toBe(201)
    expect(reviewDtoSchema.parse(longest.json).text).toBe('😀'.repeat(2000))
  })

  it('stores exactly one review when the buyer submits twice at once', async () => {
    const id = await deal(buyer, seller)
    const notes = await reviewNotes(seller.id)
    // Line the submits up: the table is locked until all of them wait to write, then they go at the same moment.
    // Only the unique deal id can then tell them apart; checking first and writing after would store them all.
    const submits = 8
    await sql.query('begin')
    await sql.query('lock table reviews in access exclusive mode')
    const pending = Promise.all(Array.from({ length: submits }, (_, i) => review(buyer, id, { rating: 1 + (i % 5), text: `Submit ${i}` })))
    try {
      await expect
        .poll(
          async () => Number((await sql.query(`select count(*) from pg_locks where relation = 'reviews'::regclass and not granted`)).rows[0].count),
          { timeout: 20_000 },
        )
        .toBe(submits)
    } finally {
      await sql.query('commit')
    }
    const answers = await pending
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.json.message).toBe(REVIEW_MESSAGES.already)
    expect(await reviewsOf(id)).toBe(1)
    expect(await reviewNotes(seller.id)).toBe(notes + 1)
    const stored = reviewDtoSchema.parse(answers.find((a) => a.status === 201)!.json)
    expect(dealReviewSchema.parse((await seller.client.get(`/api/transactions/${id}/review`)).json).review).toEqual(stored)
  })
})

describe('a seller’s reviews and rating', () => {
  let rated: Person

  beforeAll(async () => {
    rated = await person('rated_seller')
    const buyers = [await person('rater_one'), await person('rater_two'), await person('rater_three')]
    for (const [i, rating] of [5, 4, 4].entries()) {
      const id = await deal(buyers[i]!, rated)
      expect((await review(buyers[i]!, id, { rating, text: `Review number ${i + 1}` })).status).toBe(201)
    }
  })

  it('averages every review to two decimals and counts them per star', async () => {
    const res = await outsider.client.get(`/api/sellers/${rated.id}/reviews`)
    expect(res.status, res.text).toBe(200)
    expect(res.headers.get('x-total-count')).toBe('3')
    const page = sellerReviewsSchema.parse(res.json)
    expect(page.rating).toEqual({ average: 4.33, count: 3, byStars: [0, 0, 0, 2, 1] })
    // newest first
    expect(page.items.map((r) => r.text)).toEqual(['Review number 3', 'Review number 2', 'Review number 1'])
    expect(page.items.map((r) => r.reviewer.username)).toEqual(['rater_three', 'rater_two', 'rater_one'])

    const profile = sellerProfileSchema.parse((await outsider.client.get(`/api/sellers/${rated.id}`)).json)
    expect(profile.rating).toEqual({ average: 4.33, count: 3 })
    const ranking = topSellersSchema.parse((await outsider.client.get('/api/sellers/top?limit=100')).json)
    expect(ranking.find((s) => s.id === rated.id)?.rating).toEqual({ average: 4.33, count: 3 })
    // no reviews yet: no average, not a zero
    const quiet = await person('quiet_seller')
    await listing(quiet.id)
    expect(sellerProfileSchema.parse((await outsider.client.get(`/api/sellers/${quiet.id}`)).json).rating).toEqual({ average: null, count: 0 })
    expect(sellerReviewsSchema.parse((await outsider.client.get(`/api/sellers/${quiet.id}/reviews`)).json)).toEqual({
      rating: { average: null, count: 0, byStars: [0, 0, 0, 0, 0] },
      items: [],
    })
  })

  it('ranks top sellers by completed sales, not by rating', async () => {
    const ranking = topSellersSchema.parse((await outsider.client.get('/api/sellers/top?limit=100')).json)
    const order = ranking.map((s) => s.username)
    // rev_seller has more completed sales (and a lower average) than rated_seller
    expect(order.indexOf('rev_seller')).toBeLessThan(order.indexOf('rated_seller'))
    expect(ranking.find((s) => s.id === seller.id)!.completedSales).toBeGreaterThan(ranking.find((s) => s.id === rated.id)!.completedSales)
  })

  it('pages newest first, and refuses a bad page or size', async () => {
    const second = sellerReviewsSchema.parse((await outsider.client.get(`/api/sellers/${rated.id}/reviews?page=2&pageSize=2`)).json)
    expect(second.items.map((r) => r.text)).toEqual(['Review number 1'])
    expect(second.rating.count).toBe(3)
    const past = sellerReviewsSchema.parse((await outsider.client.get(`/api/sellers/${rated.id}/reviews?page=9`)).json)
    expect(past.items).toEqual([])
    for (const query of ['pageSize=0', 'pageSize=51', 'page=0', 'page=x', 'page=1&page=2', 'sort=best']) {
      const res = await outsider.client.get(`/api/sellers/${rated.id}/reviews?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.json.message, query).toBeTruthy()
    }
  })

  it('answers "Seller not found" for unknown and banned sellers', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const res = await outsider.client.get(`/api/sellers/${id}/reviews`)
      expect(res.status, id).toBe(404)
      expect(res.json.message).toBe('Seller not found')
    }
    await sql.query('update users set banned_at = now() where id = $1', [rated.id])
    try {
      expect((await outsider.client.get(`/api/sellers/${rated.id}/reviews`)).status).toBe(404)
    } finally {
      await sql.query('update users set banned_at = null where id = $1', [rated.id])
    }
  })

  it('keeps the review of a deleted account, under the name the account now has', async () => {
    const leaver = await person('leaving_buyer')
    const id = await deal(leaver, rated)
    expect((await review(leaver, id, { rating: 1, text: 'Slow to answer' })).status).toBe(201)
    const deleted = await admin.client.post(`/api/admin/users/${leaver.id}/delete`, { reason: 'Asked to close the account' })
    expect(deleted.status, deleted.text).toBe(200)
    const page = sellerReviewsSchema.parse((await outsider.client.get(`/api/sellers/${rated.id}/reviews`)).json)
    expect(page.rating).toEqual({ average: 3.5, count: 4, byStars: [1, 0, 0, 2, 1] })
    expect(page.items[0]).toMatchObject({ text: 'Slow to answer', reviewer: { id: leaver.id, username: `Deleted user ${leaver.id}`, avatar: null } })
  })
})

describe('an admin removing a review', () => {
  let target: Person
  let rude: Person
  let kept: number
  let removedDeal: number
  let removedId: number
  const remove = (who: Person, id: number | string, body: unknown) => who.client.request('POST', `/api/admin/reviews/${id}/remove`, body)
  const pageOf = async (sellerId: number) => sellerReviewsSchema.parse((await outsider.client.get(`/api/sellers/${sellerId}/reviews`)).json)

  beforeAll(async () => {
    target = await person('moderated_seller')
    const first = await person('kind_buyer')
    rude = await person('rude_buyer')
    kept = await deal(first, target)
    expect((await review(first, kept, { rating: 5, text: 'Great seller' })).status).toBe(201)
    removedDeal = await deal(rude, target)
    const written = await review(rude, removedDeal, { rating: 1, text: 'Call me on +1 555 0100, the seller is a fraud' })
    expect(written.status, written.text).toBe(201)
    removedId = reviewDtoSchema.parse(written.json).id
  })

  it('lets only admins remove, with a reason, and bad input changes nothing', async () => {
    const anonymous = new ApiClient(server.url)
    expect((await anonymous.post(`/api/admin/reviews/${removedId}/remove`, { reason: 'x' })).status).toBe(401)
    expect((await remove(target, removedId, { reason: 'Not my favourite' })).status).toBe(403)
    expect((await remove(outsider, removedId, { reason: 'Spam posting' })).status).toBe(403)
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(1_001) }, { reason: 'ok', extra: 1 }, null]) {
      const res = await remove(admin, removedId, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.message).toBeTruthy()
    }
    for (const id of ['999999', 'abc', '0']) {
      const res = await remove(admin, id, { reason: 'Spam posting' })
      expect(res.status, id).toBe(404)
      expect(res.json.message).toBe(REVIEW_MESSAGES.notFound)
    }
    expect((await sql.query('select count(*)::int as n from reviews where removed_at is not null and seller_id = $1', [target.id])).rows[0].n).toBe(0)
    expect((await pageOf(target.id)).rating.count).toBe(2)
  })

  it('takes the review off the seller page and rating, tells the deal why, audits it, and refuses a second removal or a new review', async () => {
    const res = await remove(admin, removedId, { reason: 'Personal data of a third party' })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toMatchObject({ id: removedId, sellerId: target.id, transactionId: removedDeal })

    const page = await pageOf(target.id)
    expect(page.rating).toEqual({ average: 5, count: 1, byStars: [0, 0, 0, 0, 1] })
    expect(page.items.map((r) => r.text)).toEqual(['Great seller'])
    const profile = sellerProfileSchema.parse((await outsider.client.get(`/api/sellers/${target.id}`)).json)
    expect(profile.rating).toEqual({ average: 5, count: 1 })

    for (const who of [rude, target, admin]) {
      const deal = dealReviewSchema.parse((await who.client.get(`/api/transactions/${removedDeal}/review`)).json)
      expect(deal.review).toBeNull()
      expect(deal.removed?.reason).toBe('Personal data of a third party')
    }
    expect(dealReviewSchema.parse((await target.client.get(`/api/transactions/${kept}/review`)).json).removed).toBeNull()

    const { rows } = await sql.query(
      `select admin_id, reason, before, after from admin_audit_log where action = 'review.remove' and target_id = $1`,
      [String(removedId)],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ admin_id: admin.id, reason: 'Personal data of a third party', after: { removed: true } })
    expect(rows[0].before).toMatchObject({ rating: 1, text: 'Call me on +1 555 0100, the seller is a fraud', transactionId: removedDeal })

    const again = await remove(admin, removedId, { reason: 'Removing it again' })
    expect(again.status).toBe(409)
    expect(again.json.message).toBe(REVIEW_MESSAGES.alreadyRemoved)
    const rewrite = await review(rude, removedDeal, { rating: 2, text: 'Trying again' })
    expect(rewrite.status).toBe(409)
    expect(rewrite.json.message).toBe(REVIEW_MESSAGES.removedAlready)
    expect(await reviewsOf(removedDeal)).toBe(1)
    expect((await sql.query(`select count(*)::int as n from admin_audit_log where action = 'review.remove'`)).rows[0].n).toBe(1)
  })
})
