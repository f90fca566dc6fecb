/**
 * The ledger's guards in the database, and `verifyLedger` (the checks behind `npm run ledger:verify`) on a ledger
 * broken in every way it names.
 *
 * Real activity is made once through the server (deals pending, funded, refunded and completed; withdrawals waiting,
 * rejected and approved). Each test then breaks its own copy of that database (CREATE DATABASE … TEMPLATE) directly
 * with SQL, as a bug, a hand-made fix or someone with the database's rights would, and asks what is refused and what
 * `verifyLedger` reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import type { RunningServer } from '../../server/server'
import { openDatabase } from '../../server/db/orm'
import { verifyLedger } from '../../server/modules/ledger/ledger-verify'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import type { ApiClient } from '../support/http-client'
import { freePort, pressCheckoutButton } from '../support/payments'
import { escrowHelpers } from './escrow-support'

let seed: TestDatabase
let server: RunningServer | undefined
let sql: pg.Client | undefined
const { signIn, fund, listingToBuy } = escrowHelpers(
  () => server!,
  () => sql!,
)

/** what the seeding made, by id */
const made = {
  alice: 0,
  carol: 0,
  funded: 0, // fee_paid
  pending: 0,
  refunded: 0,
  refundedToCard: 0, // paid by card, refunded through the provider
  completed: 0,
  requested: 0, // withdrawal waiting
  rejected: 0,
  approved: 0,
}

const ok = (res: { status: number; text: string }, status = 200) => expect(res.status, res.text).toBe(status)

beforeAll(async () => {
  seed = await createDemoDatabase()
  const port = await freePort()
  server = await (
    await import('../support/server')
  ).startTestServer({ databaseUrl: seed.url, env: { ...demoEnv(), PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } })
  sql = new pg.Client({ connectionString: seed.url })
  await sql.connect()
  const alice = await signIn('alice')
  const carol = await signIn('carol')
  const admin = await signIn('admin')
  made.alice = alice.id
  made.carol = carol.id
  await fund(alice.id, 5_000_000)

  const buy = async (): Promise<{ id: number; seller: { client: ApiClient; id: number } }> => {
    const listing = await listingToBuy(alice.id, carol.id)
    const created = await alice.client.post('/api/transactions', { listingId: listing.id })
    ok(created, 201)
    return { id: (created.json as { id: number }).id, seller: await signIn(listing.seller) }
  }
  const pay = async (id: number) => ok(await alice.client.post(`/api/transactions/${id}/pay`))

  const funded = await buy()
  await pay(funded.id)
  made.funded = funded.id

  made.pending = (await buy()).id

  const refunded = await buy()
  await pay(refunded.id)
  ok(await refunded.seller.client.post(`/api/transactions/${refunded.id}/refund`))
  made.refunded = refunded.id

  const refundedToCard = await buy()
  const checkout = await alice.client.post(`/api/transactions/${refundedToCard.id}/checkout`, { method: 'card' })
  ok(checkout)
  await pressCheckoutButton(alice.client, (checkout.json as { checkoutUrl: string }).checkoutUrl, 'paid')
  ok(await alice.client.post('/api/trustap/verify-payment', { order_id: `trans_${refundedToCard.id}` }))
  ok(await refundedToCard.seller.client.post(`/api/transactions/${refundedToCard.id}/refund`))
  made.refundedToCard = refundedToCard.id

  const completed = await buy()
  await pay(completed.id)
  ok(await completed.seller.client.post(`/api/transactions/${completed.id}/send-invite`))
  ok(await alice.client.post(`/api/transactions/${completed.id}/confirm-access`))
  ok(await completed.seller.client.post(`/api/transactions/${completed.id}/start-countdown`))
  ok(await alice.client.post(`/api/transactions/${completed.id}/release`))
  made.completed = completed.id

  const withdraw = async () => {
    const res = await alice.client.post('/api/withdrawals', { amount: 20, destination: 'alice@payouts.example' })
    ok(res, 201)
    return (res.json as { id: number }).id
  }
  made.requested = await withdraw()
  made.rejected = await withdraw()
  ok(await admin.client.post(`/api/admin/withdrawals/${made.rejected}/reject`, { reason: 'The payout account could not be verified.' }))
  made.approved = await withdraw()
  ok(await admin.client.post(`/api/admin/withdrawals/${made.approved}/approve`, {}))

  const statuses = await sql.query('select id, status from escrow_transactions where id = any($1::int[]) order by id', [
    [made.funded, made.pending, made.refunded, made.refundedToCard, made.completed],
  ])
  expect(Object.fromEntries(statuses.rows.map((r) => [r.id, r.status]))).toEqual({
    [made.funded]: 'fee_paid',
    [made.pending]: 'pending',
    [made.refunded]: 'refunded',
    [made.refundedToCard]: 'refunded',
    [made.completed]: 'completed',
  })
  // that this ledger is sound is the first test's, not this hook's: a failing hook skips the tests instead of failing
  // one, which mutation testing does not count as a kill
  // nothing may hold the seed open: it is the template of every copy
  await sql.end()
  sql = undefined
  await server.close()
  server = undefined
}, 120_000)

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await seed?.drop()
})

