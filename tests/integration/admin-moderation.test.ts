import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import type WebSocket from 'ws'
import { LISTING_WRITE_MESSAGES, statsSchema } from '../../src/shared/api/listings'
import {
  BANNED_SELLER_LISTING_REASON,
  MODERATION_MESSAGES,
  adminListingDtoSchema,
  adminListingListSchema,
  adminUserDtoSchema,
  adminUserListSchema,
} from '../../src/shared/api/moderation'
import type { RunningServer } from '../../server/server'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import { ApiClient } from '../support/http-client'
import { insertListings } from '../support/market-data'
import { addUser, drainWallet, PASSWORD, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { openSocket } from '../support/ws-client'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

// two instances of one deployment (database, Redis, secret, prefix): a ban on A closes sockets held by B
let db: TestDatabase
let a: RunningServer
let b: RunningServer
let sql: pg.Client
let admin: TestUser
let visitor: ApiClient
const sockets: Awaited<ReturnType<typeof openSocket>>[] = []

beforeAll(async () => {
  db = await createDemoDatabase()
  const shared = {
    databaseUrl: db.url,
    redisUrl: REDIS_URL,
    keyPrefix: `mod-${randomBytes(4).toString('hex')}`,
    env: { SESSION_SECRET: randomBytes(32).toString('hex') },
  }
  // the default 30 s heartbeat: a socket closing within a second or two was closed by the ban, not by a re-check
  a = await startTestServer({ ...shared, env: { ...shared.env, ...demoEnv() } })
  b = await startTestServer(shared)
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  admin = await addUser(a, 'mod_admin', { admin: true })
  visitor = new ApiClient(a.url)
})

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()))
  await sql?.end()
  await a?.close()
  await b?.close()
  await db?.drop()
})

/** A signed-in, authenticated live connection of the user on the given instance. */
async function liveSocket(server: RunningServer, user: TestUser) {
  const socket = await openSocket(server.url, user.client.cookieHeader)
  sockets.push(socket)
  socket.send({ type: 'authenticate', userId: user.id })
  await socket.next('authenticated')
  return socket
}

const closeOf = (socket: WebSocket) =>
  new Promise<{ code: number; at: number }>((resolve) => socket.once('close', (code) => resolve({ code, at: Date.now() })))

const audit = async (targetType: string, targetId: number) =>
  (
    await sql.query('select action, admin_id, before, after, reason from admin_audit_log where target_type = $1 and target_id = $2 order by id', [
      targetType,
      String(targetId),
    ])
  ).rows

const notifications = async (userId: number, type: string) =>
  (await sql.query('select title, message, data from notifications where user_id = $1 and type = $2 order by id', [userId, type])).rows

const userRow = async (id: number) =>
  (await sql.query('select username, email, banned_at, ban_reason, deleted_at from users where id = $1', [id])).rows[0]
const listingStatus = async (id: number) => (await sql.query('select status from listings where id = $1', [id])).rows[0].status as string
const sessionCount = async (userId: number) => Number((await sql.query('select count(*) as n from sessions where user_id = $1', [userId])).rows[0].n)

/** The public catalogue's total, as X-Total-Count answers it (served from the counters when unfiltered). */
const catalogueTotal = async (query = '') => Number((await visitor.get(`/api/accounts?pageSize=1${query}`)).headers.get('x-total-count'))
const stats = async () => statsSchema.parse((await visitor.get('/api/stats')).json)

/** An active demo listing of a seller in good standing that no admin has moderated yet, with what it takes to find it again. */
async function activeListing(): Promise<{ id: number; platform: string; username: string; sellerId: number; isVerified: boolean }> {
  const { rows } = await sql.query(
    `select l.id, l.platform, l.username, l.seller_id, l.is_verified from listings l join users u on u.id = l.seller_id
     where l.status = 'active' and u.banned_at is null
       -- one no earlier test moderated, nor its seller (a ban lifted again leaves the listings active), so their audit
       -- trails hold only what the caller does
       and not exists (select 1 from admin_audit_log a where a.target_type = 'listing' and a.target_id = l.id::text)
       and not exists (select 1 from admin_audit_log a where a.target_type = 'user' and a.target_id = l.seller_id::text)
     order by random() limit 1`,
  )
  const row = rows[0]
  return { id: row.id, platform: row.platform, username: row.username, sellerId: row.seller_id, isVerified: row.is_verified }
}

