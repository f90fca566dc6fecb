import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { adminWithdrawalDtoSchema, balanceSchema, withdrawalDtoSchema, PAYMENT_MESSAGES } from '../../src/shared/api/payments'
import { ADMIN_SENDER_ID } from '../../src/shared/constants'
import { decimalStringToCents } from '../../src/shared/money'
import { verifyLedger } from '../../server/modules/ledger/ledger-verify'
import type { EventBus } from '../../server/realtime/bus'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { addUser, cents, type TestUser } from '../support/payments'
import { SURROGATE_MESSAGE } from '../../server/http/nul-guard'
import { startTestServer } from '../support/server'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let admin: TestUser
/** the server's log, as JSON lines */
const logLines: string[] = []

const balance = async (user: TestUser) => {
  const b = balanceSchema.parse((await user.client.get('/api/balance')).json)
  return { available: cents(b.available), pending: cents(b.pendingWithdrawals), inEscrow: cents(b.inEscrow) }
}
const request = (user: TestUser, amount: number | string, destination = `${user.username}@payouts.example`) =>
  user.client.post('/api/withdrawals', { amount, destination })
const decide = (id: number, action: 'approve' | 'reject', body: unknown = {}) => admin.client.post(`/api/admin/withdrawals/${id}/${action}`, body)

/** The ledger's own invariants (sum zero, balanced transfers, nothing below zero, holds match requests). */
async function expectSoundLedger() {
  const failing = (await verifyLedger(server.orm.em.fork())).filter((check) => check.problems.length > 0)
  expect(failing).toEqual([])
}

/** The balance and queue events published while `act` runs, with whom each was for. */
async function heardDuring(act: () => Promise<unknown>) {
  const bus = server.bus as EventBus
  const publishMany = bus.publishMany
  const heard: { audience: unknown; event: unknown }[] = []
  bus.publishMany = async (deliveries) => {
    for (const { audience, event } of deliveries) {
      if (event.type === 'balance_updated' || event.type === 'withdrawal_queue_update') heard.push({ audience, event })
    }
    return publishMany(deliveries)
  }
  try {
    await act()
  } finally {
    bus.publishMany = publishMany
  }
  return heard
}

