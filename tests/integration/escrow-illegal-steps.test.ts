/**
 * Every step of a deal, in every status a deal can be in, by each side (buyer, seller, an admin, a signed-in stranger),
 * over the real HTTP API: what is not allowed answers 409 (404 for a stranger, to whom the deal does not exist) and
 * moves neither the deal nor any money. What is allowed is written out below by hand from the product's rules, not
 * read from the server's state machine, and each side's deal page must offer exactly those steps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { TRANSACTION_STATUSES, type TransactionStatus } from '../../src/shared/api/transactions'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { errorCode } from '../support/http-client'
import { addUser, fundWallet, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { addListing, balances, entryCount } from './deal-fixtures'
import { escrowHelpers } from './escrow-support'

type Side = 'buyer' | 'seller' | 'admin' | 'stranger'

/** Each step: its path segment, its action name on the deal page, a body it accepts, and who may take it from where. */
const STEPS = [
  { path: 'pay', action: 'pay', body: {}, by: { buyer: ['pending'] } },
  { path: 'checkout', action: null, body: { method: 'card' }, by: { buyer: ['pending'] } },
  { path: 'send-invite', action: 'send_invite', body: {}, by: { seller: ['fee_paid'] } },
  { path: 'confirm-access', action: 'confirm_access', body: {}, by: { buyer: ['invite_sent'] } },
  { path: 'start-countdown', action: 'start_countdown', body: {}, by: { seller: ['access_granted'], admin: ['access_granted'] } },
  { path: 'release', action: 'release', body: {}, by: { buyer: ['countdown_started'] } },
  { path: 'cancel', action: 'cancel', body: {}, by: { buyer: ['pending'], seller: ['pending'], admin: ['pending'] } },
  { path: 'refund', action: 'refund', body: {}, by: { seller: ['fee_paid', 'invite_sent'], admin: ['fee_paid', 'invite_sent'] } },
  {
    path: 'dispute',
    action: 'dispute',
    body: { reason: 'The account is not what was described.' },
    by: {
      buyer: ['fee_paid', 'invite_sent', 'access_granted', 'countdown_started'],
      seller: ['fee_paid', 'invite_sent', 'access_granted', 'countdown_started'],
    },
  },
  { path: 'resolve-release', action: 'resolve_release', body: { note: 'The seller showed the transfer.' }, by: { admin: ['disputed'] } },
  { path: 'resolve-refund', action: 'resolve_refund', body: { note: 'The buyer never got the account.' }, by: { admin: ['disputed'] } },
] as const satisfies readonly { path: string; action: string | null; body: object; by: Partial<Record<Side, readonly TransactionStatus[]>> }[]

/** Where a checklist step may be ticked (by the buyer or the seller): while the money is held and no dispute is open. */
const TICKABLE: readonly TransactionStatus[] = ['fee_paid', 'invite_sent', 'access_granted', 'countdown_started']

const allowedFrom = (step: (typeof STEPS)[number], side: Side): readonly TransactionStatus[] | undefined =>
  (step.by as Partial<Record<Side, readonly TransactionStatus[]>>)[side]

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
const { detail, expectSoundLedger } = escrowHelpers(
  () => server,
  () => sql,
)
let people: Record<Side, TestUser>

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  people = {
    buyer: await addUser(server, 'sweep_buyer'),
    seller: await addUser(server, 'sweep_seller'),
    // a fresh second factor from enrolling: the admin's money steps ask for nothing more for 5 minutes
    admin: await addUser(server, 'sweep_admin', { admin: true }),
    stranger: await addUser(server, 'sweep_stranger'),
  }
  await fundWallet(server, people.buyer.id, 100_000)
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

/** The steps that bring a new deal to each status, after its purchase (paid from the balance unless it ends unpaid). */
const ROUTE: Record<TransactionStatus, [Side, string][]> = {
  pending: [],
  fee_paid: [],
  invite_sent: [['seller', 'send-invite']],
  access_granted: [
    ['seller', 'send-invite'],
    ['buyer', 'confirm-access'],
  ],
  countdown_started: [
    ['seller', 'send-invite'],
    ['buyer', 'confirm-access'],
    ['seller', 'start-countdown'],
  ],
  completed: [
    ['seller', 'send-invite'],
    ['buyer', 'confirm-access'],
    ['seller', 'start-countdown'],
    ['buyer', 'release'],
  ],
  cancelled: [['buyer', 'cancel']],
  refunded: [['seller', 'refund']],
  disputed: [['buyer', 'dispute']],
}

