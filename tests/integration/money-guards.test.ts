/**
 * What the escrow proofs (escrow-proofs.test.ts) could let through, each shown to fail here when the guard is taken
 * out of the server:
 * - concurrent debits of one wallet past its balance: the workload's wallets never run short, so a missing lock would
 *   never overdraw one there;
 * - who a deal's money goes to: a release that paid the buyer instead of the seller balances like a right one
 *   (`verifyLedger` now checks every transfer's accounts against its key, so every proof checks it too);
 * - a 2xx answered before its commit: a kill lands in that window too rarely for the kill proof to see it.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import type { RunningServer } from '../../server/server'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import type { ApiClient } from '../support/http-client'
import { escrowHelpers } from './escrow-support'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
const { signIn, fund, balanceOf, listingToBuy, detail, expectSoundLedger } = escrowHelpers(
  () => server,
  () => sql,
)

beforeAll(async () => {
  db = await createDemoDatabase()
  server = await (await import('../support/server')).startTestServer({ databaseUrl: db.url, env: demoEnv() })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

/** a money request as the screens send it: with its own Idempotency-Key */
const keyed = (client: ApiClient, path: string, body: unknown = {}) => client.post(path, body, { 'idempotency-key': randomUUID() })
const dollars = (cents: number) => (cents / 100).toFixed(2)

describe('one wallet debited concurrently', () => {
  it('never goes below zero: concurrent withdrawals past the balance are refused, and what is taken is exact', async () => {
    const carol = await signIn('carol')
    for (let round = 0; round < 3; round++) {
      await fund(carol.id, 30_000)
      const balance = await balanceOf(`wallet:${carol.id}`)
      // three of these do not fit: at most two may be taken, whatever their order
      const amount = Math.floor(balance / 3) + 1
      if (amount > 10_000_000) throw new Error('the test needs a balance under the largest withdrawal times three')
      const results = await Promise.all(
        Array.from({ length: 12 }, () => keyed(carol.client, '/api/withdrawals', { amount: dollars(amount), destination: 'carol@payouts.example' })),
      )
      const taken = results.filter((r) => r.status === 201)
      for (const r of results.filter((r) => r.status !== 201))
        expect([r.status, r.json]).toMatchObject([409, { error: { message: 'Insufficient balance' } }])
      expect(taken.length).toBeLessThanOrEqual(2)
      const after = await balanceOf(`wallet:${carol.id}`)
      expect(after).toBeGreaterThanOrEqual(0)
      expect(after).toBe(balance - taken.length * amount)
    }
    await expectSoundLedger()
  })

  it('never goes below zero: a buyer paying several reserved deals at once pays only what the balance holds', async () => {
    const bob = await signIn('bob')
    const deals: { id: number; held: number }[] = []
    for (let i = 0; i < 6; i++) {
      const listing = await listingToBuy(bob.id)
      const res = await keyed(bob.client, '/api/transactions', { listingId: listing.id })
      expect(res.status, res.text).toBe(201)
      const deal = detail(res.json)
      deals.push({ id: deal.id, held: Math.round((deal.price + deal.escrowFee) * 100) })
    }
    const all = deals.reduce((sum, d) => sum + d.held, 0)
    const start = await balanceOf(`wallet:${bob.id}`)
    if (start >= all / 2) throw new Error('the test needs a buyer who can pay at most half of the deals')
    await fund(bob.id, Math.floor(all / 2) - start)
    const funded = await balanceOf(`wallet:${bob.id}`)
    const results = await Promise.all(deals.map((d) => keyed(bob.client, `/api/transactions/${d.id}/pay`)))
    const paid = deals.filter((_, i) => results[i]!.status === 200)
    for (const r of results.filter((r) => r.status !== 200))
      expect([r.status, r.json]).toMatchObject([409, { error: { message: 'Insufficient balance' } }])
    const after = await balanceOf(`wallet:${bob.id}`)
    expect(after).toBeGreaterThanOrEqual(0)
    expect(after).toBe(funded - paid.reduce((sum, d) => sum + d.held, 0))
    await expectSoundLedger()
  })
})

