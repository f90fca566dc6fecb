import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import {
  ADMIN_SENDER_NAME,
  CHAT_MESSAGES,
  CHAT_RULES,
  NEXT_CURSOR_HEADER,
  chatUnreadCountSchema,
  conversationDtoSchema,
  conversationListSchema,
  markReadResultSchema,
  messageDtoSchema,
  messageListSchema,
  type ConversationDto,
  type MessageDto,
} from '../../src/shared/api/conversations'
import { ADMIN_SENDER_ID } from '../../src/shared/constants'
import { transactionDetailSchema } from '../../src/shared/api/transactions'
import { serverEventSchema, type ServerEvent } from '../../src/shared/realtime/events'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import { ApiClient } from '../support/http-client'
import { signInDemoAdmin } from '../support/two-factor'
import { startTestServer } from '../support/server'
import { openSocket } from '../support/ws-client'
import type { RunningServer } from '../../server/server'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const CHAT_EVENTS: ServerEvent['type'][] = [
  'new_message',
  'message_sent',
  'user_typing',
  'user_stopped_typing',
  'messages_read',
  'message_read',
  'MESSAGE_READ_UPDATE',
]

interface Person {
  client: ApiClient
  id: number
  username: string
}
type Socket = Awaited<ReturnType<typeof openSocket>>

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let alice: Person, bob: Person, carol: Person, admin: Person
const bobListings: number[] = []
const sockets: Socket[] = []

async function signIn(username: string, password = 'handover-demo'): Promise<Person> {
  const client = new ApiClient(server.url)
  // the demo admin signs in with two-factor (turned on the first time)
  if (username === 'admin') return { client, id: await signInDemoAdmin(client, password), username }
  const res = await client.post('/api/auth/login', { username, password })
  expect(res.status, res.text).toBe(200)
  return { client, id: Number((res.json.user as { id: number }).id), username }
}

/** A socket authenticated as the person (or as 999 for an admin), recording every event. */
async function live(person: Person, as = person.id): Promise<Socket> {
  const socket = await openSocket(server.url, person.client.cookieHeader)
  sockets.push(socket)
  socket.send({ type: 'authenticate', userId: as })
  await socket.next('authenticated')
  return socket
}

/**
 * Events reach a socket in publish order (one Redis channel): once a marker published now has arrived,
 * every chat event published before it would have arrived too.
 */
async function settled(socket: Socket, key: number) {
  const marker = randomBytes(4).toString('hex')
  await server.bus.publish({ userIds: [key] }, { type: 'balance_updated', balance: marker })
  await socket.next('balance_updated', (e) => e.balance === marker)
}

const chatEvents = (socket: Socket) => socket.events.filter((e) => CHAT_EVENTS.includes(e.type))

/** A new conversation of `buyer` with bob about one of bob's listings not used yet. */
let nextListing = 0
async function conversationWithBob(buyer: Person): Promise<ConversationDto> {
  const listingId = bobListings[nextListing++]
  const res = await buyer.client.post('/api/conversations', { listingId })
  expect(res.status, res.text).toBe(201)
  return conversationDtoSchema.parse(res.json)
}

async function send(person: Person, conversationId: number, content: string, clientId?: string): Promise<MessageDto> {
  const res = await person.client.post(`/api/conversations/${conversationId}/messages`, { content, ...(clientId ? { clientId } : {}) })
  expect(res.status, res.text).toBe(201)
  return messageDtoSchema.parse(res.json)
}

const messagesOf = async (person: Person, conversationId: number, query = '') => {
  const res = await person.client.get(`/api/conversations/${conversationId}/messages${query}`)
  expect(res.status, res.text).toBe(200)
  return { items: messageListSchema.parse(res.json), next: res.headers.get(NEXT_CURSOR_HEADER) }
}
const read = async (person: Person, conversationId: number) => {
  const res = await person.client.post(`/api/conversations/${conversationId}/read`)
  expect(res.status, res.text).toBe(200)
  return markReadResultSchema.parse(res.json).updated
}
const unreadTotal = async (person: Person) => chatUnreadCountSchema.parse((await person.client.get('/api/conversations/unread-count')).json).count
const detail = async (person: Person, conversationId: number) =>
  conversationDtoSchema.parse((await person.client.get(`/api/conversations/${conversationId}`)).json)
const listOf = async (person: Person, query = '') => {
  const res = await person.client.get(`/api/conversations${query}`)
  expect(res.status, res.text).toBe(200)
  return { items: conversationListSchema.parse(res.json), next: res.headers.get(NEXT_CURSOR_HEADER) }
}
const messageCount = async (conversationId: number) =>
  Number((await sql.query('select count(*) from messages where conversation_id = $1', [conversationId])).rows[0].count)