/** What a withdrawal left where people read it: its admin audit entries and the notifications of its owner. */
async function recordsOf(withdrawalId: number) {
  const audit = await sql.query(
    `select action, admin_id, before, after, reason from admin_audit_log where target_type = 'withdrawal' and target_id = $1 order by id`,
    [String(withdrawalId)],
  )
  const notes = await sql.query(`select type, title, message, data from notifications where data->>'withdrawalId' = $1 order by id`, [
    String(withdrawalId),
  ])
  return { audit: audit.rows, notifications: notes.rows }
}

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url, logTo: { write: (line: string) => void logLines.push(line) } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  admin = await addUser(server, 'payout_admin', { admin: true })
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('withdrawals', () => {
  it('announces the new balance of a request only once the request has committed', async () => {
    const fred = await addUser(server, 'fred_announced')
    /** what another connection (another request, another instance) sees committed now */
    const committed = async () => {
      const wallet = await sql.query(
        `select coalesce(sum(e.amount_cents), 0)::bigint as total from ledger_accounts a join ledger_entries e on e.account_id = a.id where a.code = $1`,
        [`wallet:${fred.id}`],
      )
      const requests = await sql.query('select count(*)::int as n from withdrawals where user_id = $1', [fred.id])
      return { walletCents: Number(wallet.rows[0].total), withdrawals: Number(requests.rows[0].n) }
    }
    const bus = server.bus as EventBus
    const publishMany = bus.publishMany
    const heard: { announcedCents: number; committed: Awaited<ReturnType<typeof committed>> }[] = []
    bus.publishMany = async (deliveries) => {
      for (const { audience, event } of deliveries) {
        // what a tab that refetches GET /api/balance on this event (the web app does) would read at that moment
        if (event.type === 'balance_updated' && 'userIds' in audience && audience.userIds?.includes(fred.id)) {
          heard.push({ announcedCents: decimalStringToCents(event.balance)!, committed: await committed() })
        }
      }
      return publishMany(deliveries)
    }
    try {
      const res = await request(fred, 10)
      expect(res.status, res.text).toBe(201)
    } finally {
      bus.publishMany = publishMany
    }
    // the welcome bonus of $15 less the $10 held, and the request there for everyone to see, when it is announced
    expect(heard).toEqual([{ announcedCents: 500, committed: { walletCents: 500, withdrawals: 1 } }])
  })

  it('tells each step where people look: the live balance and queue, the history, the audit and the notification', async () => {
    const nora = await addUser(server, 'nora_records')
    const memos = async () => ((await nora.client.get('/api/balance/history')).json as unknown as { memo: string }[]).map((e) => e.memo)
    const user = (balance: string) => ({ audience: { userIds: [nora.id] }, event: { type: 'balance_updated', balance } })
    const queue = (withdrawalId: number, status: string) => ({
      audience: { userIds: [ADMIN_SENDER_ID] },
      event: { type: 'withdrawal_queue_update', withdrawalId, status },
    })

    let first = 0
    expect(await heardDuring(async () => (first = withdrawalDtoSchema.parse((await request(nora, 10)).json).id))).toEqual([
      user('5.00'),
      queue(first, 'requested'),
    ])
    expect(await heardDuring(() => decide(first, 'reject', { reason: 'Unknown payout address' }))).toEqual([user('15.00'), queue(first, 'rejected')])
    expect(await recordsOf(first)).toEqual({
      audit: [
        {
          action: 'withdrawal.reject',
          admin_id: admin.id,
          before: { status: 'requested' },
          after: { status: 'rejected' },
          reason: 'Unknown payout address',
        },
      ],
      notifications: [
        {
          type: 'balance_updated',
          title: 'Withdrawal rejected',
          message: 'Your withdrawal of $10 was rejected: Unknown payout address. The money is back in your balance.',
          data: { type: 'withdrawal_rejected', withdrawalId: first, reason: 'Unknown payout address' },
        },
      ],
    })

    let second = 0
    await heardDuring(async () => (second = withdrawalDtoSchema.parse((await request(nora, 12)).json).id))
    expect(await heardDuring(() => decide(second, 'approve'))).toEqual([user('3.00'), queue(second, 'approved')])
    expect(await recordsOf(second)).toEqual({
      audit: [
        {
          action: 'withdrawal.approve',
          admin_id: admin.id,
          before: { status: 'requested' },
          after: { status: 'approved', payoutRef: `sandbox-payout-${second}` },
          reason: null,
        },
      ],
      notifications: [
        {
          type: 'balance_updated',
          title: 'Withdrawal sent',
          message: 'Your withdrawal of $12 to nora_records@payouts.example was approved and sent.',
          data: { type: 'withdrawal_approved', withdrawalId: second },
        },
      ],
    })
    expect((await memos()).slice(0, 4)).toEqual([
      `Withdrawal #${second} requested`,
      `Withdrawal #${first} rejected: Unknown payout address`,
      `Withdrawal #${first} requested`,
      'Welcome bonus',
    ])
    const paidOut = await sql.query(`select kind, memo from ledger_transfers where idempotency_key = $1`, [`withdrawal:${second}:payout`])
    expect(paidOut.rows).toEqual([{ kind: 'withdrawal_payout', memo: `Withdrawal #${second} paid out to nora_records@payouts.example` }])
    // the user's own list, the newest first: from the query, not from the index that happens to serve it (dropped in
    // this file's own database, so the rows come in the order the table keeps them, the oldest first)
    await sql.query('drop index withdrawals_user_index')
    expect(((await nora.client.get('/api/withdrawals')).json as unknown as { id: number }[]).map((w) => w.id)).toEqual([second, first])
  })

  it("orders the admins' queue: waiting the longest waiting first, decided the latest decision first, all the newest first", async () => {
    const ids: number[] = []
    for (const name of ['queue_one', 'queue_two', 'queue_three', 'queue_four'])
      ids.push(withdrawalDtoSchema.parse((await request(await addUser(server, name), 10)).json).id)
    const [one, two, three, four] = ids as [number, number, number, number]
    // decided in another order than requested, so the latest decision is not the newest request
    expect((await decide(three, 'reject', { reason: 'Payout address unknown' })).status).toBe(200)
    expect((await decide(two, 'reject', { reason: 'Payout address unknown' })).status).toBe(200)
    const listed = async (query: string) => {
      const res = await admin.client.get(`/api/admin/withdrawals${query}`)
      expect(res.status, res.text).toBe(200)
      const mine = (res.json as unknown as { id: number }[]).map((w) => w.id).filter((id) => ids.includes(id))
      return { mine, total: Number(res.headers.get('x-total-count')) }
    }
    const count = async (where: string) => Number((await sql.query(`select count(*) as n from withdrawals ${where}`)).rows[0].n)
    expect(await listed('?status=requested')).toEqual({ mine: [one, four], total: await count(`where status = 'requested'`) })
    expect(await listed('?status=rejected')).toEqual({ mine: [two, three], total: await count(`where status = 'rejected'`) })
    expect(await listed('')).toEqual({ mine: [four, three, two, one], total: await count('') })
    expect(await admin.client.get(`/api/admin/withdrawals/${one}`).then((r) => r.json)).toMatchObject({
      id: one,
      username: 'queue_one',
      status: 'requested',
    })
  })

  it('keeps a request and its decision when their live announcements fail, and says so in the log', async () => {
    const olga = await addUser(server, 'olga_unannounced')
    const bus = server.bus as EventBus
    const publishMany = bus.publishMany
    bus.publishMany = async () => {
      throw new Error('bus down')
    }
    let id = 0
    try {
      const res = await request(olga, 10)
      expect(res.status, res.text).toBe(201)
      id = withdrawalDtoSchema.parse(res.json).id
      expect((await decide(id, 'reject', { reason: 'Unknown payout address' })).status).toBe(200)
    } finally {
      bus.publishMany = publishMany
    }
    expect(await balance(olga)).toEqual({ available: 1500, pending: 0, inEscrow: 0 })
    const warned = logLines
      .map((line) => JSON.parse(line) as { msg: string; types?: string[]; userIds?: number[]; err?: { message: string } })
      .filter((entry) => entry.msg.startsWith('withdrawal committed') && entry.userIds?.includes(olga.id))
      .map((entry) => [entry.msg, entry.types, entry.userIds, entry.err?.message])
    const lost = 'withdrawal committed but its live events were not published'
    expect(warned).toEqual([
      [lost, ['balance_updated', 'withdrawal_queue_update', 'admin_alert'], [olga.id, ADMIN_SENDER_ID], 'bus down'],
      [lost, ['new_notification', 'balance_updated', 'withdrawal_queue_update'], [olga.id, ADMIN_SENDER_ID], 'bus down'],
    ])
  })

  it('rejects with the longest reason, its ledger memo cut to what the ledger keeps', async () => {
    const pia = await addUser(server, 'pia_long_reason')
    const { id } = withdrawalDtoSchema.parse((await request(pia, 10)).json)
    const reason = 'The payout address could not be reached. '.repeat(25).slice(0, 1000)
    const rejected = await decide(id, 'reject', { reason: reason.trim() })
    expect(rejected.status, rejected.text).toBe(200)
    const { rows } = await sql.query(`select memo from ledger_transfers where idempotency_key = $1`, [`withdrawal:${id}:release`])
    expect(rows).toEqual([{ memo: `Withdrawal #${id} rejected: ${reason.trim()}`.slice(0, 500) }])
    expect(rows[0].memo).toHaveLength(500)
  })

  it('is decided by another admin than the one whose money it is', async () => {
    const own = await request(admin, 10)
    expect(own.status, own.text).toBe(201)
    const { id } = withdrawalDtoSchema.parse(own.json)
    for (const action of ['approve', 'reject'] as const) {
      const res = await decide(id, action, { reason: 'Deciding my own payout' })
      expect([res.status, res.json]).toMatchObject([403, { error: { message: PAYMENT_MESSAGES.ownWithdrawal } }])
    }
    expect((await sql.query('select status from withdrawals where id = $1', [id])).rows[0].status).toBe('requested')
    const second = await addUser(server, 'payout_admin_two', { admin: true })
    const approved = await second.client.post(`/api/admin/withdrawals/${id}/approve`, {})
    expect(approved.status, approved.text).toBe(200)
    expect(adminWithdrawalDtoSchema.parse(approved.json)).toMatchObject({ status: 'approved', userId: admin.id })
    await expectSoundLedger()
  })

  it('tells a second admin their decision came too late, even one like the first, and shows anyone the withdrawal as it stands', async () => {
    const lena = await addUser(server, 'lena_second')
    const other = await addUser(server, 'payout_admin_three', { admin: true })
    const withdrawal = withdrawalDtoSchema.parse((await request(lena, 10)).json)
    const before = await other.client.get(`/api/admin/withdrawals/${withdrawal.id}`)
    expect(adminWithdrawalDtoSchema.parse(before.json)).toMatchObject({ id: withdrawal.id, status: 'requested', username: 'lena_second' })
    expect((await decide(withdrawal.id, 'reject', { reason: 'The payout address bounced' })).status).toBe(200)
    for (const [action, body] of [
      ['reject', { reason: 'The payout address bounced' }],
      ['reject', { reason: 'Another reason' }],
      ['approve', {}],
    ] as const) {
      const res = await other.client.post(`/api/admin/withdrawals/${withdrawal.id}/${action}`, body)
      expect([res.status, res.json]).toMatchObject([409, { error: { code: 'withdrawal_decided' } }])
    }
    const after = adminWithdrawalDtoSchema.parse((await other.client.get(`/api/admin/withdrawals/${withdrawal.id}`)).json)
    expect(after).toMatchObject({ status: 'rejected', reason: 'The payout address bounced' })
    expect((await other.client.get('/api/admin/withdrawals/999999')).status).toBe(404)
    expect(await balance(lena)).toEqual({ available: 1500, pending: 0, inEscrow: 0 })
    await expectSoundLedger()
  })

  it('refuses more than the balance with a 409 and writes nothing', async () => {
    const dora = await addUser(server, 'dora')
    const res = await request(dora, 15.01)
    expect(res.status).toBe(409)
    expect(res.json).toMatchObject({ error: { code: 'insufficient_funds' } })
    expect((await sql.query('select count(*) as n from withdrawals where user_id = $1', [dora.id])).rows[0].n).toBe('0')
    expect((await sql.query(`select count(*) as n from ledger_accounts where kind = 'withdrawal_hold' and user_id = $1`, [dora.id])).rows[0].n).toBe(
      '0',
    )
    expect(await balance(dora)).toEqual({ available: 1500, pending: 0, inEscrow: 0 })
  })

  it('holds the money on request, and approval pays it out once', async () => {
    const erin = await addUser(server, 'erin')
    const res = await request(erin, 10)
    expect(res.status, res.text).toBe(201)
    const withdrawal = withdrawalDtoSchema.parse(res.json)
    expect(withdrawal).toMatchObject({ amount: 10, status: 'requested', destination: 'erin@payouts.example', reason: null, decidedAt: null })
    expect(await balance(erin)).toEqual({ available: 500, pending: 1000, inEscrow: 0 })
    expect((await erin.client.get('/api/withdrawals')).json).toEqual([withdrawal])
    // what is held cannot be asked for again
    expect((await request(erin, 10)).status).toBe(409)

    const queue = await admin.client.get('/api/admin/withdrawals?status=requested')
    expect(queue.status).toBe(200)
    expect(Number(queue.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1)
    expect((queue.json as unknown as unknown[]).map((w) => adminWithdrawalDtoSchema.parse(w))).toContainEqual(
      expect.objectContaining({ id: withdrawal.id, userId: erin.id, username: 'erin' }),
    )

    const approved = await decide(withdrawal.id, 'approve')
    expect(approved.status, approved.text).toBe(200)
    expect(approved.json).toMatchObject({ id: withdrawal.id, status: 'approved', decidedAt: expect.any(String) })
    expect(await balance(erin)).toEqual({ available: 500, pending: 0, inEscrow: 0 })
    // approving again (a double click, a retry) pays nothing more; rejecting now is too late
    expect((await decide(withdrawal.id, 'approve')).json).toMatchObject({ status: 'approved' })
    expect((await decide(withdrawal.id, 'reject', { reason: 'changed my mind' })).status).toBe(409)
    const payouts = await sql.query('select amount_cents, destination from sandbox_payouts where withdrawal_id = $1', [withdrawal.id])
    expect(payouts.rows).toEqual([{ amount_cents: '1000', destination: 'erin@payouts.example' }])
    const moved = await sql.query(`select count(*) as n from ledger_transfers where idempotency_key = $1`, [`withdrawal:${withdrawal.id}:payout`])
    expect(moved.rows[0].n).toBe('1')
    const row = await sql.query('select payout_ref, decided_by from withdrawals where id = $1', [withdrawal.id])
    expect(row.rows[0]).toEqual({ payout_ref: `sandbox-payout-${withdrawal.id}`, decided_by: admin.id })
    const notes = await sql.query(`select type, title from notifications where user_id = $1 and data->>'withdrawalId' = $2`, [
      erin.id,
      String(withdrawal.id),
    ])
    expect(notes.rows).toEqual([{ type: 'balance_updated', title: 'Withdrawal sent' }])
    await expectSoundLedger()
  })

  it('rejection gives the money back, once, with the reason', async () => {
    const finn = await addUser(server, 'finn')
    const withdrawal = withdrawalDtoSchema.parse((await request(finn, '12.50')).json)
    expect((await decide(withdrawal.id, 'reject', {})).status).toBe(400)
    const rejected = await decide(withdrawal.id, 'reject', { reason: 'The payout address bounced' })
    expect(rejected.status, rejected.text).toBe(200)
    expect(rejected.json).toMatchObject({ status: 'rejected', reason: 'The payout address bounced' })
    expect(await balance(finn)).toEqual({ available: 1500, pending: 0, inEscrow: 0 })
    // the same rejection again (a retry without a key) answers it as it is; another reason came too late
    expect((await decide(withdrawal.id, 'reject', { reason: 'The payout address bounced' })).json).toMatchObject({
      status: 'rejected',
      reason: 'The payout address bounced',
    })
    const late = await decide(withdrawal.id, 'reject', { reason: 'again' })
    expect([late.status, late.json]).toMatchObject([409, { error: { code: 'withdrawal_decided' }, message: PAYMENT_MESSAGES.withdrawalDecided }])
    expect((await decide(withdrawal.id, 'approve')).status).toBe(409)
    expect(await balance(finn)).toEqual({ available: 1500, pending: 0, inEscrow: 0 })
    const history = (await finn.client.get('/api/balance/history')).json as unknown as { amount: number; kind: string }[]
    expect(history.slice(0, 2).map((e) => [e.kind, e.amount])).toEqual([
      ['withdrawal_release', 12.5],
      ['withdrawal_hold', -12.5],
    ])
    expect((await sql.query('select count(*) as n from sandbox_payouts where withdrawal_id = $1', [withdrawal.id])).rows[0].n).toBe('0')
    await expectSoundLedger()
  })

  it('refuses a reason holding half a character (a lone UTF-16 surrogate) with a 400, keeping the money held', async () => {
    const ivy = await addUser(server, 'ivy_surrogate')
    const withdrawal = withdrawalDtoSchema.parse((await request(ivy, 10)).json)
    // valid JSON text, but no JSON value PostgreSQL stores can hold it: the reason goes into the notification's data
    const res = await admin.client.request('POST', `/api/admin/withdrawals/${withdrawal.id}/reject`, '{"reason":"Payout address \\udc00 bounced"}', {
      'content-type': 'application/json',
    })
    expect(res.status, res.text).toBe(400)
    expect(res.json).toMatchObject({ error: { code: 'validation_error' }, message: SURROGATE_MESSAGE })
    expect((await sql.query('select status from withdrawals where id = $1', [withdrawal.id])).rows[0].status).toBe('requested')
    expect(await balance(ivy)).toEqual({ available: 500, pending: 1000, inEscrow: 0 })
  })

  it('takes an Idempotency-Key on an admin decision: a retry answers the first, the key reused on another withdrawal is a 409', async () => {
    const [jo, kim] = [await addUser(server, 'jo_keyed'), await addUser(server, 'kim_keyed')]
    const first = withdrawalDtoSchema.parse((await request(jo, 10)).json)
    const second = withdrawalDtoSchema.parse((await request(kim, 10)).json)
    const key = { 'Idempotency-Key': 'decide-once' }
    const approved = await admin.client.post(`/api/admin/withdrawals/${first.id}/approve`, {}, key)
    expect(approved.status, approved.text).toBe(200)
    const again = await admin.client.post(`/api/admin/withdrawals/${first.id}/approve`, {}, key)
    expect([again.status, again.headers.get('idempotent-replayed'), again.json]).toEqual([200, 'true', approved.json])
    const reused = await admin.client.post(`/api/admin/withdrawals/${second.id}/approve`, {}, key)
    expect(reused.status).toBe(409)
    expect(reused.json).toMatchObject({ error: { code: 'idempotency_key_reused' } })
    expect((await sql.query('select status from withdrawals where id = $1', [second.id])).rows[0].status).toBe('requested')
    expect((await sql.query('select count(*)::int as n from sandbox_payouts where withdrawal_id = $1', [second.id])).rows[0].n).toBe(0)
    // a rejection with its own key, sent twice: one release
    const rejectKey = { 'Idempotency-Key': 'reject-once' }
    const rejects = await Promise.all(
      [0, 1].map(() => admin.client.post(`/api/admin/withdrawals/${second.id}/reject`, { reason: 'Unknown payout address' }, rejectKey)),
    )
    expect(rejects.map((r) => r.status)).toEqual([200, 200])
    expect(await balance(kim)).toEqual({ available: 1500, pending: 0, inEscrow: 0 })
    await expectSoundLedger()
  })

  it('never lets concurrent requests take a wallet below zero', async () => {
    const gus = await addUser(server, 'gus')
    const answers = await Promise.all(Array.from({ length: 6 }, () => request(gus, 10)))
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409])
    expect(await balance(gus)).toEqual({ available: 500, pending: 1000, inEscrow: 0 })
    expect((await sql.query('select count(*) as n from withdrawals where user_id = $1', [gus.id])).rows[0].n).toBe('1')
    await expectSoundLedger()
  })

  it('decides a withdrawal once when two admins press at the same time', async () => {
    const hana = await addUser(server, 'hana')
    const withdrawal = withdrawalDtoSchema.parse((await request(hana, 15)).json)
    const answers = await Promise.all([
      decide(withdrawal.id, 'approve'),
      decide(withdrawal.id, 'reject', { reason: 'Looks wrong to me' }),
      decide(withdrawal.id, 'approve'),
    ])
    const statuses = answers.map((r) => r.status).sort()
    const outcome = (await sql.query('select status from withdrawals where id = $1', [withdrawal.id])).rows[0].status
    expect(statuses).toEqual(outcome === 'approved' ? [200, 200, 409] : [200, 409, 409])
    await expectSoundLedger()
  })

  it('lets a rest under the minimum leave only whole, so the account can be emptied and closed', async () => {
    const rhea = await addUser(server, 'rhea')
    // the welcome bonus of $15: $12 out leaves $3
    expect((await request(rhea, 12)).status).toBe(201)
    const part = await request(rhea, 2.99)
    expect(part.status).toBe(400)
    expect(part.json).toMatchObject({ error: { code: 'validation_error' }, message: PAYMENT_MESSAGES.withdrawalTooSmall })
    expect((await request(rhea, 3.01)).status).toBe(400)
    const rest = await request(rhea, 3)
    expect(rest.status, rest.text).toBe(201)
    expect(await balance(rhea)).toEqual({ available: 0, pending: 1500, inEscrow: 0 })
    await expectSoundLedger()
  })

  it('checks who asks and what they send', async () => {
    const ivan = await addUser(server, 'ivan')
    const anon = new ApiClient(server.url)
    expect((await anon.post('/api/withdrawals', { amount: 10, destination: 'a@b.example' })).status).toBe(401)
    expect((await anon.get('/api/balance')).status).toBe(401)
    expect((await anon.get('/api/admin/withdrawals')).status).toBe(401)
    expect((await ivan.client.get('/api/admin/withdrawals')).status).toBe(403)
    expect((await ivan.client.post('/api/admin/withdrawals/1/approve')).status).toBe(403)
    const tooSmall = await request(ivan, 9.99)
    expect(tooSmall.status).toBe(400)
    expect(tooSmall.json.message).toBe(PAYMENT_MESSAGES.withdrawalTooSmall)
    expect((await request(ivan, 0)).status).toBe(400)
    expect((await request(ivan, 10.001)).status).toBe(400)
    expect((await request(ivan, 10, 'not an email')).status).toBe(400)
    expect((await admin.client.get('/api/admin/withdrawals?status=paid')).status).toBe(400)
    expect((await decide(999_999, 'approve')).json).toMatchObject({ error: { message: PAYMENT_MESSAGES.withdrawalNotFound } })
    expect((await ivan.client.get('/api/balance/history?page=0')).status).toBe(400)
    const own = await ivan.client.get('/api/balance/history')
    expect(own.headers.get('x-total-count')).toBe('1')
    await sql.query('update users set banned_at = now() where id = $1', [ivan.id])
    expect((await request(ivan, 10)).status).toBe(403)
  })
})
