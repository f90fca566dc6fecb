import type { EntityManager } from '@mikro-orm/postgresql'
import { assertCents, type Cents } from '@shared/money'
import { HttpError } from '../../http/errors'
import { runPreparedIn, runPreparedOn } from '../../db/prepared'
import { LedgerAccount, type LedgerAccountKind } from './ledger.entities'
import type { User } from '../users/user.entity'

/** An account as transfers use it: what a statement read or created, or the entity. */
export type AccountRef = Pick<LedgerAccount, 'id' | 'code' | 'allowNegative'>

export interface TransferLeg {
  account: AccountRef
  amountCents: Cents
}

export interface TransferRequest {
  kind: string
  /** the same key never moves money twice */
  idempotencyKey: string
  memo: string
  legs: TransferLeg[]
  /** when the money moved; now unless recording history (the demo's past sales) */
  at?: Date
}

export interface TransferResult {
  /** the key had moved its money before: nothing moved now */
  replayed: boolean
  /** a leg's account balance once the transfer is made (not for system accounts, whose balances a transfer does not read) */
  balanceOf(account: AccountRef): Cents
}

/**
 * The legs ($1, a JSON list of account, amount, whether the account is guarded (locked by the caller) and whether
 * its balance is tracked), then the key, kind, memo and time. `before` sums each tracked leg account's entries: the
 * accounts that may not go below zero (wallets, escrow, withdrawal holds). The system accounts (promotions,
 * platform fees, provider clearing) are never summed here: every sign-up, release and deposit touches one of them,
 * so summing it would read a row for every bonus, fee or deposit ever made. A guarded account short of its debit, or
 * a key seen before, writes nothing. The legs go as JSON rather than arrays: PostgreSQL counts the rows of a bound
 * array and finds every call's own plan cheaper than the shared one, so it planned the statement again on every
 * transfer (a quarter of a millisecond of the database's time each); a JSON list is costed the same either way, and
 * the plan is made once per connection.
 */
const TRANSFER_SQL = `with legs as (select * from jsonb_to_recordset(?::jsonb) as l(account_id int, amount bigint, guarded boolean, tracked boolean)),
  before as (
    select a.account_id, coalesce((select sum(e.amount_cents) from ledger_entries e where e.account_id = a.account_id), 0) as total
    from (select distinct account_id from legs where tracked) a
  ),
  short as (
    select 1 from before b join (select account_id, sum(amount) as amount from legs group by account_id) d using (account_id)
    where b.account_id in (select account_id from legs where guarded) and b.total + d.amount < 0
  ),
  seen as (select 1 from ledger_transfers where idempotency_key = ?),
  moved as (
    insert into ledger_transfers (kind, idempotency_key, memo, created_at)
    select ?, ?, ?, ?::timestamptz where not exists (select 1 from short) and not exists (select 1 from seen)
    on conflict (idempotency_key) do nothing returning id, created_at
  ),
  entries as (insert into ledger_entries (transfer_id, account_id, amount_cents, created_at) select m.id, l.account_id, l.amount, m.created_at from moved m, legs l returning account_id)
select exists (select 1 from moved) as moved, exists (select 1 from short) as short,
  (select json_object_agg(b.account_id, b.total + case when exists (select 1 from moved) then coalesce((select sum(amount) from legs l where l.account_id = b.account_id), 0) else 0 end) from before b) as balances`

export class InsufficientFunds extends HttpError {
  constructor() {
    super(409, 'insufficient_funds', 'Insufficient balance')
  }
}

const SYSTEM_ACCOUNTS: Record<'promotions' | 'platform_fees' | 'provider_clearing', LedgerAccountKind> = {
  promotions: 'promotions',
  platform_fees: 'platform_fees',
  provider_clearing: 'provider_clearing',
}

/** An account as a transfer names it: found by its code, created as described on first use. */
export interface AccountSpec {
  code: string
  kind: LedgerAccountKind
  userId: number | null
  /** wallets may not go below zero; system accounts (promotions, clearing) may */
  allowNegative: boolean
}

/** A deal's escrow account's code is this and the deal's id (a statement that creates the deal creates it too). */
export const ESCROW_CODE_PREFIX = 'escrow:'

export const accounts = {
  wallet: (userId: number): AccountSpec => ({ code: `wallet:${userId}`, kind: 'user_wallet', userId, allowNegative: false }),
  system: (name: keyof typeof SYSTEM_ACCOUNTS): AccountSpec => ({
    code: `system:${name}`,
    kind: SYSTEM_ACCOUNTS[name],
    userId: null,
    allowNegative: true,
  }),
  /** a deal's own escrow account, `escrow:{id}`: it belongs to no user and can never go below zero */
  escrow: (transactionId: number): AccountSpec => ({
    code: `${ESCROW_CODE_PREFIX}${transactionId}`,
    kind: 'escrow',
    userId: null,
    allowNegative: false,
  }),
  /** where a withdrawal's money waits until an admin decides: `withdrawal:{id}`, the user's, never below zero */
  withdrawalHold: (withdrawalId: number, userId: number): AccountSpec => ({
    code: `withdrawal:${withdrawalId}`,
    kind: 'withdrawal_hold',
    userId,
    allowNegative: false,
  }),
}

