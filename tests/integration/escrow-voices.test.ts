import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { ADMIN_SENDER_NAME, messageListSchema } from '../../src/shared/api/conversations'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import type { ApiClient } from '../support/http-client'
import { openSocket } from '../support/ws-client'
import { escrowHelpers } from './escrow-support'

/**
 * Who a deal's steps speak as and who hears them: an admin's step is Handover Support's (999) in the deal's chat, as an
 * admin's messages are (SPEC §3 "Admin sender id is 999"); a checklist tick reaches the admins too; a ban's
 * cancellation does not tell the seller the listing is back on sale.
 */

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
const { signIn, fund, listingToBuy, detail } = escrowHelpers(
  () => server,
  () => sql,
)
type Who = { client: ApiClient; id: number }
let alice: Who
let carol: Who
let admin: Who

beforeAll(async () => {
  db = await createTestDatabase()
  server = await (await import('../support/server')).startTestServer({ databaseUrl: db.url, env: { SEED_DEMO: 'true' } })
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

const fee = (price: number) => Math.max(100, Math.floor((price * 500 + 5000) / 10000))

async function authed(who: Who, as = who.id) {
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
      expect({ senderId: line.message.senderId, isFromAdmin: line.message.isFromAdmin, sender: line.message.sender.username, content: line.message.content }).toEqual({
        senderId: 999,
        isFromAdmin: true,
        sender: ADMIN_SENDER_NAME,
        content: `${ADMIN_SENDER_NAME} cancelled the purchase.`,
      })
      // and the stored line reads the same
      const stored = messageListSchema.parse((await alice.client.get(`/api/conversations/${deal.conversationId}/messages`)).json).find((m) => m.id === line.message.id)!
      expect([stored.senderId, stored.isFromAdmin]).toEqual([999, true])
    } finally {
      await buyer.close()
      await admins.close()
    }
  })

  it('is Handover Support’s when an admin settles a dispute, not the admin’s own account', async () => {
    const listing = await listingToBuy(alice.id, carol.id)
    await fund(alice.id, listing.priceCents + fee(listing.priceCents))
    const deal = detail((await alice.client.post('/api/transactions', { listingId: listing.id, pay: 'balance' })).json)
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
    const listing = await listingToBuy(alice.id, carol.id)
    await fund(alice.id, listing.priceCents + fee(listing.priceCents))
    const deal = detail((await alice.client.post('/api/transactions', { listingId: listing.id, pay: 'balance' })).json)
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
    const { rows } = await sql.query(`select message from notifications where user_id = $1 and type = 'transaction_updated' and (data->>'transactionId')::int = $2`, [
      listing.sellerId,
      deal.id,
    ])
    expect(rows).toHaveLength(1)
    expect(rows[0].message).toMatch(/; the listing is off sale \(ACC-\d+\)\.$/)
  })
})
