import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import pg from 'pg'
import { transactionDetailSchema, type TransactionDetailDto } from '../../src/shared/api/transactions'
import type { RunningServer } from '../../server/server'
import { User } from '../../server/modules/users/user.entity'
import { verifyLedger } from '../../server/modules/ledger/ledger-verify'
import { ApiClient } from '../support/http-client'
import { signInDemoAdmin } from '../support/two-factor'

/** pg's `Client#query`, as the statement counter below wraps it */
type PgQuery = (this: object, config: unknown, ...rest: unknown[]) => unknown

/** Shared by the escrow suites: people signed in, wallets topped up, listings to buy, the ledger checked. */
export function escrowHelpers(getServer: () => RunningServer, getSql: () => pg.Client) {
  const signIn = async (username: string) => {
    const client = new ApiClient(getServer().url)
    // the demo admin signs in with two-factor (turned on the first time)
    if (username === 'admin') return { client, id: await signInDemoAdmin(client) }
    const res = await client.post('/api/auth/login', { username, password: 'handover-demo' })
    expect(res.status, res.text).toBe(200)
    return { client, id: Number((res.json as { user: { id: number } }).user.id) }
  }

  /** Money from promotions into a wallet, as a test's starting point. */
  const fund = async (userId: number, cents: number) => {
    const { ledger } = getServer().created.services
    await getServer()
      .orm.em.fork()
      .transactional(async (tx) => {
        await ledger.transfer(tx, {
          kind: 'test_funding',
          idempotencyKey: `test:${randomUUID()}`,
          memo: 'test funding',
          legs: [
            { account: await ledger.systemAccount(tx, 'promotions'), amountCents: -cents },
            { account: await ledger.walletOf(tx, tx.getReference(User, userId)), amountCents: cents },
          ],
        })
      })
  }

  const balanceOf = async (code: string): Promise<number> => {
    const { rows } = await getSql().query(
      'select coalesce(sum(e.amount_cents), 0)::bigint as total from ledger_accounts a join ledger_entries e on e.account_id = a.id where a.code = $1',
      [code],
    )
    return Number(rows[0].total)
  }

  /** An active listing not sold by these users, with its seller's name; each call takes another one. */
  const taken = new Set<number>()
  const listingOn = async (
    platform: string | null,
    ...notBy: number[]
  ): Promise<{ id: number; priceCents: number; seller: string; sellerId: number; platform: string }> => {
    const { rows } = await getSql().query(
      `select l.id, l.price_cents, l.platform, u.username, u.id as seller_id from listings l join users u on u.id = l.seller_id
       where l.status = 'active' and not (l.seller_id = any($1::int[])) and not (l.id = any($2::int[])) and u.banned_at is null
         and ($3::text is null or l.platform = $3)
       order by l.price_cents limit 1`,
      [notBy, [...taken], platform],
    )
    const row = rows[0]
    taken.add(row.id)
    return { id: row.id, priceCents: Number(row.price_cents), seller: row.username, sellerId: row.seller_id, platform: row.platform }
  }
  const listingToBuy = (...notBy: number[]) => listingOn(null, ...notBy)

  const detail = (json: unknown): TransactionDetailDto => transactionDetailSchema.parse(json)

  const expectSoundLedger = async () => {
    const failing = (await verifyLedger(getServer().orm.em.fork())).filter((check) => check.problems.length > 0)
    expect(failing).toEqual([])
  }

  /**
   * Every statement the server sent to PostgreSQL while `run` ran, grouped by the database transaction it ran in
   * (statements outside any transaction under the key `null`), in the order sent. Counted at the pg client under
   * the ORM's pool, where both knex's statements (BEGIN, COMMIT, the ORM's queries) and the prepared statements that
   * go to that client directly pass: a transaction is what one connection sends from BEGIN to COMMIT or ROLLBACK.
   */
  const statementsDuring = async <T>(run: () => Promise<T>): Promise<{ result: T; byTransaction: Map<string | null, string[]> }> => {
    const driver = (getServer().orm.em.getConnection().getKnex().client as unknown as { driver: { Client: { prototype: { query: PgQuery } } } })
      .driver
    const prototype = driver.Client.prototype
    const original = prototype.query
    const byTransaction = new Map<string | null, string[]>()
    const open = new WeakMap<object, string>()
    let transactions = 0
    prototype.query = function (this: object, config: unknown, ...rest: unknown[]) {
      const sql = typeof config === 'string' ? config : (config as { text: string }).text
      if (/^begin\b/i.test(sql)) open.set(this, `tx${++transactions}`)
      const key = open.get(this) ?? null
      byTransaction.set(key, [...(byTransaction.get(key) ?? []), sql])
      if (/^(commit|rollback)\b/i.test(sql)) open.delete(this)
      return original.call(this, config, ...rest)
    }
    try {
      return { result: await run(), byTransaction }
    } finally {
      prototype.query = original
    }
  }

  return { signIn, fund, balanceOf, listingToBuy, listingOn, detail, expectSoundLedger, statementsDuring }
}