beforeAll(async () => {
  db = await createDemoDatabase()
  server = await startTestServer({ databaseUrl: db.url, redisUrl: REDIS_URL, env: { ...demoEnv() } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  ;[alice, bob, carol, admin] = await Promise.all([signIn('alice'), signIn('bob'), signIn('carol'), signIn('admin', 'handover-admin')])
  // bob sells a few dozen accounts, so each test opens conversations about listings no other test used
  await sql.query(
    `update listings set seller_id = $1 where id in (select id from listings where status = 'active' and seller_id <> $1 and seller_id <> $2 order by id limit 30)`,
    [bob.id, alice.id],
  )
  const { rows } = await sql.query(`select id from listings where seller_id = $1 and status = 'active' order by id`, [bob.id])
  bobListings.push(...rows.map((r) => r.id as number))
})

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()))
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('the demo’s chats', () => {
  it('gives every completed demo deal its conversation, linked both ways, with the deal’s lines in order and nothing unread', async () => {
    const deals = (
      await sql.query(`select id, buyer_id, seller_id, listing_id, conversation_id from escrow_transactions where status = 'completed' order by id`)
    ).rows
    expect(deals.length).toBeGreaterThan(10)
    const linked = (await sql.query(`select id, transaction_id, buyer_id, seller_id, listing_id from conversations where transaction_id is not null`))
      .rows
    expect(linked.map((c) => c.transaction_id).sort((a, b) => a - b)).toEqual(deals.map((d) => d.id))
    for (const deal of deals) {
      const conversation = linked.find((c) => c.id === deal.conversation_id)
      expect(conversation, `deal ${deal.id}`).toMatchObject({
        transaction_id: deal.id,
        buyer_id: deal.buyer_id,
        seller_id: deal.seller_id,
        listing_id: deal.listing_id,
      })
    }

    // alice, as a buyer, reads one of them: question and answer, the six step lines, her thanks
    const mine = (await listOf(alice, '?limit=100')).items.filter((c) => c.transactionId !== null && c.role === 'buyer')
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.every((c) => c.unreadCount === 0)).toBe(true)
    const deal = transactionDetailSchema.parse((await alice.client.get(`/api/transactions/${mine[0]!.transactionId}`)).json)
    expect(deal.conversationId).toBe(mine[0]!.id)
    const lines = (await messagesOf(alice, mine[0]!.id, '?limit=100')).items
    expect(lines.map((m) => m.isSystem ?? false)).toEqual([false, false, true, true, true, true, true, true, false])
    expect(lines[0]!.senderId).toBe(alice.id)
    expect(lines[2]!.content).toBe('alice started buying this account.')
    expect(lines[7]!.content).toBe('The countdown ended with no dispute; the funds are released to the seller.')
    const times = lines.map((m) => Date.parse(m.createdAt))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(lines.every((m) => m.buyerHasRead && m.sellerHasRead && m.adminHasRead)).toBe(true)

    // and each demo buyer asked one of the extra sellers about a listing still for sale, and was answered
    for (const person of [alice, bob, carol]) {
      const asked = (await listOf(person, '?limit=100')).items.filter((c) => c.transactionId === null && c.role === 'buyer')
      expect(asked, 'an answered question').toHaveLength(1)
      expect(asked[0]).toMatchObject({ unreadCount: 0, lastMessage: { senderId: asked[0]!.sellerId } })
    }
    expect(await Promise.all([alice, bob, carol, admin].map(unreadTotal))).toEqual([0, 0, 0, 0])
  })
})