const seedName = () => new URL(seed.url).pathname.slice(1)

/** A copy of the seeded database, corrupted by `corrupt` (a superuser connection), and what `verifyLedger` says of it. */
async function verifyAfter(corrupt: (db: pg.Client) => Promise<void>): Promise<Record<string, string[]>> {
  const copy = await createTestDatabase(seedName())
  try {
    const db = new pg.Client({ connectionString: copy.url })
    await db.connect()
    try {
      await corrupt(db)
    } finally {
      await db.end()
    }
    const orm = await openDatabase(copy.url, 2)
    try {
      const checks = await verifyLedger(orm.em.fork())
      return Object.fromEntries(checks.filter((c) => c.problems.length > 0).map((c) => [c.name, c.problems]))
    } finally {
      await orm.close()
    }
  } finally {
    await copy.drop()
  }
}

/** an account's id by its code */
const accountId = async (db: pg.Client, code: string): Promise<number> => {
  const { rows } = await db.query('select id from ledger_accounts where code = $1', [code])
  expect(rows, `no account ${code}`).toHaveLength(1)
  return rows[0].id as number
}

/** A transfer written around the service: its legs as [account code, cents], under `key`. */
async function rawTransfer(db: pg.Client, key: string, legs: [string, number][]): Promise<number> {
  await db.query('begin')
  const { rows } = await db.query(
    `insert into ledger_transfers (kind, idempotency_key, memo) values ('by_hand', $1, 'written around the service') returning id`,
    [key],
  )
  const transferId = rows[0].id as number
  for (const [code, cents] of legs) {
    await db.query('insert into ledger_entries (transfer_id, account_id, amount_cents) values ($1, $2, $3)', [
      transferId,
      await accountId(db, code),
      cents,
    ])
  }
  await db.query('commit')
  return transferId
}

/** Every check `verifyLedger` makes, in its order, by hand. */
const NAMES = {
  guards: "the database's ledger guards are in place",
  sum: 'all entries sum to zero',
  balanced: 'every transfer balances',
  twoLegs: 'every transfer has two legs or more',
  zero: 'every entry moves money',
  whole: 'every entry was written with its transfer',
  keys: 'each idempotency key moved money once',
  accounts: 'every account is what its code says',
  belowZero: 'no wallet, escrow or hold below zero',
  escrow: 'escrow holds exactly what each deal says',
  dealMoney: "each deal's money moved as its status says",
  orphanEscrows: 'no escrow account without its deal',
  holds: 'withdrawal holds match their requests',
  withdrawalMoney: "each withdrawal's money moved as its status says",
  deposits: 'each deposit credited is in its wallet, once',
  explained: 'every transfer moved money between the accounts its key names',
  orphanHolds: 'no withdrawal hold without its withdrawal',
}

/** A copy of the seeded database for a test that talks to it itself; dropped by `done`. */
async function copyOfSeed() {
  const copy = await createTestDatabase(seedName())
  const db = new pg.Client({ connectionString: copy.url })
  await db.connect()
  const attempt = (q: string, values: unknown[] = []) =>
    db.query(q, values).then(
      () => 'ran',
      (err: Error) => err.message,
    )
  return {
    db,
    attempt,
    done: async () => {
      await db.end()
      await copy.drop()
    },
  }
}