describe('who may moderate', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/users'],
    ['POST', '/api/admin/users/1000/ban'],
    ['POST', '/api/admin/users/1000/unban'],
    ['POST', '/api/admin/users/1000/flag'],
    ['POST', '/api/admin/users/1000/delete'],
    ['GET', '/api/admin/listings/search'],
    ['POST', '/api/admin/listings/1/suspend'],
    ['POST', '/api/admin/listings/1/restore'],
    ['POST', '/api/admin/listings/1/verify'],
    ['POST', '/api/admin/listings/1/flag'],
  ]

  it.each(routes)('%s %s: 401 signed out, 403 for a member, and nothing changes', async (method, path) => {
    const member = await addUser(a, `member_${randomBytes(3).toString('hex')}`)
    const body = method === 'GET' ? undefined : { reason: 'A good enough reason', note: 'A good enough note' }
    const auditBefore = Number((await sql.query('select count(*) as n from admin_audit_log')).rows[0].n)
    const anonymous = await new ApiClient(a.url).request(method, path, body)
    expect(anonymous.status, anonymous.text).toBe(401)
    const refused = await member.client.request(method, path, body)
    expect(refused.status, refused.text).toBe(403)
    expect(Number((await sql.query('select count(*) as n from admin_audit_log')).rows[0].n)).toBe(auditBefore)
  })
})