describe('who may use the chat', () => {
  const routes = (id: number): [string, string, unknown?][] => [
    ['GET', '/api/conversations'],
    ['POST', '/api/conversations', { sellerId: 1000 }],
    ['GET', '/api/conversations/unread-count'],
    ['GET', `/api/conversations/${id}`],
    ['GET', `/api/conversations/${id}/messages`],
    ['POST', `/api/conversations/${id}/messages`, { content: 'hello' }],
    ['POST', `/api/conversations/${id}/read`, {}],
  ]

  it('answers 401 when signed out and 403 to a banned user, writing nothing', async () => {
    const conversation = await conversationWithBob(alice)
    const anon = new ApiClient(server.url)
    const banned = await signIn('tomasz.k')
    await sql.query(`update users set banned_at = now() where id = $1`, [banned.id])
    for (const [method, path, body] of routes(conversation.id)) {
      expect((await anon.request(method, path, body)).status, `${method} ${path}`).toBe(401)
      const res = await banned.client.request(method, path, body)
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(res.json.message).toBe('Your account is banned')
    }
    expect(await messageCount(conversation.id)).toBe(0)
  })

  it('answers 404 to a non-participant on every conversation route, as for one that does not exist', async () => {
    const conversation = await conversationWithBob(alice)
    await send(alice, conversation.id, 'only for bob')
    for (const id of [conversation.id, 2_147_483_647]) {
      for (const [method, path, body] of routes(id).slice(3)) {
        const res = await carol.client.request(method, path, body)
        expect(res.status, `${method} ${path}`).toBe(404)
        expect(res.json).toEqual({ error: { code: 'not_found', message: CHAT_MESSAGES.notFound }, message: CHAT_MESSAGES.notFound })
      }
    }
    expect((await carol.client.get('/api/conversations/abc')).status).toBe(404)
    expect((await listOf(carol)).items.map((c) => c.id)).not.toContain(conversation.id)
    expect(await messageCount(conversation.id)).toBe(1)
    const { rows } = await sql.query('select buyer_has_read, seller_has_read, admin_has_read from messages where conversation_id = $1', [
      conversation.id,
    ])
    expect(rows).toEqual([{ buyer_has_read: true, seller_has_read: false, admin_has_read: false }])
  })

  it('lists every conversation for admins only (?all=true)', async () => {
    const conversation = await conversationWithBob(alice)
    const res = await carol.client.get('/api/conversations?all=true')
    expect(res.status).toBe(403)
    const all = await listOf(admin, '?all=true&limit=100')
    const seen = all.items.find((c) => c.id === conversation.id)
    expect(seen).toMatchObject({ role: 'admin', buyerId: alice.id, sellerId: bob.id, counterpart: { id: alice.id } })
    const filtered = await listOf(admin, `?all=true&listingId=${conversation.listing!.id}`)
    expect(filtered.items.map((c) => c.id)).toEqual([conversation.id])
    const byUser = await listOf(admin, `?all=true&userId=${carol.id}`)
    expect(byUser.items.every((c) => c.buyerId === carol.id || c.sellerId === carol.id)).toBe(true)
    // without all=true, an admin sees only their own and the joined ones: none of these
    expect((await listOf(admin)).items.map((c) => c.id)).not.toContain(conversation.id)
    for (const query of ['?all=maybe', '?limit=0', '?limit=101', '?before=abc', '?userId=x']) {
      expect((await admin.client.get(`/api/conversations${query}`)).status, query).toBe(400)
    }
  })
})

describe('opening conversations', () => {
  it('opens one per buyer, seller and listing, and one without a listing', async () => {
    const listingId = bobListings[nextListing++]!
    const first = await alice.client.post('/api/conversations', { listingId })
    expect(first.status).toBe(201)
    const opened = conversationDtoSchema.parse(first.json)
    expect(opened).toMatchObject({
      conversationId: opened.id,
      buyerId: alice.id,
      sellerId: bob.id,
      role: 'buyer',
      counterpart: { id: bob.id, username: 'bob' },
      listing: { id: listingId },
      transactionId: null,
      lastMessage: null,
      unreadCount: 0,
    })
    const again = await alice.client.post('/api/conversations', { listingId, sellerId: bob.id })
    expect(again.status).toBe(200)
    expect(again.json.id).toBe(opened.id)

    // once the listing is no longer for sale, it still leads to this conversation, and only to it
    await sql.query(`update listings set status = 'reserved' where id = $1`, [listingId])
    const whileReserved = await carol.client.post('/api/conversations', { listingId })
    expect([whileReserved.status, whileReserved.json.message]).toEqual([404, CHAT_MESSAGES.listingNotFound])
    await sql.query(`update listings set status = 'sold', sold_at = now() where id = $1`, [listingId])
    const afterSale = await alice.client.post('/api/conversations', { listingId })
    expect([afterSale.status, afterSale.json.id]).toEqual([200, opened.id])
    const stranger = await carol.client.post('/api/conversations', { listingId })
    expect([stranger.status, stranger.json.message]).toEqual([404, CHAT_MESSAGES.listingNotFound])

    const direct = await carol.client.post('/api/conversations', { sellerId: bob.id })
    expect(direct.status).toBe(201)
    expect(direct.json.listing).toBeNull()
    const directAgain = await carol.client.post('/api/conversations', { sellerId: bob.id })
    expect([directAgain.status, directAgain.json.id]).toEqual([200, direct.json.id])
  })

  it('opens a conversation once under concurrent requests, and for the escrow module with its transaction', async () => {
    const listingId = bobListings[nextListing++]!
    const answers = await Promise.all(Array.from({ length: 6 }, () => carol.client.post('/api/conversations', { listingId })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201])
    expect(new Set(answers.map((a) => a.json.id)).size).toBe(1)

    // a purchase opens the same conversation and ties it to the deal
    const purchase = await carol.client.post('/api/transactions', { listingId })
    expect(purchase.status, purchase.text).toBe(201)
    const deal = purchase.json as { id: number; conversationId: number }
    expect(deal.conversationId).toBe(answers[0]!.json.id)
    expect((await detail(carol, deal.conversationId)).transactionId).toBe(deal.id)
    const { rows } = await sql.query('select count(*) from conversations where buyer_id = $1 and listing_id = $2', [carol.id, listingId])
    expect(Number(rows[0].count)).toBe(1)
  })

  it('refuses talking to yourself, unknown sellers and listings, and a listing of another seller', async () => {
    const cases: [Person, unknown, number, string][] = [
      [bob, { listingId: bobListings[0] }, 400, CHAT_MESSAGES.yourself],
      [alice, { sellerId: alice.id }, 400, CHAT_MESSAGES.yourself],
      [alice, {}, 400, CHAT_MESSAGES.target],
      [alice, { sellerId: carol.id, listingId: bobListings[0] }, 400, CHAT_MESSAGES.listingSeller],
      [alice, { listingId: 2_147_483_647 }, 404, CHAT_MESSAGES.listingNotFound],
      [alice, { sellerId: 2_147_483_647 }, 404, CHAT_MESSAGES.sellerNotFound],
      [alice, { sellerId: 'bob' }, 400, 'sellerId must be a whole number'],
    ]
    for (const [person, body, status, message] of cases) {
      const res = await person.client.post('/api/conversations', body)
      expect([res.status, res.json.message], JSON.stringify(body)).toEqual([status, message])
    }
    const escrowSelf = server.orm.em
      .fork()
      .transactional((tx) => server.created.services.conversations.openConversation(tx, { buyerId: bob.id, sellerId: bob.id }))
    await expect(escrowSelf).rejects.toThrow(CHAT_MESSAGES.yourself)
  })
})

