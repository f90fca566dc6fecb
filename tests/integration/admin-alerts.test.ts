import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { ADMIN_SENDER_ID } from '../../src/shared/constants'
import type { AdminAlertKind, ServerEvent } from '../../src/shared/realtime/events'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { fundWallets, insertListings } from '../support/market-data'
import { addUser, startDeposit, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { openSocket } from '../support/ws-client'

/**
 * Admin alerts (docs/decisions.md "Payment monitor", "Live updates"): each of the four kinds of waiting work reaches
 * admins' sockets (999) exactly once, on another instance than the one that made it, and never a user's socket.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

type Socket = Awaited<ReturnType<typeof openSocket>>
type AdminAlert = Extract<ServerEvent, { type: 'admin_alert' }>

let db: TestDatabase
let sql: pg.Client
/** two instances of one deployment: the work is done on A, the admin listens on B */
let a: RunningServer
let b: RunningServer
let admin: TestUser
let users: { seller: TestUser; buyer: TestUser; payer: TestUser }
let admins: Socket
let userSockets: Socket[]

const alertsOf = (socket: Socket, kind: AdminAlertKind, subjectId: number | string) =>
  socket.events.filter((e): e is AdminAlert => e.type === 'admin_alert' && e.kind === kind && e.subjectId === String(subjectId))

/** Waits for the admins' alert, then long enough for a second one to have arrived too, and answers every one. */
async function alertsFor(kind: AdminAlertKind, subjectId: number | string): Promise<AdminAlert[]> {
  await admins.next('admin_alert', (e) => e.kind === kind && e.subjectId === String(subjectId))
  await new Promise((ok) => setTimeout(ok, 300))
  return alertsOf(admins, kind, subjectId)
}

/** Moves an order's checkout back in time, as if it had been opened `minutes` ago. */
const age = (orderId: string, minutes: number) =>
  sql.query(`update payment_orders set created_at = now() - make_interval(mins => $2) where order_id = $1`, [orderId, minutes])

/** Users' sockets, and an admin's socket under their own id only (not 999), hear no admin alert at all. */
function expectNoUserAlerts() {
  for (const socket of userSockets) expect(socket.events.filter((e) => e.type === 'admin_alert')).toEqual([])
}

async function socketOf(server: RunningServer, user: TestUser, as: number): Promise<Socket> {
  const socket = await openSocket(server.url, user.client.cookieHeader)
  socket.send({ type: 'authenticate', userId: as })
  await socket.next('authenticated')
  return socket
}

beforeAll(async () => {
  db = await createTestDatabase()
  const shared = {
    databaseUrl: db.url,
    redisUrl: REDIS_URL,
    keyPrefix: `alerts-${randomBytes(4).toString('hex')}`,
    env: { SESSION_SECRET: randomBytes(32).toString('hex') },
  }
  a = await startTestServer(shared)
  b = await startTestServer(shared)
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  admin = await addUser(a, 'alert_admin', { admin: true })
  users = { seller: await addUser(a, 'alert_seller'), buyer: await addUser(a, 'alert_buyer'), payer: await addUser(a, 'alert_payer') }
  admins = await socketOf(b, admin, ADMIN_SENDER_ID)
  userSockets = await Promise.all(Object.values(users).map((user) => socketOf(a, user, user.id)))
  // an admin's socket under their own id only (not 999) is a user's socket as far as these alerts go
  userSockets.push(await socketOf(a, admin, admin.id))
})

afterAll(async () => {
  await Promise.all([admins, ...(userSockets ?? [])].map((s) => s?.close()))
  await sql?.end()
  await a?.close()
  await b?.close()
  await db?.drop()
})

describe('admin alerts', () => {
  it('a withdrawal request alerts the admins once, a replay of the same request not again', async () => {
    const { payer } = users
    const ask = () =>
      payer.client.post('/api/withdrawals', { amount: 10, destination: 'alerts@payouts.example' }, { 'Idempotency-Key': 'alert-withdrawal-1' })
    const first = await ask()
    expect(first.status, first.text).toBe(201)
    const id = (first.json as { id: number }).id
    expect((await ask()).headers.get('idempotent-replayed')).toBe('true')
    const alerts = await alertsFor('withdrawal', id)
    expect(alerts).toEqual([
      {
        type: 'admin_alert',
        kind: 'withdrawal',
        subjectId: String(id),
        title: 'Withdrawal to approve',
        body: `Withdrawal #${id} of $10.00 is waiting for a decision.`,
      },
    ])
    // deciding it asks nothing more of anyone
    expect((await admin.client.post(`/api/admin/withdrawals/${id}/reject`, { reason: 'Not this time, sorry' })).status).toBe(200)
    await admins.next('withdrawal_queue_update', (e) => e.withdrawalId === id && e.status === 'rejected')
    expect(alertsOf(admins, 'withdrawal', id)).toHaveLength(1)
    expectNoUserAlerts()
  })

  it('a dispute opened alerts the admins once', async () => {
    const { seller, buyer } = users
    const [listingId] = await insertListings(db.url, [seller.id], 1, 5_000, 'alert')
    await fundWallets(db.url, [buyer.id], 20_000)
    const deal = await buyer.client.post('/api/transactions', { listingId })
    expect(deal.status, deal.text).toBe(201)
    const id = (deal.json as { id: number }).id
    expect((await buyer.client.post(`/api/transactions/${id}/pay`)).status).toBe(200)
    const disputed = await buyer.client.post(`/api/transactions/${id}/dispute`, { reason: 'The invite never arrived at all.' })
    expect(disputed.status, disputed.text).toBe(200)
    const [alert, ...more] = await alertsFor('dispute', id)
    expect(more).toEqual([])
    expect(alert).toMatchObject({
      title: expect.stringMatching(/^Dispute opened \(/),
      body: expect.stringMatching(/^The buyer of “.+” opened a dispute/),
    })
    expectNoUserAlerts()
  })

  it('a listing submitted for review alerts the admins, and again only when a live one is sent back to review', async () => {
    const { seller } = users
    const handle = `alerts${randomBytes(3).toString('hex')}`
    const created = await seller.client.post('/api/accounts', {
      platform: 'youtube',
      username: handle,
      displayName: 'Alert Channel',
      niche: 'Pets',
      accountTitle: 'Cats doing cat things',
      description: 'Daily videos of cats being cats, for people who like cats.',
      price: 120,
      followers: 5_000,
    })
    expect(created.status, created.text).toBe(201)
    const id = (created.json as { id: number }).id
    // an edit while it waits leaves it where it is in the queue
    expect((await seller.client.request('PATCH', `/api/accounts/${id}`, { price: 130 })).status).toBe(200)
    const [alert, ...more] = await alertsFor('listing_review', id)
    expect(more).toEqual([])
    expect(alert).toMatchObject({
      title: 'Listing to review',
      body: `alert_seller submitted “Cats doing cat things” (youtube @${handle}) for review.`,
    })

    expect((await admin.client.post(`/api/admin/listings/${id}/approve`)).status).toBe(200)
    expect((await seller.client.request('PATCH', `/api/accounts/${id}`, { username: `${handle}2` })).status).toBe(200)
    await admins.next('admin_alert', (e) => e.kind === 'listing_review' && e.subjectId === String(id) && e.body.includes(`@${handle}2`))
    await new Promise((ok) => setTimeout(ok, 300))
    expect(alertsOf(admins, 'listing_review', id)).toHaveLength(2)
    expectNoUserAlerts()
  })

  it('a payment alerts the admins once when it crosses the monitor’s stuck threshold, however many sweeps and instances look', async () => {
    const { payer } = users
    const waiting = await startDeposit(payer.client, { amount: 20, method: 'card' })
    const fresh = await startDeposit(payer.client, { amount: 25, method: 'card' })
    await age(waiting.orderId, 29)
    const sweep = () => Promise.all([a, b].map((s) => s.created.services.payments.alertStuckPayments(s.orm.em.fork())))
    await sweep()
    await new Promise((ok) => setTimeout(ok, 300))
    expect(alertsOf(admins, 'stuck_payment', waiting.orderId)).toEqual([])

    await age(waiting.orderId, 31)
    // both instances sweep at the same moment, then again: the order is claimed by one of them, once
    const alerted = (await sweep()).reduce((sum, n) => sum + n, 0) + (await sweep()).reduce((sum, n) => sum + n, 0)
    expect(alerted).toBeLessThanOrEqual(1)
    const [alert, ...more] = await alertsFor('stuck_payment', waiting.orderId)
    expect(more).toEqual([])
    expect(alert).toMatchObject({ title: 'Payment stuck', subjectId: waiting.orderId })
    expect(alert!.body).toMatch(new RegExp(`^Deposit ${waiting.orderId} of \\$\\d+\\.\\d\\d: No answer from the provider for over 30 minutes\\.$`))
    expect(alertsOf(admins, 'stuck_payment', fresh.orderId)).toEqual([])
    expectNoUserAlerts()
  })
})