async function dealIn(status: TransactionStatus): Promise<number> {
  const listingId = await addListing(server, people.seller.id, 2000)
  const created = await people.buyer.client.post(
    '/api/transactions',
    status === 'pending' || status === 'cancelled' ? { listingId } : { listingId, pay: 'balance' },
  )
  expect(created.status, created.text).toBe(201)
  const id = detail(created.json).id
  for (const [side, path] of ROUTE[status]) {
    const body = STEPS.find((step) => step.path === path)!.body
    const res = await people[side].client.post(`/api/transactions/${id}/${path}`, body)
    expect(res.status, res.text).toBe(200)
  }
  return id
}

const statusOf = async (id: number) =>
  (await sql.query('select status from escrow_transactions where id = $1', [id])).rows[0].status as TransactionStatus

describe('every step not open to a side in a status', () => {
  it.each(TRANSACTION_STATUSES)('is refused on a %s deal, and moves neither the deal nor any money', async (status) => {
    const id = await dealIn(status)
    expect(await statusOf(id)).toBe(status)

    // the deal page offers each party exactly what the table allows; a stranger does not see the deal
    for (const side of ['buyer', 'seller', 'admin'] as const) {
      const page = await people[side].client.get(`/api/transactions/${id}`)
      expect(page.status, page.text).toBe(200)
      const open = STEPS.filter((step) => step.action !== null && allowedFrom(step, side)?.includes(status)).map((step) => step.action)
      expect([...detail(page.json).actions].sort(), `${side} on ${status}`).toEqual([...open].sort())
    }
    expect((await people.stranger.client.get(`/api/transactions/${id}`)).status).toBe(404)

    const moneyBefore = await balances(sql)
    const entriesBefore = await entryCount(sql)
    let tried = 0
    for (const step of STEPS) {
      for (const side of ['buyer', 'seller', 'admin', 'stranger'] as const) {
        const from = allowedFrom(step, side)
        if (from?.includes(status)) continue
        const res = await people[side].client.post(`/api/transactions/${id}/${step.path}`, step.body)
        const what = `${side} ${step.path} on ${status}: ${res.text.slice(0, 200)}`
        if (side === 'stranger') {
          expect([res.status, errorCode(res.json)], what).toEqual([404, 'not_found'])
        } else {
          // a side that may take the step from elsewhere is told the deal moved on; one that never may, that it is not theirs
          expect([res.status, errorCode(res.json)], what).toEqual([409, from ? 'invalid_status' : 'not_allowed'])
        }
        expect(await statusOf(id), what).toBe(status)
        expect(await entryCount(sql), what).toBe(entriesBefore)
        tried++
      }
    }
    expect(tried).toBeGreaterThan(30)

    // the handover checklist comes with the payment; its steps are the parties' to tick while the money is held and
    // no dispute is open, never an admin's
    const checklist = async () => detail((await people.buyer.client.get(`/api/transactions/${id}`)).json).checklist
    const items = await checklist()
    expect(items.length > 0, `a checklist on ${status}`).toBe(status !== 'pending' && status !== 'cancelled')
    if (items.length > 0) {
      for (const side of ['buyer', 'seller', 'admin', 'stranger'] as const) {
        if (side !== 'admin' && side !== 'stranger' && TICKABLE.includes(status)) continue
        const res = await people[side].client.post(`/api/transactions/${id}/checklist/${items[0]!.id}`)
        expect([res.status, errorCode(res.json)], `${side} ticks on ${status}: ${res.text.slice(0, 200)}`).toEqual(
          side === 'stranger' ? [404, 'not_found'] : [409, 'not_allowed'],
        )
      }
      expect((await checklist())[0]).toMatchObject({ sellerDoneAt: null, buyerConfirmedAt: null })
    }
    expect(await balances(sql)).toEqual(moneyBefore)
    await expectSoundLedger()
  })
})