describe('messages', () => {
  it('validates content: trimmed, not empty, at most 4,000 characters; nothing is written otherwise', async () => {
    const buyer = await signIn('kai_digital')
    const conversation = await conversationWithBob(buyer)
    const path = `/api/conversations/${conversation.id}/messages`
    const bad: [unknown, string][] = [
      [{ content: '' }, CHAT_MESSAGES.contentEmpty],
      [{ content: ' \n\t ' }, CHAT_MESSAGES.contentEmpty],
      [{}, CHAT_MESSAGES.contentEmpty],
      [{ content: 'a'.repeat(CHAT_RULES.contentMax + 1) }, CHAT_MESSAGES.contentLong],
      [{ content: 'hi', clientId: 'x'.repeat(65) }, CHAT_MESSAGES.clientId],
      [{ content: 'hi', extra: true }, 'Unrecognized key: "extra"'],
    ]
    for (const [body, message] of bad) {
      const res = await buyer.client.post(path, body)
      expect([res.status, res.json.message], JSON.stringify(body).slice(0, 60)).toEqual([400, message])
    }
    expect(await messageCount(conversation.id)).toBe(0)
    expect(CHAT_MESSAGES.contentLong).toBe('A message can be at most 4,000 characters')

    expect((await send(buyer, conversation.id, '  hello there \n')).content).toBe('hello there')
    // characters, not UTF-16 units: 4,000 emoji fit
    expect((await send(buyer, conversation.id, '🙂'.repeat(CHAT_RULES.contentMax))).content).toHaveLength(CHAT_RULES.contentMax * 2)
    expect(await messageCount(conversation.id)).toBe(2)
  })

  it('keeps read receipts per role: buyer, seller and admin (as 999)', async () => {
    const buyer = await signIn('sofia.creates')
    const conversation = await conversationWithBob(buyer)
    const fromBuyer = await send(buyer, conversation.id, 'Is it still available?')
    expect(fromBuyer).toMatchObject({ senderId: buyer.id, sender: { id: buyer.id, username: 'sofia.creates' }, isFromAdmin: false })
    expect(fromBuyer).toMatchObject({ buyerHasRead: true, sellerHasRead: false, adminHasRead: false, tickStatus: { buyer: 'read' } })
    expect(fromBuyer.tickStatus).toEqual({ buyer: 'read' })
    const fromSeller = await send(bob, conversation.id, 'Yes it is')
    expect(fromSeller.tickStatus).toEqual({ seller: 'read' })

    expect(await read(bob, conversation.id)).toBe(1)
    expect(await read(bob, conversation.id)).toBe(0)
    let { items } = await messagesOf(buyer, conversation.id)
    expect(items.map((m) => m.tickStatus)).toEqual([{ buyer: 'read', seller: 'read' }, { seller: 'read' }])

    expect(await read(buyer, conversation.id)).toBe(1)
    expect(await read(admin, conversation.id)).toBe(2)
    ;({ items } = await messagesOf(admin, conversation.id))
    expect(items.map((m) => [m.buyerHasRead, m.sellerHasRead, m.adminHasRead])).toEqual([
      [true, true, true],
      [true, true, true],
    ])

    const fromAdmin = await send(admin, conversation.id, 'Handover here: all fine?')
    expect(fromAdmin).toMatchObject({ senderId: ADMIN_SENDER_ID, sender: { id: ADMIN_SENDER_ID, username: ADMIN_SENDER_NAME }, isFromAdmin: true })
    expect(fromAdmin.tickStatus).toEqual({ admin: 'read' })
    expect(JSON.stringify(fromAdmin)).not.toContain(`"id":${admin.id}`)
    const { rows } = await sql.query('select sender_id from messages where id = $1', [fromAdmin.id])
    expect(rows[0].sender_id).toBe(admin.id)
    expect(await read(bob, conversation.id)).toBe(1)
    ;({ items } = await messagesOf(buyer, conversation.id))
    expect(items.at(-1)!.tickStatus).toEqual({ admin: 'read', seller: 'read' })
  })

  it('counts unread messages per conversation and in total, for each side', async () => {
    const buyer = await signIn('lena.social')
    const first = await conversationWithBob(buyer)
    const second = await conversationWithBob(buyer)
    const bobBefore = await unreadTotal(bob)
    await send(buyer, first.id, 'one')
    await send(buyer, first.id, 'two')
    await send(buyer, second.id, 'three')
    await send(bob, second.id, 'reply')

    expect(await unreadTotal(buyer)).toBe(1)
    expect(await unreadTotal(bob)).toBe(bobBefore + 3)
    const bobs = (await listOf(bob)).items
    expect(bobs.find((c) => c.id === first.id)).toMatchObject({ role: 'seller', unreadCount: 2, lastMessage: { content: 'two' } })
    expect(bobs.find((c) => c.id === second.id)).toMatchObject({ unreadCount: 1, lastMessage: { content: 'reply' } })
    expect((await detail(buyer, second.id)).unreadCount).toBe(1)
    expect((await detail(buyer, first.id)).unreadCount).toBe(0)
    // newest activity first (the demo's older chats of this seller follow)
    expect((await listOf(buyer)).items.map((c) => c.id).slice(0, 2)).toEqual([second.id, first.id])
    // an admin outside the conversation counts what no admin has read
    expect(await detail(admin, first.id)).toMatchObject({ role: 'admin', unreadCount: 2 })

    await read(bob, first.id)
    expect(await unreadTotal(bob)).toBe(bobBefore + 1)
    await read(buyer, second.id)
    expect(await unreadTotal(buyer)).toBe(0)

    // once an admin has written, the admins' badge counts the conversation: both earlier messages and the new one
    const adminBefore = await unreadTotal(admin)
    await send(admin, first.id, 'Checking in')
    expect(await unreadTotal(admin)).toBe(adminBefore + 2)
    await send(buyer, first.id, 'Thanks')
    expect(await unreadTotal(admin)).toBe(adminBefore + 3)
    expect((await listOf(admin)).items.find((c) => c.id === first.id)).toMatchObject({ adminJoined: true, role: 'admin', unreadCount: 3 })
    await read(admin, first.id)
    expect(await unreadTotal(admin)).toBe(adminBefore)
  })

  it('sends a clientId once: the same id answers the first message, even under concurrent retries', async () => {
    const buyer = await signIn('brightpath')
    const conversation = await conversationWithBob(buyer)
    const path = `/api/conversations/${conversation.id}/messages`
    const first = await buyer.client.post(path, { content: 'once', clientId: 'c-1' })
    expect(first.status).toBe(201)
    const again = await buyer.client.post(path, { content: 'once (retry)', clientId: 'c-1' })
    expect(again.status).toBe(200)
    expect(again.json).toEqual(first.json)
    expect(again.json.clientId).toBe('c-1')

    const racing = await Promise.all(Array.from({ length: 5 }, () => buyer.client.post(path, { content: 'race', clientId: 'c-2' })))
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201])
    expect(new Set(racing.map((r) => r.json.id)).size).toBe(1)
    // the other side may use the same clientId: it is unique per sender
    expect((await bob.client.post(path, { content: 'mine', clientId: 'c-1' })).status).toBe(201)
    expect(await messageCount(conversation.id)).toBe(3)

    const other = await conversationWithBob(buyer)
    const reused = await buyer.client.post(`/api/conversations/${other.id}/messages`, { content: 'elsewhere', clientId: 'c-1' })
    expect([reused.status, reused.json.message]).toEqual([409, CHAT_MESSAGES.clientIdReused])
    expect(await messageCount(other.id)).toBe(0)
  })

  it('pages messages oldest to newest, with X-Next-Cursor for older pages', async () => {
    const conversation = await conversationWithBob(carol)
    await sql.query(
      `insert into messages (conversation_id, sender_id, content, buyer_has_read)
       select $1, $2, 'message ' || n, true from generate_series(1, 120) n`,
      [conversation.id, carol.id],
    )
    const first = await messagesOf(carol, conversation.id)
    expect(first.items).toHaveLength(CHAT_RULES.messagesPage.default)
    expect(first.items.at(-1)!.content).toBe('message 120')
    expect(first.items[0]!.content).toBe('message 71')
    expect(first.next).toBe(String(first.items[0]!.id))
    const second = await messagesOf(carol, conversation.id, `?before=${first.next}`)
    expect(second.items.map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `message ${21 + i}`))
    const third = await messagesOf(carol, conversation.id, `?before=${second.next}`)
    expect(third.items).toHaveLength(20)
    expect(third.next).toBeNull()
    const all = [...third.items, ...second.items, ...first.items].map((m) => m.id)
    expect(all).toEqual([...all].sort((a, b) => a - b))
    expect(new Set(all).size).toBe(120)

    expect((await messagesOf(carol, conversation.id, '?limit=100')).items).toHaveLength(100)
    expect((await messagesOf(carol, conversation.id, '?limit=3')).items.map((m) => m.content)).toEqual(['message 118', 'message 119', 'message 120'])
    for (const query of ['?limit=0', '?limit=101', '?before=abc', '?before=0']) {
      expect((await carol.client.get(`/api/conversations/${conversation.id}/messages${query}`)).status, query).toBe(400)
    }
  })

  it('pages the conversation list with X-Next-Cursor', async () => {
    const buyer = await signIn('urban.outlet')
    const opened: number[] = []
    for (let i = 0; i < 3; i++) opened.push((await conversationWithBob(buyer)).id)
    // this seller's demo chats come after the three, oldest activity last
    const all = (await listOf(buyer, '?limit=100')).items.map((c) => c.id)
    expect(all.length).toBeGreaterThan(3)
    expect(all.slice(0, 3)).toEqual([opened[2], opened[1], opened[0]])
    const first = await listOf(buyer, '?limit=2')
    expect(first.items.map((c) => c.id)).toEqual([opened[2], opened[1]])
    expect(first.next).toMatch(/^\d+-\d+$/)
    // page after page, two at a time, to the end: every conversation once, in the same order
    const paged = first.items.map((c) => c.id)
    let next = first.next
    while (next !== null) {
      const page = await listOf(buyer, `?limit=2&before=${next}`)
      expect(page.items.length).toBeGreaterThan(0)
      paged.push(...page.items.map((c) => c.id))
      next = page.next
    }
    expect(paged).toEqual(all)
  })

  it('limits sending to 30 messages in 10 seconds per user', async () => {
    const buyer = await signIn('pixelpeak')
    const conversation = await conversationWithBob(buyer)
    for (let i = 0; i < CHAT_RULES.sendPoints; i++) await send(buyer, conversation.id, `m${i}`)
    const res = await buyer.client.post(`/api/conversations/${conversation.id}/messages`, { content: 'one too many' })
    expect(res.status).toBe(429)
    expect(res.json.message).toMatch(/^You are sending messages too fast\. Please try again in \d+ seconds?\.$/)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await messageCount(conversation.id)).toBe(CHAT_RULES.sendPoints)
    // the other side is not slowed down
    await send(bob, conversation.id, 'still fine')
  })
})

