import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import {
  NOTIFICATION_PAGE,
  notificationDtoSchema,
  notificationListSchema,
  unreadCountSchema,
  type NotificationType,
} from '../../src/shared/api/notifications'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
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
  const created = await server.orm.em
    .fork()
    .transactional(async (tx) => notifications.notify(tx, userId, { type, title, message: `${title}.`, data }))
  await notifications.publishCreated(created)
  return created
}

const list = async (client: ApiClient, query = '') => notificationListSchema.parse((await client.get(`/api/notifications${query}`)).json)
const unread = async (client: ApiClient) => unreadCountSchema.parse((await client.get('/api/notifications/unread-count')).json).count
const patch = (client: ApiClient, path: string) => client.request('PATCH', path)

beforeAll(async () => {
  db = await createDemoDatabase()
  server = await startTestServer({ databaseUrl: db.url, env: { ...demoEnv() } })
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
      expect(notificationDtoSchema.parse(event.notification)).toMatchObject({
        type: 'account_verified',
        title: 'Account verified',
        isRead: false,
        data: { accountId: 7 },
      })
      // events arrive in order: once bob has his own, alice's would have reached him before it
      const own = await notify(bobId, 'listing_removed', 'Listing removed')
      await sockets[1]!.next('new_notification', (e) => e.notification.id === own.id)
      expect(sockets[1]!.events.filter((e) => e.type === 'new_notification')).toHaveLength(1)
    } finally {
      await Promise.all(sockets.map((s) => s.close()))
    }
  })

  it('pages the own notifications newest first, 20 by default, up to 100, with the total in X-Total-Count', async () => {
    await sql.query('delete from notifications')
    for (let i = 1; i <= 105; i++) await notify(aliceId, 'listing_approved', `Alice ${i}`)
    await notify(bobId, 'listing_removed', 'Bob only')
    const titles = (from: number, count: number) => Array.from({ length: count }, (_, i) => `Alice ${from - i}`)

    const first = await alice.get('/api/notifications')
    expect(first.status).toBe(200)
    expect(first.headers.get('x-total-count')).toBe('105')
    expect(notificationListSchema.parse(first.json).map((n) => n.title)).toEqual(titles(105, NOTIFICATION_PAGE.defaultSize))
    expect((await list(alice, '?page=2')).map((n) => n.title)).toEqual(titles(85, 20))
    expect((await list(alice, '?page=2&pageSize=50')).map((n) => n.title)).toEqual(titles(55, 50))
    expect((await list(alice, '?pageSize=100')).length).toBe(100)
    expect((await list(alice, '?page=2&pageSize=100')).map((n) => n.title)).toEqual(titles(5, 5))

    const past = await alice.get('/api/notifications?page=9')
    expect(past.json).toEqual([])
    expect(past.headers.get('x-total-count')).toBe('105')
    // the same second for every row: ties still come out in one order, newest id first
    await sql.query(`update notifications set created_at = '2026-01-01T00:00:00Z'`)
    expect((await list(alice, '?pageSize=3')).map((n) => n.title)).toEqual(titles(105, 3))

    const bobs = await bob.get('/api/notifications')
    expect(bobs.json).toMatchObject([{ title: 'Bob only' }])
    expect(bobs.headers.get('x-total-count')).toBe('1')

    for (const [query, message] of [
      ['?pageSize=0', 'pageSize must be a whole number from 1 to 100'],
      ['?pageSize=101', 'pageSize must be a whole number from 1 to 100'],
      ['?page=abc', 'page must be a whole number from 1 to 100000'],
      ['?page=0', 'page must be a whole number from 1 to 100000'],
      ['?page=1&page=2', 'page must be given once'],
      ['?unreadOnly=maybe', 'unreadOnly must be true or false'],
    ]) {
      const res = await alice.get(`/api/notifications${query}`)
      expect(res.status, query).toBe(400)
      expect(res.json.message, query).toBe(message)
    }
  })

  it('filters by type, or leaves types out; an unknown type is a 400 naming it', async () => {
    await sql.query('delete from notifications')
    await notify(aliceId, 'listing_approved', 'Approved')
    await notify(aliceId, 'new_message', 'Chat')
    await notify(aliceId, 'user_banned', 'Banned', { banReason: 'Spam' })
    await notify(aliceId, 'balance_update', 'Fee', { type: 'escrow_fee' })
    await notify(aliceId, 'message_received', 'Chat again')
    await notify(bobId, 'listing_approved', 'Bob approved')

    const approved = await alice.get('/api/notifications?type=listing_approved')
    expect(notificationListSchema.parse(approved.json).map((n) => n.title)).toEqual(['Approved'])
    expect(approved.headers.get('x-total-count')).toBe('1')
    expect((await list(alice, '?type=user_banned'))[0]).toMatchObject({ type: 'user_banned', data: { banReason: 'Spam' } })
    expect((await list(alice, '?type=balance_updated,balance_update')).map((n) => n.title)).toEqual(['Fee'])
    expect(await list(alice, '?type=refund_processed')).toEqual([])

    const dropdown = await alice.get('/api/notifications?pageSize=8&exclude=new_message,message_received')
    expect(notificationListSchema.parse(dropdown.json).map((n) => n.title)).toEqual(['Fee', 'Banned', 'Approved'])
    expect(dropdown.headers.get('x-total-count')).toBe('3')
    expect((await list(alice, '?type=listing_approved,new_message&exclude=new_message')).map((n) => n.title)).toEqual(['Approved'])

    for (const [query, message] of [
      ['?type=nope', 'type: unknown notification type "nope"'],
      ['?type=listing_approved,LISTING_APPROVED', 'type: unknown notification type "LISTING_APPROVED"'],
      ['?exclude=chat', 'exclude: unknown notification type "chat"'],
      ['?type=listing_approved&type=user_banned', 'type must be given once'],
    ]) {
      const res = await alice.get(`/api/notifications${query}`)
      expect(res.status, query).toBe(400)
      expect(res.json.message, query).toBe(message)
      expect(res.json.error).toMatchObject({ code: 'validation_error', message })
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

  it('marks one read and tells that user’s other tabs once, with the unread count left', async () => {
    await sql.query('delete from notifications')
    const first = await notify(aliceId, 'listing_approved', 'One')
    await notify(aliceId, 'listing_removed', 'Two')
    const socket = await openSocket(server.url, alice.cookieHeader)
    socket.send({ type: 'authenticate', userId: aliceId })
    await socket.next('authenticated')
    try {
      expect((await patch(alice, `/api/notifications/${first.id}/read`)).status).toBe(200)
      expect(await socket.next('notification_read')).toEqual({ type: 'notification_read', notificationId: first.id, unreadCount: 1 })
      // marking it again changes nothing and announces nothing: the read-all after it is the next event
      expect((await patch(alice, `/api/notifications/${first.id}/read`)).status).toBe(200)
      await patch(alice, '/api/notifications/read-all')
      await socket.next('notification_read_all')
      expect(socket.events.filter((e) => e.type === 'notification_read')).toHaveLength(1)
    } finally {
      await socket.close()
    }
  })

  it('marks all read and tells every tab of that user, and only that user', async () => {
    await sql.query('delete from notifications')
    await notify(aliceId, 'listing_approved', 'One')
    await notify(aliceId, 'listing_removed', 'Two')
    await notify(bobId, 'listing_removed', 'Bob unread')
    // two tabs of alice's, one of bob's
    const sockets = await Promise.all(
      [
        [alice, aliceId],
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
      const res = await patch(alice, '/api/notifications/read-all')
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ updated: 2, unreadCount: 0 })
      for (const socket of sockets.slice(0, 2)) expect((await socket.next('notification_read_all')).unreadCount).toBe(0)
      expect(await unread(alice)).toBe(0)
      expect(await unread(bob)).toBe(1)
      // events arrive in order: once bob's own arrives, alice's would have reached him before it
      expect((await patch(bob, '/api/notifications/read-all')).json).toEqual({ updated: 1, unreadCount: 0 })
      await sockets[2]!.next('notification_read_all')
      expect(sockets[2]!.events.filter((e) => e.type === 'notification_read_all')).toHaveLength(1)
    } finally {
      await Promise.all(sockets.map((s) => s.close()))
    }
    expect(await unread(bob)).toBe(0)
    expect(await unread(alice)).toBe(0)
    expect((await list(alice)).every((n) => n.isRead)).toBe(true)
  })
})