/** Those not yet created are inserted; all are answered, the new and the existing, in one statement. */
const ACCOUNTS_SQL = `with wanted as (select * from unnest(?::text[], ?::text[], ?::int[], ?::boolean[]) as w(code, kind, user_id, allow_negative)),
  created as (
    insert into ledger_accounts (code, kind, user_id, allow_negative) select code, kind, user_id, allow_negative from wanted
    on conflict (code) do nothing returning *
  )
select * from created union all select a.* from ledger_accounts a where a.code in (select code from wanted) and a.code not in (select code from created)`

/**
 * The SQL for a user's wallet balance in cents (0 without a wallet), over an expression for the user's id, so another
 * statement can read it alongside its own columns (the session read of GET /api/auth/me does).
 */
export const walletCentsSql = (userId: string) =>
  `(select coalesce(sum(e.amount_cents), 0) from ledger_accounts a join ledger_entries e on e.account_id = a.id
     where a.code = 'wallet:' || ${userId})`

/**
 * The SQL that opens, for each row of `source`, the ledger account `spec` describes (a jsonb `{ kind, user_id,
 * allow_negative }`, as `accounts` gives them) under the code `code`, unless it exists; answers the new one's id and
 * creation time. For a statement that creates what the account belongs to (a deal and its escrow account).
 */
export const openAccountSql = (source: string, spec: string, code: string) =>
  `insert into ledger_accounts (code, kind, user_id, allow_negative)
    select ${code}, a.kind, a.user_id, a.allow_negative from ${source}, jsonb_populate_record(null::ledger_accounts, ${spec}) a
    on conflict (code) do nothing returning id, created_at`

/**
 * Double-entry ledger. Every call runs inside the caller's database transaction (pass its EntityManager):
 * a transfer and the business change it pays for commit together or not at all.
 */
export class LedgerService {
  /** per transaction (its EntityManager), the account rows it has locked */
  private readonly held = new WeakMap<EntityManager, Set<number>>()
  /**
   * per EntityManager, the accounts it has read or created, by code: plain values, not entities, so a transaction's
   * commit has nothing of the ledger's to compare (an account's code, kind and floor never change)
   */
  private readonly seenAccounts = new WeakMap<EntityManager, Map<string, AccountRef>>()

  async walletOf(em: EntityManager, user: Pick<User, 'id'>): Promise<AccountRef> {
    return this.one(em, accounts.wallet(user.id))
  }

  async systemAccount(em: EntityManager, name: keyof typeof SYSTEM_ACCOUNTS): Promise<AccountRef> {
    return this.one(em, accounts.system(name))
  }

  async escrowAccount(em: EntityManager, transactionId: number): Promise<AccountRef> {
    return this.one(em, accounts.escrow(transactionId))
  }

  async withdrawalHold(em: EntityManager, withdrawalId: number, user: Pick<User, 'id'>): Promise<AccountRef> {
    return this.one(em, accounts.withdrawalHold(withdrawalId, user.id))
  }

  /**
   * The accounts with these codes, in the order asked, created on first use: one statement for all those this
   * EntityManager has not seen yet. A concurrent creation is settled by the unique code.
   */
  async accounts(em: EntityManager, specs: AccountSpec[]): Promise<AccountRef[]> {
    const known = this.knownTo(em)
    const missing = specs.filter((spec) => !known.has(spec.code))
    if (missing.length > 0) {
      const rows = await runPreparedOn<{ id: number; code: string; allow_negative: boolean }>(em, 'ledger_accounts', ACCOUNTS_SQL, [
        missing.map((s) => s.code),
        missing.map((s) => s.kind),
        missing.map((s) => s.userId),
        missing.map((s) => s.allowNegative),
      ])
      for (const row of rows) known.set(row.code, { id: row.id, code: row.code, allowNegative: row.allow_negative })
    }
    return Promise.all(
      // neither inserted nor seen: a concurrent transaction created it after the statement began
      specs.map(async (spec) => known.get(spec.code) ?? em.findOneOrFail(LedgerAccount, { code: spec.code })),
    )
  }

  /**
   * An account a statement of the caller's read or created (its id): later transfers in this EntityManager use it
   * without asking for it again. `locked`: that statement locked its row (FOR UPDATE) in this transaction, so a
   * transfer debiting it does not lock it again.
   */
  remember(em: EntityManager, spec: AccountSpec, row: { id: number }, options: { locked?: boolean } = {}): void {
    this.knownTo(em).set(spec.code, { id: row.id, code: spec.code, allowNegative: spec.allowNegative })
    if (options.locked) this.heldBy(em).add(row.id)
  }

  private knownTo(em: EntityManager): Map<string, AccountRef> {
    let known = this.seenAccounts.get(em)
    if (!known) this.seenAccounts.set(em, (known = new Map()))
    return known
  }

  /** The account rows this transaction has locked: a row lock lasts until the transaction ends. */
  private heldBy(em: EntityManager): Set<number> {
    let held = this.held.get(em)
    if (!held) this.held.set(em, (held = new Set()))
    return held
  }