describe('live chat events', () => {
  it('delivers messages, typing and read receipts to the participants only', async () => {
    const conversation = await conversationWithBob(alice)
    const [aliceSocket, bobSocket, carolSocket, adminSocket] = await Promise.all([live(alice), live(bob), live(carol), live(admin, ADMIN_SENDER_ID)])

    expect((await detail(alice, conversation.id)).counterpart).toMatchObject({ id: bob.id, isOnline: true })
    const sent = await send(alice, conversation.id, 'Hello Bob', 'live-1')
    const arrived = await bobSocket.next('new_message', (e) => e.message.id === sent.id)
    expect(arrived).toEqual({ type: 'new_message', conversationId: conversation.id, message: sent })
    const echoed = await aliceSocket.next('message_sent', (e) => e.message.id === sent.id)
    expect(echoed).toEqual({ type: 'message_sent', conversationId: conversation.id, message: sent, clientId: 'live-1' })

    aliceSocket.send({ type: 'typing', conversationId: conversation.id })
    expect(await bobSocket.next('user_typing')).toEqual({ type: 'user_typing', conversationId: conversation.id, userId: alice.id })
    aliceSocket.send({ type: 'stop_typing', conversationId: conversation.id })
    expect(await bobSocket.next('user_stopped_typing')).toEqual({ type: 'user_stopped_typing', conversationId: conversation.id, userId: alice.id })
    // a stranger's typing for the conversation reaches nobody
    carolSocket.send({ type: 'typing', conversationId: conversation.id })

    const reply = await send(bob, conversation.id, 'Hi Alice')
    await aliceSocket.next('new_message', (e) => e.message.id === reply.id)
    expect(await read(alice, conversation.id)).toBe(1)
    expect(await bobSocket.next('messages_read')).toEqual({
      type: 'messages_read',
      conversationId: conversation.id,
      userId: alice.id,
      userRole: 'buyer',
    })
    expect(await bobSocket.next('MESSAGE_READ_UPDATE')).toMatchObject({ messageId: reply.id, userId: alice.id, userRole: 'buyer' })
    expect(await bobSocket.next('message_read')).toEqual({
      type: 'message_read',
      conversationId: conversation.id,
      messageId: reply.id,
      userId: alice.id,
    })

    await Promise.all([
      settled(carolSocket, carol.id),
      settled(adminSocket, ADMIN_SENDER_ID),
      settled(bobSocket, bob.id),
      settled(aliceSocket, alice.id),
    ])
    expect(chatEvents(carolSocket)).toEqual([])
    // no admin has written yet: the admins are not told of this conversation
    expect(chatEvents(adminSocket)).toEqual([])
    // typing goes to the others, never back to the typist; a carol typing signal reached no one
    expect(bobSocket.events.filter((e) => e.type === 'user_typing')).toHaveLength(1)
    expect(aliceSocket.events.filter((e) => e.type === 'user_typing')).toHaveLength(0)
    for (const socket of [aliceSocket, bobSocket, carolSocket, adminSocket]) {
      for (const event of socket.events) expect(serverEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true)
    }
  })

  it('lets an admin join as 999: the parties hear the admin, and the admins hear the conversation from then on', async () => {
    const conversation = await conversationWithBob(alice)
    const [aliceSocket, bobSocket, carolSocket, adminSocket] = await Promise.all([live(alice), live(bob), live(carol), live(admin, ADMIN_SENDER_ID)])

    adminSocket.send({ type: 'typing', conversationId: conversation.id })
    expect(await aliceSocket.next('user_typing')).toMatchObject({ conversationId: conversation.id, userId: ADMIN_SENDER_ID })
    await bobSocket.next('user_typing', (e) => e.userId === ADMIN_SENDER_ID)

    const fromAdmin = await send(admin, conversation.id, 'An admin is here to help', 'admin-1')
    for (const socket of [aliceSocket, bobSocket]) {
      const event = await socket.next('new_message', (e) => e.message.id === fromAdmin.id)
      expect(event.message).toMatchObject({ senderId: ADMIN_SENDER_ID, isFromAdmin: true })
    }
    expect(await adminSocket.next('message_sent', (e) => e.message.id === fromAdmin.id)).toMatchObject({ clientId: 'admin-1' })

    const fromAlice = await send(alice, conversation.id, 'Thank you')
    await adminSocket.next('new_message', (e) => e.message.id === fromAlice.id)
    aliceSocket.send({ type: 'typing', conversationId: conversation.id })
    await adminSocket.next('user_typing', (e) => e.userId === alice.id)

    expect(await read(admin, conversation.id)).toBe(1)
    expect(await aliceSocket.next('messages_read', (e) => e.userRole === 'admin')).toMatchObject({ userId: ADMIN_SENDER_ID })
    expect(await bobSocket.next('MESSAGE_READ_UPDATE', (e) => e.userRole === 'admin')).toMatchObject({
      messageId: fromAlice.id,
      userId: ADMIN_SENDER_ID,
    })
    expect(await read(alice, conversation.id)).toBe(1)
    expect(await adminSocket.next('messages_read', (e) => e.userRole === 'buyer')).toMatchObject({
      userId: alice.id,
      conversationId: conversation.id,
    })

    await settled(carolSocket, carol.id)
    expect(chatEvents(carolSocket)).toEqual([])
  })
})