describe('users', () => {
  it('finds users by part of the username or email, pages them and filters banned and flagged ones', async () => {
    const suffix = randomBytes(3).toString('hex')
    const one = await addUser(a, `findme_${suffix}_1`)
    await addUser(a, `findme_${suffix}_2`)
    const found = await admin.client.get(`/api/admin/users?q=FINDME_${suffix}`)
    expect(found.status, found.text).toBe(200)
    expect(found.headers.get('x-total-count')).toBe('2')
    const users = adminUserListSchema.parse(found.json)
    // newest first
    expect(users.map((u) => u.username)).toEqual([`findme_${suffix}_2`, `findme_${suffix}_1`])
    expect(users[1]).toMatchObject({ id: one.id, email: `findme_${suffix}_1@example.com`, bannedAt: null, deletedAt: null, flags: 0, lastFlag: null })

    const byEmail = adminUserListSchema.parse((await admin.client.get(`/api/admin/users?q=${suffix}_1@example`)).json)
    expect(byEmail.map((u) => u.id)).toEqual([one.id])
    // % and _ are matched literally
    expect((await admin.client.get('/api/admin/users?q=%25%25%25')).headers.get('x-total-count')).toBe('0')

    const all = await admin.client.get('/api/admin/users?page=1')
    expect(adminUserListSchema.parse(all.json)).toHaveLength(25)
    expect(Number(all.headers.get('x-total-count'))).toBeGreaterThan(25)

    const flag = await admin.client.post(`/api/admin/users/${one.id}/flag`, { note: 'Spamming buyers with links' })
    expect(flag.status, flag.text).toBe(200)
    expect(adminUserDtoSchema.parse(flag.json)).toMatchObject({ flags: 1, lastFlag: { note: 'Spamming buyers with links' } })
    const flagged = adminUserListSchema.parse((await admin.client.get(`/api/admin/users?q=findme_${suffix}&flagged=true`)).json)
    expect(flagged.map((u) => u.id)).toEqual([one.id])
    expect(await notifications(one.id, 'violation_detected')).toEqual([
      {
        title: 'Violation detected',
        message: 'An admin flagged a violation on your account: Spamming buyers with links',
        data: { reason: 'Spamming buyers with links' },
      },
    ])
    expect(await audit('user', one.id)).toEqual([
      { action: 'user.flag', admin_id: admin.id, before: null, after: { note: 'Spamming buyers with links' }, reason: 'Spamming buyers with links' },
    ])
    expect((await sql.query(`select target_type, listing_id, admin_id, note from moderation_flags where user_id = $1`, [one.id])).rows).toEqual([
      { target_type: 'user', listing_id: null, admin_id: admin.id, note: 'Spamming buyers with links' },
    ])

    const banned = await admin.client.get(`/api/admin/users?q=findme_${suffix}&status=banned`)
    expect(banned.json).toEqual([])
  })

  it('answers a malformed search with a 400 naming the problem', async () => {
    for (const [query, message] of [
      ['status=gone', /status must be one of/],
      ['page=0', /page must be a whole number/],
      ['flagged=yes', /flagged must be true or false/],
      ['q=' + 'x'.repeat(101), /at most 100 characters/],
      ['sort=name', /Unrecognized key/i],
    ] as const) {
      const res = await admin.client.get(`/api/admin/users?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.json.message, query).toMatch(message)
    }
    expect((await admin.client.get('/api/admin/listings/search?status=lost')).status).toBe(400)
  })

  it('a ban closes the user’s sockets on every instance at once, ends their sessions, and unban lets them back', async () => {
    const mallory = await addUser(a, `mallory_${randomBytes(3).toString('hex')}`)
    const onB = await liveSocket(b, mallory)
    const onA = await liveSocket(a, mallory)
    const closedB = closeOf(onB.socket)
    const closedA = closeOf(onA.socket)
    expect((await mallory.client.get('/api/auth/me')).status).toBe(200)

    const started = Date.now()
    const res = await admin.client.post(`/api/admin/users/${mallory.id}/ban`, { reason: '  Selling stolen accounts  ' })
    expect(res.status, res.text).toBe(200)
    expect(adminUserDtoSchema.parse(res.json)).toMatchObject({ id: mallory.id, banReason: 'Selling stolen accounts', bannedAt: expect.any(String) })

    const [endB, endA] = await Promise.all([closedB, closedA])
    expect(endB.code).toBe(4001)
    expect(endA.code).toBe(4001)
    expect(Math.max(endA.at, endB.at) - started).toBeLessThan(5_000)
    // the notification explaining the ban arrives before the socket closes
    expect(onB.events.map((e) => e.type)).toEqual(expect.arrayContaining(['new_notification', 'session_ended']))
    expect(onB.events.find((e) => e.type === 'session_ended')).toEqual({ type: 'session_ended', reason: 'banned' })

    expect(await sessionCount(mallory.id)).toBe(0)
    expect((await mallory.client.get('/api/auth/me')).status).toBe(401)
    expect((await mallory.client.get('/api/notifications')).status).toBe(401)
    const again = await new ApiClient(b.url).post('/api/auth/login', { username: mallory.username, password: PASSWORD })
    expect(again.status).toBe(403)
    expect(again.json.message).toBe('This account has been banned: Selling stolen accounts')
    expect(await notifications(mallory.id, 'user_banned')).toEqual([
      {
        title: 'Account banned',
        message: 'Your Handover account has been banned: Selling stolen accounts',
        data: { banReason: 'Selling stolen accounts' },
      },
    ])
    const [entry] = await audit('user', mallory.id)
    expect(entry).toMatchObject({
      action: 'user.ban',
      admin_id: admin.id,
      before: { bannedAt: null, banReason: null },
      reason: 'Selling stolen accounts',
    })
    expect(entry.after).toMatchObject({ banReason: 'Selling stolen accounts', bannedAt: expect.any(String) })
    expect(adminUserListSchema.parse((await admin.client.get(`/api/admin/users?q=${mallory.username}&status=banned`)).json).map((u) => u.id)).toEqual(
      [mallory.id],
    )

    const twice = await admin.client.post(`/api/admin/users/${mallory.id}/ban`, { reason: 'Selling stolen accounts' })
    expect(twice.status).toBe(409)
    expect(twice.json.message).toBe(MODERATION_MESSAGES.alreadyBanned)

    const unban = await admin.client.post(`/api/admin/users/${mallory.id}/unban`, { reason: 'Appeal accepted' })
    expect(unban.status, unban.text).toBe(200)
    expect(adminUserDtoSchema.parse(unban.json)).toMatchObject({ bannedAt: null, banReason: null })
    const back = new ApiClient(a.url)
    expect((await back.post('/api/auth/login', { username: mallory.username, password: PASSWORD })).status).toBe(200)
    expect((await back.get('/api/auth/me')).status).toBe(200)
    expect((await notifications(mallory.id, 'user_unbanned')).map((n) => n.title)).toEqual(['Account restored'])
    expect((await audit('user', mallory.id)).map((e) => [e.action, e.reason])).toEqual([
      ['user.ban', 'Selling stolen accounts'],
      ['user.unban', 'Appeal accepted'],
    ])
    expect((await admin.client.post(`/api/admin/users/${mallory.id}/unban`, {})).status).toBe(409)
  })

  it('a ban takes the seller’s listings off sale, and lifting it puts back those the ban took', async () => {
    // a seller of their own, so the tests that pick a random demo listing never meet this one's audit trail
    const seller = await addUser(a, `seller_${randomBytes(3).toString('hex')}`)
    const sellerId = seller.id
    const [first, second, third] = await insertListings(db.url, [sellerId], 3, 5_000, seller.username)
    const onSale = async () =>
      (await sql.query(`select id from listings where seller_id = $1 and status = 'active' order by id`, [sellerId])).rows.map((r) => r.id as number)
    const reasonOf = async (id: number) =>
      (await sql.query('select rejection_reason from listings where id = $1', [id])).rows[0].rejection_reason as string | null
    // one of them an admin suspended for a reason of their own beforehand
    expect((await admin.client.post(`/api/admin/listings/${third}/suspend`, { reason: 'Screenshots look edited' })).status).toBe(200)
    const selling = await onSale()
    expect(selling).toEqual(expect.arrayContaining([first, second]))
    const watcher = await addUser(a, `watcher_${randomBytes(3).toString('hex')}`)
    const live = await liveSocket(b, watcher)
    const total = await catalogueTotal()

    expect((await admin.client.post(`/api/admin/users/${sellerId}/ban`, { reason: 'Reselling hijacked accounts' })).status).toBe(200)
    expect(await onSale()).toEqual([])
    for (const id of selling) {
      expect(await listingStatus(id)).toBe('suspended')
      expect(await reasonOf(id)).toBe(BANNED_SELLER_LISTING_REASON)
    }
    expect(await catalogueTotal()).toBe(total - selling.length)
    expect((await visitor.get(`/api/accounts/${first}`)).status).toBe(404)
    expect(await live.next('account_status_updated', (e) => e.accountId === first)).toEqual({
      type: 'account_status_updated',
      accountId: first,
      isActive: false,
    })
    expect(await reasonOf(third!)).toBe('Screenshots look edited')

    expect((await admin.client.post(`/api/admin/users/${sellerId}/unban`, { reason: 'Appeal accepted' })).status).toBe(200)
    expect(await onSale()).toEqual(selling)
    expect(await reasonOf(first!)).toBeNull()
    expect(await catalogueTotal()).toBe(total)
    expect((await visitor.get(`/api/accounts/${second}`)).status).toBe(200)
    await live.next('account_status_updated', (e) => e.accountId === second && e.isActive)
    // the admin's own suspension outlives the ban
    expect(await listingStatus(third!)).toBe('suspended')
    expect(await reasonOf(third!)).toBe('Screenshots look edited')
    expect((await admin.client.post(`/api/admin/listings/${third}/restore`, {})).status).toBe(200)
  })

  it('a ban cancels the seller’s unpaid reservations and holds every paid deal for an admin, whose listings stay off sale until the unban', async () => {
    const seller = await addUser(a, `seller_${randomBytes(3).toString('hex')}`)
    // cheap enough for the welcome bonus, so the second buyer pays from the balance
    const [pendingOne, paidOne] = await insertListings(db.url, [seller.id], 2, 500, seller.username)
    const reasonOf = async (id: number) =>
      (await sql.query('select rejection_reason from listings where id = $1', [id])).rows[0].rejection_reason as string | null
    const dealRow = async (id: number) => (await sql.query('select status, dispute_reason from escrow_transactions where id = $1', [id])).rows[0]
    const reserver = await addUser(a, `buyer_${randomBytes(3).toString('hex')}`)
    const payer = await addUser(a, `buyer_${randomBytes(3).toString('hex')}`)
    const pending = await reserver.client.post('/api/transactions', { listingId: pendingOne })
    expect(pending.status, pending.text).toBe(201)
    const paid = await payer.client.post('/api/transactions', { listingId: paidOne, pay: 'balance' })
    expect(paid.status, paid.text).toBe(201)
    const pendingId = (pending.json as { id: number }).id
    const paidId = (paid.json as { id: number }).id
    const payerBefore = Number((await payer.client.get('/api/balance')).json.available)
    const total = await catalogueTotal()

    expect((await admin.client.post(`/api/admin/users/${seller.id}/ban`, { reason: 'Reselling hijacked accounts' })).status).toBe(200)
    // the unpaid reservation is cancelled, and its listing goes off sale with the seller's others
    expect(await dealRow(pendingId)).toEqual({ status: 'cancelled', dispute_reason: null })
    expect(await listingStatus(pendingOne!)).toBe('suspended')
    expect(await reasonOf(pendingOne!)).toBe(BANNED_SELLER_LISTING_REASON)
    expect((await reserver.client.post(`/api/transactions/${pendingId}/pay`)).status).toBe(409)
    // the paid deal holds the money for an admin: no step of the seller's and no countdown pays it out
    expect(await dealRow(paidId)).toEqual({
      status: 'disputed',
      dispute_reason: 'The seller’s account was banned; the funds stay in escrow until an admin settles this deal.',
    })
    expect(await listingStatus(paidOne!)).toBe('reserved')
    const queue = (await admin.client.get('/api/admin/disputes')).json as unknown as { id: number; disputedBy: string }[]
    expect(queue.find((d) => d.id === paidId)?.disputedBy).toBe('system')
    expect((await notifications(payer.id, 'transaction_updated')).map((n) => n.title)).toContain('Dispute opened')
    expect(await catalogueTotal()).toBe(total)

    // the admin settles it for the buyer: the money goes back, and the listing stays off sale for a banned seller
    const settled = await admin.client.post(`/api/transactions/${paidId}/resolve-refund`, { note: 'Seller banned' })
    expect(settled.status, settled.text).toBe(200)
    expect((await dealRow(paidId)).status).toBe('refunded')
    expect(Number((await payer.client.get('/api/balance')).json.available)).toBeGreaterThan(payerBefore)
    for (const id of [pendingOne!, paidOne!]) {
      expect(await listingStatus(id)).toBe('suspended')
      expect(await reasonOf(id)).toBe(BANNED_SELLER_LISTING_REASON)
      expect((await visitor.get(`/api/accounts/${id}`)).status).toBe(404)
    }
    expect(await catalogueTotal()).toBe(total)

    expect((await admin.client.post(`/api/admin/users/${seller.id}/unban`, { reason: 'Appeal accepted' })).status).toBe(200)
    for (const id of [pendingOne!, paidOne!]) expect(await listingStatus(id)).toBe('active')
    expect(await catalogueTotal()).toBe(total + 2)
  })

  it('refuses to ban or delete the admin themself or another admin', async () => {
    const other = await addUser(a, `mod_other_${randomBytes(3).toString('hex')}`, { admin: true })
    for (const action of ['ban', 'delete']) {
      const self = await admin.client.post(`/api/admin/users/${admin.id}/${action}`, { reason: 'Testing the guard' })
      expect(self.status).toBe(403)
      expect(self.json.message).toBe(action === 'ban' ? MODERATION_MESSAGES.banSelf : MODERATION_MESSAGES.deleteSelf)
      const peer = await admin.client.post(`/api/admin/users/${other.id}/${action}`, { reason: 'Testing the guard' })
      expect(peer.status).toBe(403)
      expect(peer.json.message).toBe(action === 'ban' ? MODERATION_MESSAGES.banAdmin : MODERATION_MESSAGES.deleteAdmin)
    }
    expect(await userRow(other.id)).toMatchObject({ banned_at: null, deleted_at: null })
    expect(await audit('user', other.id)).toEqual([])
    expect((await other.client.get('/api/auth/me')).status).toBe(200)
    expect((await admin.client.post('/api/admin/users/99999999/ban', { reason: 'Nobody at all' })).status).toBe(404)
  })

  it('answers bad input with a 400 and changes nothing', async () => {
    const nina = await addUser(a, `nina_${randomBytes(3).toString('hex')}`)
    const cases: [string, unknown, RegExp][] = [
      ['ban', {}, /Give a reason of 5 to 500 characters/],
      ['ban', { reason: '   no ' }, /Give a reason/],
      ['ban', { reason: 'x'.repeat(501) }, /Give a reason/],
      ['ban', { reason: 42 }, /Give a reason/],
      ['ban', { reason: 'Good reason here', extra: true }, /Unrecognized key/i],
      ['flag', { note: 'bad' }, /Describe the violation/],
      ['delete', { reason: '' }, /Give a reason/],
      ['unban', { reason: 'x'.repeat(501) }, /at most 500 characters/],
    ]
    for (const [action, body, message] of cases) {
      const res = await admin.client.request('POST', `/api/admin/users/${nina.id}/${action}`, body)
      expect(res.status, `${action} ${JSON.stringify(body)}`).toBe(400)
      expect(res.json.message).toMatch(message)
    }
    expect(await userRow(nina.id)).toMatchObject({ banned_at: null, ban_reason: null, deleted_at: null })
    expect(await audit('user', nina.id)).toEqual([])
    expect(await sessionCount(nina.id)).toBe(1)
    expect((await nina.client.get('/api/auth/me')).status).toBe(200)
    expect((await sql.query('select count(*) as n from moderation_flags where user_id = $1', [nina.id])).rows[0].n).toBe('0')
  })
})

describe('listings', () => {
  it('suspend takes a listing out of the catalogue and its totals, restore puts it back', async () => {
    const listing = await activeListing()
    const watcher = await addUser(a, `watcher_${randomBytes(3).toString('hex')}`)
    const live = await liveSocket(b, watcher)
    const before = {
      total: await catalogueTotal(),
      platform: await catalogueTotal(`&platform=${listing.platform}`),
      search: await catalogueTotal(`&q=${listing.username}`),
      stats: await stats(),
    }
    expect(before.search).toBeGreaterThanOrEqual(1)

    const res = await admin.client.post(`/api/admin/listings/${listing.id}/suspend`, { reason: 'Follower count looks bought' })
    expect(res.status, res.text).toBe(200)
    expect(adminListingDtoSchema.parse(res.json)).toMatchObject({
      id: listing.id,
      status: 'suspended',
      isActive: false,
      rejectionReason: 'Follower count looks bought',
    })
    expect(await catalogueTotal()).toBe(before.total - 1)
    expect(await catalogueTotal(`&platform=${listing.platform}`)).toBe(before.platform - 1)
    expect(await catalogueTotal(`&q=${listing.username}`)).toBe(before.search - 1)
    expect((await stats()).activeListings).toBe(before.stats.activeListings - 1)
    expect((await visitor.get(`/api/accounts/${listing.id}`)).status).toBe(404)
    expect(await live.next('account_status_updated', (e) => e.accountId === listing.id)).toEqual({
      type: 'account_status_updated',
      accountId: listing.id,
      isActive: false,
    })
    expect((await notifications(listing.sellerId, 'listing_suspended')).at(-1)).toMatchObject({
      title: 'Listing suspended',
      data: { accountId: listing.id, reason: 'Follower count looks bought' },
    })

    const suspendedOnly = adminListingListSchema.parse(
      (await admin.client.get(`/api/admin/listings/search?status=suspended&q=${listing.username}`)).json,
    )
    expect(suspendedOnly.map((l) => l.id)).toContain(listing.id)
    const twice = await admin.client.post(`/api/admin/listings/${listing.id}/suspend`, { reason: 'Follower count looks bought' })
    expect(twice.status).toBe(409)
    expect(twice.json.message).toBe(MODERATION_MESSAGES.notActive)

    const restored = await admin.client.post(`/api/admin/listings/${listing.id}/restore`, {})
    expect(restored.status, restored.text).toBe(200)
    expect(adminListingDtoSchema.parse(restored.json)).toMatchObject({ status: 'active', isActive: true, rejectionReason: null })
    expect(await catalogueTotal()).toBe(before.total)
    expect(await catalogueTotal(`&platform=${listing.platform}`)).toBe(before.platform)
    expect(await catalogueTotal(`&q=${listing.username}`)).toBe(before.search)
    expect((await stats()).activeListings).toBe(before.stats.activeListings)
    expect((await visitor.get(`/api/accounts/${listing.id}`)).status).toBe(200)
    await live.next('account_status_updated', (e) => e.accountId === listing.id && e.isActive)
    expect((await notifications(listing.sellerId, 'listing_restored')).at(-1)).toMatchObject({
      title: 'Listing restored',
      data: { accountId: listing.id },
    })
    expect((await audit('listing', listing.id)).map((e) => [e.action, e.before, e.after, e.reason])).toEqual([
      ['listing.suspend', { status: 'active' }, { status: 'suspended' }, 'Follower count looks bought'],
      ['listing.restore', { status: 'suspended' }, { status: 'active' }, null],
    ])
    expect((await admin.client.post(`/api/admin/listings/${listing.id}/restore`, {})).json.message).toBe(MODERATION_MESSAGES.notSuspended)
  })

  it('verifies an account once, and flags a violation to its seller', async () => {
    const { rows } = await sql.query(`select id, seller_id from listings where status = 'active' and not is_verified limit 1`)
    const { id, seller_id: sellerId } = rows[0]
    const verifiedBefore = (await stats()).verifiedListings
    const res = await admin.client.post(`/api/admin/listings/${id}/verify`, { reason: 'Owner proved access on a call' })
    expect(res.status, res.text).toBe(200)
    expect(adminListingDtoSchema.parse(res.json)).toMatchObject({ id, isVerified: true })
    expect((await stats()).verifiedListings).toBe(verifiedBefore + 1)
    expect((await notifications(sellerId, 'account_verified')).at(-1)).toMatchObject({ title: 'Account verified', data: { accountId: id } })
    const twice = await admin.client.post(`/api/admin/listings/${id}/verify`, {})
    expect(twice.status).toBe(409)
    expect(twice.json.message).toBe(MODERATION_MESSAGES.alreadyVerified)

    const flag = await admin.client.post(`/api/admin/listings/${id}/flag`, { note: 'Screenshots are edited' })
    expect(flag.status, flag.text).toBe(200)
    expect(adminListingDtoSchema.parse(flag.json)).toMatchObject({ flags: 1, lastFlag: { note: 'Screenshots are edited' }, status: 'active' })
    expect((await notifications(sellerId, 'violation_detected')).at(-1)).toMatchObject({ data: { accountId: id, reason: 'Screenshots are edited' } })
    const flagged = adminListingListSchema.parse((await admin.client.get('/api/admin/listings/search?flagged=true')).json)
    expect(flagged.map((l) => l.id)).toContain(id)
    expect((await audit('listing', id)).map((e) => e.action)).toEqual(['listing.verify', 'listing.flag'])
  })

  it('does not restore a listing whose account was listed again meanwhile', async () => {
    const sam = await addUser(a, `sam_${randomBytes(3).toString('hex')}`)
    const body = {
      platform: 'instagram',
      username: `sam_${randomBytes(4).toString('hex')}`,
      displayName: 'Sam cooks',
      niche: 'Cooking',
      accountTitle: 'Cooking page with weekly recipes',
      description: 'Weekly recipes and a friendly, steady audience of home cooks.',
      price: '450',
      followers: 9_000,
      images: [],
    }
    const first = await sam.client.post('/api/accounts', body)
    expect(first.status, first.text).toBe(201)
    const id = Number(first.json.id)
    expect((await admin.client.post(`/api/admin/listings/${id}/approve`)).status).toBe(200)
    expect((await admin.client.post(`/api/admin/listings/${id}/suspend`, { reason: 'Checking the owner' })).status).toBe(200)
    // a suspended listing does not hold the handle: the seller may list the account again
    expect((await sam.client.post('/api/accounts', body)).status).toBe(201)
    const restore = await admin.client.post(`/api/admin/listings/${id}/restore`, {})
    expect(restore.status).toBe(409)
    expect(restore.json.message).toBe(LISTING_WRITE_MESSAGES.duplicate)
    expect(await listingStatus(id)).toBe('suspended')
    expect((await audit('listing', id)).map((e) => e.action)).toEqual(['listing.approve', 'listing.suspend'])
  })

  it('answers bad input and unknown listings without changing anything', async () => {
    const listing = await activeListing()
    // the listing is picked at random: an earlier test may have suspended and restored it already
    const auditBefore = await audit('listing', listing.id)
    for (const body of [{}, { reason: 'no' }, { reason: 'Long enough', status: 'removed' }]) {
      expect((await admin.client.post(`/api/admin/listings/${listing.id}/suspend`, body)).status).toBe(400)
    }
    expect((await admin.client.post(`/api/admin/listings/${listing.id}/flag`, { note: '' })).status).toBe(400)
    expect((await admin.client.post(`/api/admin/listings/${listing.id}/verify`, { reason: 7 })).status).toBe(400)
    expect(await listingStatus(listing.id)).toBe('active')
    expect(await audit('listing', listing.id)).toEqual(auditBefore)
    expect((await admin.client.post('/api/admin/listings/99999999/suspend', { reason: 'Does not exist' })).status).toBe(404)
    expect((await admin.client.post('/api/admin/listings/abc/suspend', { reason: 'Does not exist' })).status).toBe(404)
  })
})

describe('a listing in a deal, and deleting accounts', () => {
  it('refuses to suspend a reserved listing or delete either party while the deal is open', async () => {
    const buyer = await addUser(a, `buyer_${randomBytes(3).toString('hex')}`)
    const listing = await activeListing()
    const deal = await buyer.client.post('/api/transactions', { listingId: listing.id })
    expect(deal.status, deal.text).toBe(201)
    expect(await listingStatus(listing.id)).toBe('reserved')

    const suspend = await admin.client.post(`/api/admin/listings/${listing.id}/suspend`, { reason: 'Looks suspicious' })
    expect(suspend.status).toBe(409)
    expect(suspend.json.message).toBe(MODERATION_MESSAGES.reserved)
    expect(await listingStatus(listing.id)).toBe('reserved')

    for (const userId of [buyer.id, listing.sellerId]) {
      const res = await admin.client.post(`/api/admin/users/${userId}/delete`, { reason: 'Closing the account' })
      expect(res.status).toBe(409)
      expect(res.json.message).toBe(MODERATION_MESSAGES.openDeal)
      expect(await userRow(userId)).toMatchObject({ deleted_at: null })
      expect(await audit('user', userId)).toEqual([])
    }
    expect((await buyer.client.get('/api/auth/me')).status).toBe(200)
  })

  it('refuses to delete an account that still holds money', async () => {
    const rich = await addUser(a, `rich_${randomBytes(3).toString('hex')}`)
    const res = await admin.client.post(`/api/admin/users/${rich.id}/delete`, { reason: 'Closing the account' })
    expect(res.status).toBe(409)
    expect(res.json.message).toBe(
      'This user still has money on Handover ($15.00 in the wallet); it must be paid out before the account can be deleted',
    )
    expect(await userRow(rich.id)).toMatchObject({ deleted_at: null })
  })

  it('deletes an account: anonymised, signed out everywhere, listings off sale, ledger kept', async () => {
    const zoe = await addUser(a, `zoe_${randomBytes(3).toString('hex')}`)
    const created = await zoe.client.post('/api/accounts', {
      platform: 'tiktok',
      username: `zoe_${randomBytes(4).toString('hex')}`,
      displayName: 'Zoe dances',
      niche: 'Dance',
      accountTitle: 'Dance clips with a young audience',
      description: 'Short dance clips, posted daily, with a loyal audience.',
      price: '300',
      followers: 12_000,
      images: [],
    })
    expect(created.status, created.text).toBe(201)
    const listingId = Number(created.json.id)
    expect((await admin.client.post(`/api/admin/listings/${listingId}/approve`)).status).toBe(200)
    await drainWallet(a, zoe.id)
    const entriesBefore = (
      await sql.query(`select count(*) as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = $1`, [zoe.id])
    ).rows[0].n
    const total = await catalogueTotal()
    const usersShown = async () => ({
      site: Number(((await new ApiClient(a.url).get('/api/stats')).json as { totalUsers: number }).totalUsers),
      dashboard: Number(((await admin.client.get('/api/admin/stats')).json as { figures: { users: number } }).figures.users),
    })
    const usersBefore = await usersShown()
    const socket = await liveSocket(b, zoe)
    const closed = closeOf(socket.socket)
    await sql.query(
      `insert into trustap_accounts (user_id, guest_user_id, full_user_id, full_user_email, connected_at) values ($1, 'guest-zoe', 'trustap-zoe', 'zoe@trustap.example', now())`,
      [zoe.id],
    )

    const res = await admin.client.post(`/api/admin/users/${zoe.id}/delete`, { reason: 'Asked to close the account' })
    expect(res.status, res.text).toBe(200)
    expect(adminUserDtoSchema.parse(res.json)).toMatchObject({
      id: zoe.id,
      username: `Deleted user ${zoe.id}`,
      email: `deleted-${zoe.id}@deleted.invalid`,
      deletedAt: expect.any(String),
    })
    expect((await closed).code).toBe(4001)
    expect((await zoe.client.get('/api/auth/me')).status).toBe(401)
    expect((await new ApiClient(a.url).post('/api/auth/login', { username: zoe.username, password: PASSWORD })).status).toBe(401)
    expect(await listingStatus(listingId)).toBe('removed')
    expect(await catalogueTotal()).toBe(total - 1)
    // the Trustap connection's email goes; its Trustap account stays tied to the deleted one, not free for a new account
    expect((await sql.query('select full_user_id, full_user_email from trustap_accounts where user_id = $1', [zoe.id])).rows).toEqual([
      { full_user_id: 'trustap-zoe', full_user_email: null },
    ])
    // a deleted account no longer counts as a user, on the home page or the dashboard
    expect(await usersShown()).toEqual({ site: usersBefore.site - 1, dashboard: usersBefore.dashboard - 1 })
    const after = (
      await sql.query(`select count(*) as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = $1`, [zoe.id])
    ).rows[0].n
    expect(after).toBe(entriesBefore)
    const [entry] = await audit('user', zoe.id)
    expect(entry).toMatchObject({
      action: 'user.delete',
      before: { username: zoe.username },
      after: { username: `Deleted user ${zoe.id}`, removedListings: [listingId] },
      reason: 'Asked to close the account',
    })
    expect(adminUserListSchema.parse((await admin.client.get(`/api/admin/users?status=deleted&q=${zoe.id}`)).json).map((u) => u.id)).toEqual([zoe.id])

    const again = await admin.client.post(`/api/admin/users/${zoe.id}/delete`, { reason: 'Asked to close the account' })
    expect(again.status).toBe(409)
    expect(again.json.message).toBe(MODERATION_MESSAGES.deleted)
    expect((await admin.client.post(`/api/admin/users/${zoe.id}/unban`, {})).status).toBe(409)
  })
})