  private async one(em: EntityManager, spec: AccountSpec): Promise<AccountRef> {
    const [account] = await this.accounts(em, [spec])
    return account!
  }

  /** The sum over a user's accounts of one kind (their withdrawal holds, say), without creating any. */
  async userKindBalance(em: EntityManager, userId: number, kind: LedgerAccountKind): Promise<Cents> {
    const rows = await em.getConnection().execute<{ total: string | null }[]>(
      `select coalesce(sum(e.amount_cents), 0) as total from ledger_accounts a
         join ledger_entries e on e.account_id = a.id where a.user_id = ? and a.kind = ?`,
      [userId, kind],
      'all',
      em.getTransactionContext(),
    )
    return Number(rows[0]?.total ?? 0)
  }

  async balanceOf(em: EntityManager, account: AccountRef): Promise<Cents> {
    const rows = await em
      .getConnection()
      .execute<{ total: string | null }[]>(
        'select coalesce(sum(amount_cents), 0) as total from ledger_entries where account_id = ?',
        [account.id],
        'all',
        em.getTransactionContext(),
      )
    return Number(rows[0]?.total ?? 0)
  }

  /** A user's wallet balance in one query, without creating the wallet on a read. */
  async walletBalance(em: EntityManager, userId: number): Promise<Cents> {
    // prepared once per connection, straight to the pg client
    const rows = await runPreparedOn<{ total: string | null }>(em, 'ledger_wallet_balance', `select ${walletCentsSql('?')} as total`, [userId])
    return Number(rows[0]?.total ?? 0)
  }

  /** The account's balance read under its row lock, so no transfer changes it before the caller's transaction ends. */
  async lockedBalanceOf(em: EntityManager, account: AccountRef): Promise<Cents> {
    if (!em.isInTransaction()) throw new Error('a locked balance must be read inside a database transaction')
    await this.lock(em, [account.id])
    return this.balanceOf(em, account)
  }

  /**
   * The accounts' rows locked until the transaction ends, in id order, so two transactions never wait on each other;
   * those this transaction holds already are not asked for again.
   */
  private async lock(em: EntityManager, accountIds: number[]): Promise<void> {
    const held = this.heldBy(em)
    const ids = [...new Set(accountIds)].filter((id) => !held.has(id)).sort((x, y) => x - y)
    if (ids.length === 0) return
    await runPreparedIn(em, 'ledger_lock', 'select id from ledger_accounts where id = any(?::int[]) order by id for update', [ids])
    for (const id of ids) held.add(id)
  }

  /**
   * Must be called inside `em.transactional`. Two statements: the accounts the transfer debits (and may not go
   * below zero) are locked in id order, so concurrent transfers cannot deadlock or overdraw; then one statement
   * checks the key and the balances (read after the lock, so they include every committed transfer) and writes
   * the transfer and its entries, or nothing. A repeated key moves nothing again. Answers each leg's account
   * balance after the transfer.
   */
  async transfer(em: EntityManager, request: TransferRequest): Promise<TransferResult> {
    if (!em.isInTransaction()) throw new Error('ledger transfers must run inside a database transaction')
    if (request.legs.length < 2) throw new Error('a transfer needs at least two legs')
    const total = request.legs.reduce((sum, leg) => sum + assertCents(leg.amountCents), 0)
    if (total !== 0) throw new Error(`transfer ${request.idempotencyKey} does not balance (${total})`)

    const guarded = request.legs.filter((l) => l.amountCents < 0 && !l.account.allowNegative).map((l) => l.account.id)
    await this.lock(em, guarded)
    const legs = request.legs.map((l) => ({
      account_id: l.account.id,
      amount: l.amountCents,
      guarded: guarded.includes(l.account.id),
      tracked: !l.account.allowNegative,
    }))
    const [row] = await runPreparedIn<{ moved: boolean; short: boolean; balances: Record<string, string> | null }>(
      em,
      'ledger_transfer',
      TRANSFER_SQL,
      [JSON.stringify(legs), request.idempotencyKey, request.kind, request.idempotencyKey, request.memo, request.at ?? new Date()],
    )
    if (!row) throw new Error(`transfer ${request.idempotencyKey} answered nothing`)
    // nothing written: the key moved its money before (now, or in a transaction that committed meanwhile), or a balance is short
    if (!row.moved && row.short && !(await this.seen(em, request.idempotencyKey))) throw new InsufficientFunds()
    const balances = new Map(Object.entries(row.balances ?? {}).map(([id, cents]) => [Number(id), Number(cents)]))
    return {
      replayed: !row.moved,
      balanceOf: (account) => {
        const cents = balances.get(account.id)
        if (cents === undefined) throw new Error(`account ${account.code} is not a tracked leg of transfer ${request.idempotencyKey}`)
        return cents
      },
    }
  }

  private async seen(em: EntityManager, key: string): Promise<boolean> {
    return (await runPreparedIn(em, 'ledger_transfer_seen', 'select 1 from ledger_transfers where idempotency_key = ?', [key])).length > 0
  }
}