describe('sending over the socket (send_message)', () => {
  type SendError = Extract<ServerEvent, { type: 'send_message_error' }>
  const sendOver = (socket: Socket, conversationId: number, content: string, clientId: string) =>
    socket.send({ type: 'send_message', conversationId, content, clientId })
  const refusal = (socket: Socket, clientId: string) => socket.next('send_message_error', (e) => e.clientId === clientId)

  it('stores, acknowledges and delivers a message like the REST send', async () => {
    const buyer = await signIn('nova.media')
    const conversation = await conversationWithBob(buyer)
    const [buyerSocket, otherTab, bobSocket] = await Promise.all([live(buyer), live(buyer), live(bob)])
    sendOver(buyerSocket, conversation.id, '  over the socket \n', 'ws-1')
    const acknowledged = await buyerSocket.next('message_sent', (e) => e.clientId === 'ws-1')
    expect(acknowledged.message).toMatchObject({
      conversationId: conversation.id,
      content: 'over the socket',
      senderId: buyer.id,
      clientId: 'ws-1',
      tickStatus: { buyer: 'read' },
    })
    expect(await otherTab.next('message_sent', (e) => e.clientId === 'ws-1')).toEqual(acknowledged)
    expect(await bobSocket.next('new_message', (e) => e.message.id === acknowledged.message.id)).toEqual({
      type: 'new_message',
      conversationId: conversation.id,
      message: acknowledged.message,
    })
    expect((await messagesOf(bob, conversation.id)).items).toEqual([acknowledged.message])
    expect(await detail(bob, conversation.id)).toMatchObject({ unreadCount: 1, lastMessage: { id: acknowledged.message.id } })
  })

  it("refuses a conversation the sender may not see, and bad input, with the REST send's code and message", async () => {
    const conversation = await conversationWithBob(alice)
    const [carolSocket, aliceSocket, bobSocket] = await Promise.all([live(carol), live(alice), live(bob)])
    const cases: [Socket, number, string, string, string][] = [
      [carolSocket, conversation.id, 'let me in', 'not_found', CHAT_MESSAGES.notFound],
      [aliceSocket, 2_147_483_647, 'nowhere', 'not_found', CHAT_MESSAGES.notFound],
      [aliceSocket, 2_147_483_648, 'out of range', 'not_found', CHAT_MESSAGES.notFound],
      [aliceSocket, -1, 'negative', 'not_found', CHAT_MESSAGES.notFound],
      [aliceSocket, conversation.id, ' \n ', 'validation_error', CHAT_MESSAGES.contentEmpty],
      [aliceSocket, conversation.id, 'a'.repeat(CHAT_RULES.contentMax + 1), 'validation_error', CHAT_MESSAGES.contentLong],
    ]
    for (const [i, [socket, conversationId, content, code, message]] of cases.entries()) {
      sendOver(socket, conversationId, content, `bad-${i}`)
      const error: SendError = await refusal(socket, `bad-${i}`)
      expect(error, `case ${i}`).toEqual({ type: 'send_message_error', conversationId, clientId: `bad-${i}`, code, message })
    }
    sendOver(aliceSocket, conversation.id, 'hi', 'not a clientId!')
    expect(await refusal(aliceSocket, 'not a clientId!')).toMatchObject({ code: 'validation_error', message: CHAT_MESSAGES.clientId })
    expect(await messageCount(conversation.id)).toBe(0)
    await settled(bobSocket, bob.id)
    expect(chatEvents(bobSocket)).toEqual([])
  })

  it('answers a repeated clientId with the first message and delivers it once', async () => {
    const buyer = await signIn('growthlab')
    const conversation = await conversationWithBob(buyer)
    const [buyerSocket, bobSocket] = await Promise.all([live(buyer), live(bob)])
    for (let i = 0; i < 3; i++) sendOver(buyerSocket, conversation.id, `once ${i}`, 'ws-same')
    await until(() => buyerSocket.events.filter((e) => e.type === 'message_sent').length === 3)
    const answers = buyerSocket.events.flatMap((e) => (e.type === 'message_sent' ? [e.message] : []))
    expect(new Set(answers.map((m) => m.id)).size).toBe(1)
    expect(answers[0]!.content).toBe('once 0')
    // over HTTP the same clientId is the same message too
    const res = await buyer.client.post(`/api/conversations/${conversation.id}/messages`, { content: 'again', clientId: 'ws-same' })
    expect([res.status, res.json.id]).toEqual([200, answers[0]!.id])
    await settled(bobSocket, bob.id)
    expect(bobSocket.events.filter((e) => e.type === 'new_message')).toHaveLength(1)
    expect(await messageCount(conversation.id)).toBe(1)

    const other = await conversationWithBob(buyer)
    sendOver(buyerSocket, other.id, 'elsewhere', 'ws-same')
    expect(await refusal(buyerSocket, 'ws-same')).toMatchObject({ code: 'client_id_reused', message: CHAT_MESSAGES.clientIdReused })
    expect(await messageCount(other.id)).toBe(0)
  })

  it("stores one socket's messages in the order they were sent", async () => {
    const buyer = await signIn('northstar_media')
    const conversation = await conversationWithBob(buyer)
    const buyerSocket = await live(buyer)
    for (let i = 0; i < 10; i++) sendOver(buyerSocket, conversation.id, `in order ${i}`, `order-${i}`)
    await until(() => buyerSocket.events.filter((e) => e.type === 'message_sent').length === 10)
    const { items } = await messagesOf(buyer, conversation.id)
    expect(items.map((m) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `in order ${i}`))
  })

  it("shares the REST send's rate limit, and refuses a banned sender", async () => {
    const buyer = await signIn('mark-ventures')
    const conversation = await conversationWithBob(buyer)
    const buyerSocket = await live(buyer)
    for (let i = 0; i < CHAT_RULES.sendPoints; i++) await send(buyer, conversation.id, `m${i}`)
    sendOver(buyerSocket, conversation.id, 'one too many', 'ws-limited')
    const limited = await refusal(buyerSocket, 'ws-limited')
    expect(limited).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^You are sending messages too fast\. Please try again in \d+ seconds?\.$/),
    })
    expect(limited.retryAfterSeconds).toBeGreaterThan(0)
    expect(await messageCount(conversation.id)).toBe(CHAT_RULES.sendPoints)

    const banned = await signIn('digitalharvest')
    const bannedConversation = await conversationWithBob(banned)
    const bannedSocket = await live(banned)
    await sql.query(`update users set banned_at = now() where id = $1`, [banned.id])
    sendOver(bannedSocket, bannedConversation.id, 'still here?', 'ws-banned')
    expect(await refusal(bannedSocket, 'ws-banned')).toMatchObject({ code: 'forbidden', message: 'Your account is banned' })
    expect(await messageCount(bannedConversation.id)).toBe(0)
  })
})

async function until(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`)
    await new Promise((ok) => setTimeout(ok, 25))
  }
}
