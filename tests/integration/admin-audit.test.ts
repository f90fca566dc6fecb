import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import type { AuditEntryDto } from '../../src/shared/api/audit'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { insertListings } from '../support/market-data'
import { addUser, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let admin: TestUser
let seller: TestUser
let buyer: TestUser

const auditPage = async (query = '') => {
  const res = await admin.client.get(`/api/admin/audit${query}`)
  expect(res.status, res.text).toBe(200)
  return { items: res.json as unknown as AuditEntryDto[], total: Number(res.headers.get('x-total-count')) }
}
const entryCount = async () => Number((await sql.query('select count(*) as n from admin_audit_log')).rows[0].n)

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  admin = await addUser(server, 'audit_admin', { admin: true })
  seller = await addUser(server, 'audit_seller')
  buyer = await addUser(server, 'audit_buyer')
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('the admin audit log', () => {
  it('records a listing approval with who, what, before and after, and nothing for a refused one', async () => {
    const [id] = await insertListings(db.url, [seller.id], 1, 5_000, 'audit')
    await sql.query(`update listings set status = 'pending_review' where id = $1`, [id])
    const before = await entryCount()

    expect((await admin.client.post(`/api/admin/listings/${id}/approve`)).status).toBe(200)
    const { items } = await auditPage(`?targetType=listing&targetId=${id}`)
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({
      admin: { id: admin.id, username: 'audit_admin' },
      action: 'listing.approve',
      targetType: 'listing',
      targetId: String(id),
      before: { status: 'pending_review' },
      after: { status: 'active' },
      reason: null,
    })

    // approving it again is a 409 and leaves no second entry
    expect((await admin.client.post(`/api/admin/listings/${id}/approve`)).status).toBe(409)
    expect(await entryCount()).toBe(before + 1)
  })

  it('records a dispute settled by an admin with the note as the reason', async () => {
    const [id] = await insertListings(db.url, [seller.id], 1, 1_000, 'dispute')
    const created = await buyer.client.post('/api/transactions', { listingId: id })
    expect(created.status, created.text).toBe(201)
    const dealId = (created.json as { id: number }).id
    for (const [who, step, body] of [
      [buyer, 'pay', {}],
      [seller, 'send-invite', {}],
      [buyer, 'dispute', { reason: 'The seller took the account back' }],
    ] as const) {
      const res = await who.client.post(`/api/transactions/${dealId}/${step}`, body)
      expect(res.status, `${step}: ${res.text}`).toBe(200)
    }
    const settled = await admin.client.post(`/api/transactions/${dealId}/resolve-refund`, { note: 'Chat shows the seller logged back in' })
    expect(settled.status, settled.text).toBe(200)

    const { items } = await auditPage(`?action=transaction.resolve_refund`)
    expect(items).toEqual([
      expect.objectContaining({
        targetType: 'transaction',
        targetId: String(dealId),
        before: { status: 'disputed' },
        after: { status: 'refunded' },
        reason: 'Chat shows the seller logged back in',
      }),
    ])
  })

  it('records a change of a platform’s handover steps with the old and new lists', async () => {
    const old = (await admin.client.get('/api/admin/handover-steps')).json as unknown as Record<string, { title: string; description: string }[]>
    const steps = [{ title: 'Owner added', description: 'The buyer is an owner of the channel.' }]
    expect((await admin.client.request('PUT', '/api/admin/handover-steps/telegram', { steps })).status).toBe(200)
    const { items } = await auditPage('?action=handover_steps.update&targetId=telegram')
    expect(items[0]).toMatchObject({
      before: { steps: old.telegram!.map(({ title, description }) => ({ title, description })) },
      after: { steps },
    })
  })

  it('lists the newest first, filters by admin, and refuses an unknown filter with a message', async () => {
    const all = await auditPage()
    expect(all.total).toBeGreaterThanOrEqual(3)
    const ids = all.items.map((e) => e.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect((await auditPage(`?adminId=${seller.id}`)).total).toBe(0)
    expect((await auditPage(`?adminId=${admin.id}`)).total).toBe(all.total)

    const bad = await admin.client.get('/api/admin/audit?action=drop_tables')
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('action must be one of')
  })
})