describe('where a deal’s money goes', () => {
  it('pays a completed deal’s price to its seller and the fee to the platform, and refunds a buyer all they paid', async () => {
    const alice = await signIn('alice')
    const admin = await signIn('admin')
    await fund(alice.id, 5_000_000)
    const walk = async (steps: [string, 'buyer' | 'seller' | 'admin', unknown?][]) => {
      const listing = await listingToBuy(alice.id)
      const seller = await signIn(listing.seller)
      const bought = await keyed(alice.client, '/api/transactions', { listingId: listing.id, pay: 'balance' })
      expect(bought.status, bought.text).toBe(201)
      const deal = detail(bought.json)
      const before = {
        buyer: await balanceOf(`wallet:${alice.id}`),
        seller: await balanceOf(`wallet:${seller.id}`),
        fees: await balanceOf('system:platform_fees'),
      }
      for (const [action, side, body] of steps) {
        const res = await keyed(
          side === 'admin' ? admin.client : side === 'buyer' ? alice.client : seller.client,
          `/api/transactions/${deal.id}/${action}`,
          body,
        )
        expect(res.status, `${action}: ${res.text}`).toBe(200)
      }
      const after = {
        buyer: await balanceOf(`wallet:${alice.id}`),
        seller: await balanceOf(`wallet:${seller.id}`),
        fees: await balanceOf('system:platform_fees'),
      }
      return { deal: detail((await alice.client.get(`/api/transactions/${deal.id}`)).json), price: listing.priceCents, before, after }
    }
    const released = await walk([
      ['send-invite', 'seller'],
      ['confirm-access', 'buyer'],
      ['start-countdown', 'seller'],
      ['release', 'buyer'],
    ])
    expect(released.deal.status).toBe('completed')
    expect(released.after.seller - released.before.seller).toBe(released.price)
    expect(released.after.buyer).toBe(released.before.buyer)
    expect(released.after.fees - released.before.fees).toBe(Math.round(released.deal.escrowFee * 100))
    const refunded = await walk([['refund', 'seller']])
    expect(refunded.deal.status).toBe('refunded')
    expect(refunded.after.buyer - refunded.before.buyer).toBe(refunded.price + Math.round(refunded.deal.escrowFee * 100))
    expect(refunded.after.seller).toBe(refunded.before.seller)
    const settled = await walk([
      ['dispute', 'buyer', { reason: 'The invite has not arrived yet.' }],
      ['resolve-release', 'admin', { note: 'Evidence favours the seller.' }],
    ])
    expect(settled.deal.status).toBe('completed')
    expect(settled.after.seller - settled.before.seller).toBe(settled.price)
    // and the same, ledger-wide, for every transfer the database holds (the demo's and these)
    await expectSoundLedger()
  })
})

/**
 * A 2xx is an answer the caller may act on: it must come after the commit, or a crash in between loses an operation
 * that was answered. A trigger holds every commit that stores an Idempotency-Key (every keyed money request) until
 * the test lets it go: while it is held, no such request may be answered.
 */
describe('no money request is answered before its commit', () => {
  const GATE = 724_242
  beforeAll(async () => {
    await sql.query(`create function test_commit_gate() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock_shared(${GATE}); return null; end $$`)
    await sql.query(`create constraint trigger test_commit_gate after insert on idempotency_keys
      deferrable initially deferred for each row execute function test_commit_gate()`)
  })
  afterAll(async () => {
    await sql.query('drop trigger if exists test_commit_gate on idempotency_keys')
    await sql.query('drop function if exists test_commit_gate()')
  })

  /** Sends the request while commits are held: whether it was answered before its commit could happen, and the answer. */
  const whileCommitsHeld = async (send: () => Promise<{ status: number; text: string; json: Record<string, unknown> }>) => {
    const gate = new pg.Client({ connectionString: db.url })
    await gate.connect()
    await gate.query('select pg_advisory_lock($1)', [GATE])
    let answer: Promise<{ status: number; text: string; json: Record<string, unknown> }>
    let early: { status: number } | null = null
    try {
      answer = send()
      early = await Promise.race([answer, new Promise<null>((ok) => setTimeout(() => ok(null), 1500))])
    } finally {
      await gate.query('select pg_advisory_unlock($1)', [GATE])
      await gate.end()
    }
    return { answeredBeforeCommit: early === null ? null : `${early.status} while its commit was held`, answer: await answer }
  }

  it('answers a withdrawal only once it is committed', async () => {
    const carol = await signIn('carol')
    await fund(carol.id, 5_000)
    const { answeredBeforeCommit, answer } = await whileCommitsHeld(() =>
      keyed(carol.client, '/api/withdrawals', { amount: '20.00', destination: 'carol@payouts.example' }),
    )
    expect(answeredBeforeCommit).toBeNull()
    expect(answer.status, answer.text).toBe(201)
    expect((await sql.query('select 1 from withdrawals where id = $1', [answer.json.id])).rowCount).toBe(1)
  })

  it('answers a purchase paid from the balance only once it is committed', async () => {
    const alice = await signIn('alice')
    await fund(alice.id, 5_000_000)
    const listing = await listingToBuy(alice.id)
    const { answeredBeforeCommit, answer } = await whileCommitsHeld(() =>
      keyed(alice.client, '/api/transactions', { listingId: listing.id, pay: 'balance' }),
    )
    expect(answeredBeforeCommit).toBeNull()
    expect(answer.status, answer.text).toBe(201)
    expect((await sql.query('select status from escrow_transactions where id = $1', [answer.json.id])).rows).toEqual([{ status: 'fee_paid' }])
  })

  it('answers an admin’s withdrawal decision only once it is committed', async () => {
    const carol = await signIn('carol')
    const admin = await signIn('admin')
    await fund(carol.id, 5_000)
    const requested = await keyed(carol.client, '/api/withdrawals', { amount: '15.00', destination: 'carol@payouts.example' })
    expect(requested.status, requested.text).toBe(201)
    const { answeredBeforeCommit, answer } = await whileCommitsHeld(() =>
      keyed(admin.client, `/api/admin/withdrawals/${String(requested.json.id)}/approve`),
    )
    expect(answeredBeforeCommit).toBeNull()
    expect(answer.status, answer.text).toBe(200)
    expect((await sql.query('select status from withdrawals where id = $1', [requested.json.id])).rows).toEqual([{ status: 'approved' }])
  })
})