describe('what the database refuses', () => {
  it('changing or removing entries and transfers, row by row or all at once', async () => {
    const { db, attempt, done } = await copyOfSeed()
    try {
      expect(await attempt('update ledger_entries set amount_cents = amount_cents * 2')).toMatch(/immutable \(UPDATE on ledger_entries\)/)
      expect(await attempt('delete from ledger_entries')).toMatch(/immutable \(DELETE on ledger_entries\)/)
      expect(await attempt(`update ledger_transfers set idempotency_key = idempotency_key || 'x'`)).toMatch(/immutable/)
      expect(await attempt('delete from ledger_transfers')).toMatch(/immutable/)
      // TRUNCATE fires no row trigger: its own statement trigger refuses it
      expect(await attempt('truncate ledger_entries, ledger_transfers')).toMatch(/immutable \(TRUNCATE on ledger_/)
      expect(await attempt('truncate ledger_accounts cascade')).toMatch(/immutable \(TRUNCATE on ledger_/)
      expect(await attempt('delete from ledger_accounts')).toMatch(/immutable|foreign key/)
      // 0 cents, a fraction, a repeated key, an unbalanced transfer
      const { rows } = await db.query('select min(id) as id from ledger_transfers')
      const wallet = await accountId(db, `wallet:${made.carol}`)
      expect(await attempt(`insert into ledger_entries (transfer_id, account_id, amount_cents) values (${rows[0].id}, ${wallet}, 0)`)).toMatch(
        /amount_nonzero/,
      )
      expect(await attempt(`insert into ledger_entries (transfer_id, account_id, amount_cents) values (${rows[0].id}, ${wallet}, '1.5')`)).toMatch(
        /invalid input syntax for type bigint/,
      )
      expect(await attempt(`insert into ledger_transfers (kind, idempotency_key, memo) values ('x', 'deal:${made.funded}:fund', '')`)).toMatch(
        /idempotency_key_unique/,
      )
      expect(await attempt(`insert into ledger_entries (transfer_id, account_id, amount_cents) values (${rows[0].id}, ${wallet}, 5)`)).toMatch(
        /does not balance/,
      )
      expect(Number((await db.query('select count(*) as n from ledger_entries')).rows[0].n)).toBeGreaterThan(0)
    } finally {
      await done()
    }
  })

  it("changing what an account is: its code, kind, owner or floor (balances are read by code; a floor is the overdraft guard's)", async () => {
    const { attempt, done } = await copyOfSeed()
    try {
      const refused = /ledger accounts keep their code, kind, owner and floor/
      expect(await attempt(`update ledger_accounts set allow_negative = true where code = $1`, [`wallet:${made.carol}`])).toMatch(refused)
      expect(await attempt(`update ledger_accounts set code = 'wallet:0' where code = $1`, [`wallet:${made.carol}`])).toMatch(refused)
      expect(await attempt(`update ledger_accounts set kind = 'promotions' where code = $1`, [`wallet:${made.carol}`])).toMatch(refused)
      expect(await attempt(`update ledger_accounts set user_id = $1 where code = $2`, [made.alice, `wallet:${made.carol}`])).toMatch(refused)
      // an id change would move the account's entries with it
      expect(await attempt('update ledger_accounts set id = id + 100000')).toMatch(refused)
    } finally {
      await done()
    }
  })
})

describe('what verification reports', () => {
  it('every check by name, in order, none failing on a sound ledger', async () => {
    // a copy, as every test here: nothing may hold the seed open
    const copy = await createTestDatabase(seedName())
    const orm = await openDatabase(copy.url, 2)
    try {
      const checks = await verifyLedger(orm.em.fork())
      expect(checks.map((check) => check.name)).toEqual(Object.values(NAMES))
      expect(checks.filter((check) => check.problems.length > 0)).toEqual([])
    } finally {
      await orm.close()
      await copy.drop()
    }
  })

  it('a transfer with no legs at all', async () => {
    let id = 0
    const failing = await verifyAfter(async (db) => {
      id = await rawTransfer(db, 'by-hand:no-legs', [])
    })
    expect(failing[NAMES.twoLegs]).toEqual([`transfer ${id}`])
    expect(failing[NAMES.explained]).toEqual([`transfer ${id} (by-hand:no-legs) moved null`])
  })

  it('a guard of the database disabled (the role that migrates owns the tables, so it could)', async () => {
    const failing = await verifyAfter(async (db) => {
      await db.query('alter table ledger_entries disable trigger ledger_entries_immutable')
      await db.query('drop trigger ledger_accounts_fixed on ledger_accounts')
    })
    expect(failing[NAMES.guards]).toEqual([
      'trigger ledger_entries_immutable missing or disabled',
      'trigger ledger_accounts_fixed missing or disabled',
    ])
  })

  it('legs added to a transfer committed earlier: its history changed without an UPDATE', async () => {
    const failing = await verifyAfter(async (db) => {
      // the funded deal's payment into escrow grows two balanced legs later: $1,000 from alice to carol
      const { rows } = await db.query('select id from ledger_transfers where idempotency_key = $1', [`deal:${made.funded}:fund`])
      await db.query('insert into ledger_entries (transfer_id, account_id, amount_cents) values ($1, $2, -100000), ($1, $3, 100000)', [
        rows[0].id,
        await accountId(db, `wallet:${made.alice}`),
        await accountId(db, `wallet:${made.carol}`),
      ])
    })
    expect(failing[NAMES.whole]).toHaveLength(2)
    expect(failing[NAMES.whole]![0]).toMatch(/^entry \d+ added to transfer \d+ later$/)
  })

  it("an overdrawn wallet whose floor was lifted (the accounts' guard bypassed)", async () => {
    const failing = await verifyAfter(async (db) => {
      await db.query('set session_replication_role = replica')
      await db.query(`update ledger_accounts set allow_negative = true where code = $1`, [`wallet:${made.carol}`])
      await db.query('set session_replication_role = default')
      const { rows } = await db.query(
        'select coalesce(sum(e.amount_cents), 0)::bigint as b from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.code = $1',
        [`wallet:${made.carol}`],
      )
      await rawTransfer(db, 'by-hand:overdraw', [
        [`wallet:${made.carol}`, -(Number(rows[0].b) + 100_000)],
        ['system:platform_fees', Number(rows[0].b) + 100_000],
      ])
    })
    expect(failing[NAMES.accounts]).toEqual([`wallet:${made.carol}: kind user_wallet, owner ${made.carol}, may go negative: true`])
  })

  it("wallets whose codes were swapped between two users (balances moved without an entry; the accounts' guard bypassed)", async () => {
    const failing = await verifyAfter(async (db) => {
      await db.query('set session_replication_role = replica')
      await db.query(`update ledger_accounts set code = 'tmp' where code = $1`, [`wallet:${made.alice}`])
      await db.query(`update ledger_accounts set code = $1 where code = $2`, [`wallet:${made.alice}`, `wallet:${made.carol}`])
      await db.query(`update ledger_accounts set code = $1 where code = 'tmp'`, [`wallet:${made.carol}`])
    })
    expect(failing[NAMES.accounts]?.sort()).toEqual(
      [
        `wallet:${made.alice}: kind user_wallet, owner ${made.carol}, may go negative: false`,
        `wallet:${made.carol}: kind user_wallet, owner ${made.alice}, may go negative: false`,
      ].sort(),
    )
  })

  it('an idempotency key applied twice (its unique constraint gone, as a restore without constraints would leave it)', async () => {
    const failing = await verifyAfter(async (db) => {
      await db.query('alter table ledger_transfers drop constraint ledger_transfers_idempotency_key_unique')
      // the completed deal's release applied a second time: the seller paid twice, from promotions (nothing below zero)
      await rawTransfer(db, `deal:${made.completed}:release`, [
        ['system:promotions', -10_000],
        [`wallet:${made.carol}`, 10_000],
      ])
    })
    expect(failing[NAMES.keys]).toEqual([`deal:${made.completed}:release: 2 transfers`])
  })

  it('an entry of 0 cents (its check constraint gone)', async () => {
    const failing = await verifyAfter(async (db) => {
      await db.query('alter table ledger_entries drop constraint ledger_entries_amount_nonzero')
      const { rows } = await db.query('select min(id) as id from ledger_transfers')
      await db.query(
        'insert into ledger_entries (transfer_id, account_id, amount_cents, created_at) select $1, $2, 0, created_at from ledger_transfers where id = $1',
        [rows[0].id, await accountId(db, `wallet:${made.carol}`)],
      )
    })
    expect(failing[NAMES.zero]).toHaveLength(1)
    expect(failing[NAMES.zero]![0]).toMatch(/: 0 cents$/)
  })

  it('money in a withdrawal hold that belongs to no withdrawal', async () => {
    const failing = await verifyAfter(async (db) => {
      await db.query(`insert into ledger_accounts (code, kind, user_id, allow_negative) values ('withdrawal:987654', 'withdrawal_hold', $1, false)`, [
        made.alice,
      ])
      await rawTransfer(db, 'by-hand:orphan-hold', [
        [`wallet:${made.alice}`, -250_000],
        ['withdrawal:987654', 250_000],
      ])
    })
    // alice's $2,500 would sit where no admin queue shows them
    expect(failing[NAMES.orphanHolds]).toEqual(['withdrawal:987654'])
  })

  it('a deal marked refunded whose escrow was in fact released to the seller, and one marked completed that never was', async () => {
    const failing = await verifyAfter(async (db) => {
      // the completed deal's escrow went to the seller (deal:{id}:release); its status now says the buyer was paid back
      await db.query(`update escrow_transactions set status = 'refunded' where id = $1`, [made.completed])
      // the refunded one says its money went to the seller
      await db.query(`update escrow_transactions set status = 'completed' where id = $1`, [made.refunded])
    })
    expect(failing[NAMES.dealMoney]?.sort()).toEqual(
      [
        `ACC-${made.completed} (refunded): moved ["fund","release"], should have moved ["fund","refund"]`,
        `ACC-${made.refunded} (completed): moved ["fund","refund"], should have moved ["fund","release"]`,
      ].sort(),
    )
  })

  it('a refund that went elsewhere than its deal says: to the balance of a deal refunded to its card, and the other way', async () => {
    const failing = await verifyAfter(async (db) => {
      // each deal now says its money went where it did not: the transfers stay as they were
      await db.query(`update escrow_transactions set refunded_to = 'balance' where id = $1`, [made.refundedToCard])
      await db.query(`update escrow_transactions set refunded_to = 'payment', payment_method = 'card' where id = $1`, [made.refunded])
    })
    expect(Object.keys(failing)).toEqual([NAMES.explained])
    expect(failing[NAMES.explained]!.map((line) => /\((.+?)\)/.exec(line)![1]).sort()).toEqual(
      [`deal:${made.refunded}:refund`, `deal:${made.refundedToCard}:refund`].sort(),
    )
  })

  it('a deposit marked credited whose money never reached the wallet', async () => {
    const failing = await verifyAfter(async (db) => {
      await db.query(
        `insert into payment_orders (order_id, user_id, kind, provider, provider_ref, method, amount_cents, processor_fee_cents, total_cents, status, created_at, updated_at)
         values ($1, $2, 'deposit', 'sandbox', 'sbx_by_hand', 'card', 2500, 103, 2603, 'credited', now(), now())`,
        [`deposit_${made.alice}_1000000001`, made.alice],
      )
    })
    expect(failing[NAMES.deposits]).toEqual([`deposit_${made.alice}_1000000001 (credited): 0 in the wallet`])
  })

  it('a withdrawal marked rejected whose hold was in fact paid out', async () => {
    const failing = await verifyAfter(async (db) => {
      await db.query(`update withdrawals set status = 'rejected' where id = $1`, [made.approved])
    })
    expect(failing[NAMES.withdrawalMoney]).toEqual([
      `withdrawal ${made.approved} (rejected): moved ["hold","payout"], should have moved ["hold","release"]`,
    ])
  })

  it('an unbalanced transfer (its deferred trigger bypassed)', async () => {
    const failing = await verifyAfter(async (db) => {
      await db.query(`set session_replication_role = replica`)
      const { rows } = await db.query(`select id from ledger_transfers where idempotency_key = $1`, [`deal:${made.completed}:release`])
      await db.query('insert into ledger_entries (transfer_id, account_id, amount_cents) values ($1, $2, 700)', [
        rows[0].id,
        await accountId(db, 'system:platform_fees'),
      ])
    })
    expect(failing[NAMES.sum]).toEqual(['total 700'])
    expect(failing[NAMES.balanced]?.[0]).toMatch(/: 700$/)
  })

  it('money paid to the wrong party, or that nothing in the database explains, though every balance adds up', async () => {
    const release = `deal:${made.completed}:release`
    const failing = await verifyAfter(async (db) => {
      // the completed deal's release re-pointed from the seller's wallet to the buyer's (the entries' guard bypassed)
      await db.query('set session_replication_role = replica')
      await db.query(
        `update ledger_entries set account_id = (select id from ledger_accounts where code = $1)
         where transfer_id = (select id from ledger_transfers where idempotency_key = $2)
           and account_id = (select account_id from ledger_entries e join ledger_accounts a on a.id = e.account_id
                             where e.transfer_id = ledger_entries.transfer_id and a.kind = 'user_wallet' limit 1)`,
        [`wallet:${made.alice}`, release],
      )
      await db.query('set session_replication_role = default')
      // a deposit credit no order names, a second release under another key, a welcome bonus twice
      await rawTransfer(db, 'order:deposit_0_1700000000:credit', [
        ['system:provider_clearing', -500],
        [`wallet:${made.carol}`, 500],
      ])
      await rawTransfer(db, `${release}:again`, [
        ['system:platform_fees', -100],
        [`wallet:${made.carol}`, 100],
      ])
      await rawTransfer(db, `welcome_bonus:${made.carol}:again`, [
        ['system:promotions', -1500],
        [`wallet:${made.carol}`, 1500],
      ])
    })
    expect(Object.keys(failing)).toEqual([NAMES.explained])
    expect(failing[NAMES.explained]!.map((line) => /\((.+?)\)/.exec(line)![1])).toEqual([
      release,
      'order:deposit_0_1700000000:credit',
      `${release}:again`,
      `welcome_bonus:${made.carol}:again`,
    ])
    expect(failing[NAMES.explained]![0]).toContain(`"wallet:${made.alice}"`)
  })

  it('a wallet below zero', async () => {
    const failing = await verifyAfter(async (db) => {
      const { rows } = await db.query(
        'select coalesce(sum(e.amount_cents), 0)::bigint as b from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.code = $1',
        [`wallet:${made.carol}`],
      )
      await rawTransfer(db, 'by-hand:below', [
        [`wallet:${made.carol}`, -(Number(rows[0].b) + 1)],
        ['system:platform_fees', Number(rows[0].b) + 1],
      ])
    })
    expect(failing[NAMES.belowZero]).toEqual([`wallet:${made.carol}: -1`])
  })

  it("an escrow account whose balance differs from its deal's held amount", async () => {
    const failing = await verifyAfter(async (db) => {
      await rawTransfer(db, 'by-hand:escrow-extra', [
        ['system:promotions', -1],
        [`escrow:${made.funded}`, 1],
      ])
    })
    expect(failing[NAMES.escrow]?.[0]).toMatch(new RegExp(`^ACC-${made.funded} \\(fee_paid\\)`))
  })

  it('a fee_paid deal with an empty escrow', async () => {
    const failing = await verifyAfter(async (db) => {
      await db.query(`update escrow_transactions set status = 'fee_paid' where id = $1`, [made.pending])
    })
    expect(failing[NAMES.escrow]?.[0]).toMatch(new RegExp(`^ACC-${made.pending} \\(fee_paid\\): holds 0`))
  })

  it("a withdrawal hold that does not match its withdrawal's status (both ways)", async () => {
    const failing = await verifyAfter(async (db) => {
      await db.query(`update withdrawals set status = 'approved' where id = $1`, [made.requested])
      await db.query(`update withdrawals set status = 'requested' where id = $1`, [made.rejected])
    })
    expect(failing[NAMES.holds]?.sort()).toEqual(
      [`withdrawal ${made.rejected} (requested): holds 0`, `withdrawal ${made.requested} (approved): holds 2000`].sort(),
    )
  })
})
