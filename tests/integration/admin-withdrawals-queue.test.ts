import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminWithdrawalDtoSchema, PAYMENTS_PAGE_SIZE, type AdminWithdrawalDto } from '../../src/shared/api/payments'
import { ADMIN_SENDER_ID } from '../../src/shared/constants'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { addUser, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { openSocket } from '../support/ws-client'

let db: TestDatabase
let server: RunningServer
let admin: TestUser

/** One page of the admins' list, with its X-Total-Count. */
async function listPage(query: string): Promise<{ items: AdminWithdrawalDto[]; total: number }> {
  const res = await admin.client.get(`/api/admin/withdrawals?${query}`)
  expect(res.status, res.text).toBe(200)
  return { items: adminWithdrawalDtoSchema.array().parse(res.json), total: Number(res.headers.get('x-total-count')) }
}

const ids = (items: AdminWithdrawalDto[]) => items.map((w) => w.id)
/** A live notification about this withdrawal (its data names it). */
const about = (withdrawalId: number) => (e: { notification: Record<string, unknown> }) =>
  (e.notification.data as { withdrawalId?: unknown } | undefined)?.withdrawalId === withdrawalId

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  admin = await addUser(server, 'queue_admin', { admin: true })
})

afterAll(async () => {
  await server?.close()
  await db?.drop()
})

describe('the admins’ withdrawals queue', () => {
  it('lists waiting requests the longest waiting first, every one of them reachable page by page; decided ones the latest first', async () => {
    // more requests than a page holds, one after the other: each user asks for $10 of the $15 welcome bonus
    const requested: number[] = []
    for (let i = 0; i < PAYMENTS_PAGE_SIZE + 3; i++) {
      const user = await addUser(server, `queue_user_${i}`)
      const res = await user.client.post('/api/withdrawals', { amount: 10, destination: `${user.username}@payouts.example` })
      expect(res.status, res.text).toBe(201)
      requested.push((res.json as { id: number }).id)
    }

    // the order must come from the query, not from where the table keeps a row (the oldest request's row rewritten, as
    // an update or a vacuum may do) nor from the index that happens to serve it (dropped in this test's own database)
    const sql = server.orm.em.fork().getConnection()
    await sql.execute('update withdrawals set destination = destination where id = ?', [requested[0]])
    await sql.execute('drop index withdrawals_requested_index')
    const first = await listPage('status=requested')
    expect(first.total).toBe(requested.length)
    expect(ids(first.items)).toEqual(requested.slice(0, PAYMENTS_PAGE_SIZE))
    const times = first.items.map((w) => Date.parse(w.createdAt))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    const second = await listPage('status=requested&page=2')
    expect(second.total).toBe(requested.length)
    expect(ids(second.items)).toEqual(requested.slice(PAYMENTS_PAGE_SIZE))
    expect((await listPage('status=requested&page=3')).items).toEqual([])

    // the oldest is decided after a newer one: the approved list starts with the latest decision
    const [oldest, next] = requested as [number, number]
    expect((await admin.client.post(`/api/admin/withdrawals/${next}/approve`, {})).status).toBe(200)
    expect((await admin.client.post(`/api/admin/withdrawals/${oldest}/approve`, {})).status).toBe(200)
    expect(ids((await listPage('status=approved')).items)).toEqual([oldest, next])
    // the queue moves up: the first waiting request is now the third asked
    const after = await listPage('status=requested')
    expect(after.total).toBe(requested.length - 2)
    expect(ids(after.items)[0]).toBe(requested[2])
    // everything together, the newest first
    const all = await listPage('')
    expect(all.total).toBe(requested.length)
    expect(ids(all.items)).toEqual([...requested].reverse().slice(0, PAYMENTS_PAGE_SIZE))
  })
})

describe('the admins’ queue, live', () => {
  it('tells every admin’s tabs (999) of a request and of each decision, and not the user who asked', async () => {
    // another admin than the one deciding: their open queue must move without waiting for its poll
    const watcher = await addUser(server, 'queue_watcher', { admin: true })
    const user = await addUser(server, 'queue_live_user')
    const admins = await openSocket(server.url, watcher.client.cookieHeader)
    const own = await openSocket(server.url, user.client.cookieHeader)
    try {
      admins.send({ type: 'authenticate', userId: ADMIN_SENDER_ID })
      own.send({ type: 'authenticate', userId: user.id })
      await Promise.all([admins.next('authenticated'), own.next('authenticated')])

      // $10 of the $15 welcome bonus, then the $5 left (under the minimum, but the whole balance)
      const asked: number[] = []
      for (const amount of [10, 5]) {
        const res = await user.client.post('/api/withdrawals', { amount, destination: 'live@payouts.example' })
        expect(res.status, res.text).toBe(201)
        const id = (res.json as { id: number }).id
        await admins.next('withdrawal_queue_update', (e) => e.withdrawalId === id && e.status === 'requested')
        asked.push(id)
      }
      const [approved, rejected] = asked as [number, number]
      expect((await admin.client.post(`/api/admin/withdrawals/${approved}/approve`, {})).status).toBe(200)
      await admins.next('withdrawal_queue_update', (e) => e.withdrawalId === approved && e.status === 'approved')
      // the user's own tabs hear each decision as a notification, with its title, without reloading
      const told = await own.next('new_notification', about(approved))
      expect(told.notification).toMatchObject({ title: 'Withdrawal sent', isRead: false })
      expect((await admin.client.post(`/api/admin/withdrawals/${rejected}/reject`, { reason: 'The payout address bounced' })).status).toBe(200)
      await admins.next('withdrawal_queue_update', (e) => e.withdrawalId === rejected && e.status === 'rejected')
      expect((await own.next('new_notification', about(rejected))).notification).toMatchObject({
        title: 'Withdrawal rejected',
      })
      // the user hears their balance, never the admins' queue
      await own.next('balance_updated')
      expect(own.events.filter((e) => e.type === 'withdrawal_queue_update')).toEqual([])
    } finally {
      await admins.close()
      await own.close()
    }
  })
})
