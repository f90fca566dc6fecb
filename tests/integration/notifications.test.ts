import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { NOTIFICATION_LIST_LIMIT, notificationDtoSchema, notificationListSchema, unreadCountSchema, type NotificationType } from '../../src/shared/api/notifications'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'
import { openSocket } from '../support/ws-client'
import type { RunningServer } from '../../server/server'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let alice: ApiClient
let bob: ApiClient
let aliceId: number
let bobId: number

async function signIn(username: string) {
  const client = new ApiClient(server.url)
  const res = await client.post('/api/auth/login', { username, password: 'handover-demo' })
  expect(res.status, res.text).toBe(200)
  return client
}

/** Through the service every module uses: written in a transaction, published once it commits. */
async function notify(userId: number, type: NotificationType, title: string, data: Record<string, unknown> = {}) {
  const { notifications } = server.created.services
  const created = await server.orm.em.fork().transactional(async (tx) => notifications.notify(tx, userId, { type, title, message: `${title}.`, data }))
  await notifications.publishCreated(created)
  return created
}

const list = async (client: ApiClient, query = '') => notificationListSchema.parse((await client.get(`/api/notifications${query}`)).json)
const unread = async (client: ApiClient) => unreadCountSchema.parse((await client.get('/api/notifications/unread-count')).json).count
const patch = (client: ApiClient, path: string) => client.request('PATCH', path)

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url, env: { SEED_DEMO: 'true' } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  alice = await signIn('alice')
  bob = await signIn('bob')
  const { rows } = await sql.query(`select id, username from users where username in ('alice', 'bob')`)
  aliceId = rows.find((r) => r.username === 'alice').id
  bobId = rows.find((r) => r.username === 'bob').id
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('notifications API', () => {
  it('needs a signed-in user', async () => {
    const anon = new ApiClient(server.url)
    expect((await anon.get('/api/notifications')).status).toBe(401)
    expect((await anon.get('/api/notifications/unread-count')).status).toBe(401)
    expect((await patch(anon, '/api/notifications/1/read')).status).toBe(401)
    expect((await patch(anon, '/api/notifications/read-all')).status).toBe(401)
  })

  it('delivers a new notification live to its user only, as the DTO', async () => {
    const sockets = await Promise.all(
      [
        [alice, aliceId],
        [bob, bobId],
      ].map(async ([client, id]) => {
        const socket = await openSocket(server.url, (client as ApiClient).cookieHeader)
        socket.send({ type: 'authenticate', userId: id })
        await socket.next('authenticated')
        return socket
      }),
    )
    try {
      const created = await notify(aliceId, 'account_verified', 'Account verified', { accountId: 7 })
      const event = await sockets[0]!.next('new_notification', (e) => e.notification.id === created.id)
      expect(notificationDtoSchema.parse(event.notification)).toMatchObject({ type: 'account_verified', title: 'Account verified', isRead: false, data: { accountId: 7 } })
      // events arrive in order: once bob has his own, alice's would have reached him before it
      const own = await notify(bobId, 'listing_removed', 'Listing removed')
      await sockets[1]!.next('new_notification', (e) => e.notification.id === own.id)
      expect(sockets[1]!.events.filter((e) => e.type === 'new_notification')).toHaveLength(1)
    } finally {
      await Promise.all(sockets.map((s) => s.close()))
    }
  })

  it('lists the own notifications newest first, 50 by default, up to 100, unread only on request', async () => {
    await sql.query('delete from notifications')
    for (let i = 1; i <= 55; i++) await notify(aliceId, 'listing_approved', `Alice ${i}`)
    await notify(bobId, 'listing_removed', 'Bob only')

    const page = await list(alice)
    expect(page).toHaveLength(NOTIFICATION_LIST_LIMIT.default)
    expect(page[0]!.title).toBe('Alice 55')
    expect(page.map((n) => n.title)).toEqual(Array.from({ length: 50 }, (_, i) => `Alice ${55 - i}`))
    expect((await list(alice, '?limit=100')).length).toBe(55)
    expect((await list(alice, '?limit=3')).map((n) => n.title)).toEqual(['Alice 55', 'Alice 54', 'Alice 53'])
    expect((await list(bob)).map((n) => n.title)).toEqual(['Bob only'])

    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?limit=5&limit=6', '?unreadOnly=maybe']) {
      const res = await alice.get(`/api/notifications${query}`)
      expect(res.status, query).toBe(400)
      expect(res.json.message).toMatch(/^(limit must be a whole number from 1 to 100|unreadOnly must be true or false)$/)
    }
  })

  it('marks one read: the owner only, 404 for anyone else, and the unread count follows', async () => {
    await sql.query('delete from notifications')
    const first = await notify(aliceId, 'listing_approved', 'First')
    await notify(aliceId, 'listing_approved', 'Second')
    expect(await unread(alice)).toBe(2)

    const stranger = await patch(bob, `/api/notifications/${first.id}/read`)
    expect(stranger.status).toBe(404)
    expect(stranger.json.message).toBe('Notification not found')
    expect((await patch(alice, '/api/notifications/2147483647/read')).status).toBe(404)
    expect((await patch(alice, '/api/notifications/abc/read')).status).toBe(404)
    expect(await unread(alice)).toBe(2)

    const res = await patch(alice, `/api/notifications/${first.id}/read`)
    expect(res.status).toBe(200)
    expect(notificationDtoSchema.parse(res.json)).toMatchObject({ id: first.id, isRead: true })
    expect(await unread(alice)).toBe(1)
    expect((await list(alice, '?unreadOnly=true')).map((n) => n.title)).toEqual(['Second'])
    expect((await patch(alice, `/api/notifications/${first.id}/read`)).status).toBe(200)
    expect(await unread(alice)).toBe(1)
  })

  it('marks all read and tells the user\'s other tabs; other users keep theirs', async () => {
    await sql.query('delete from notifications')
    await notify(aliceId, 'listing_approved', 'One')
    await notify(aliceId, 'listing_removed', 'Two')
    await notify(bobId, 'listing_removed', 'Bob unread')
    const socket = await openSocket(server.url, alice.cookieHeader)
    try {
      socket.send({ type: 'authenticate', userId: aliceId })
      await socket.next('authenticated')
      const res = await patch(alice, '/api/notifications/read-all')
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ updated: 2, unreadCount: 0 })
      expect((await socket.next('notification_read_all')).unreadCount).toBe(0)
    } finally {
      await socket.close()
    }
    expect(await unread(alice)).toBe(0)
    expect((await list(alice)).every((n) => n.isRead)).toBe(true)
    expect(await unread(bob)).toBe(1)
  })
})
