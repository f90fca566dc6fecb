import type { EntityManager } from '@mikro-orm/postgresql'
import { assertCents, type Cents } from '@shared/money'
import { HttpError } from '../../http/errors'
import { LedgerAccount, LedgerEntry, LedgerTransfer, type LedgerAccountKind } from './ledger.entities'
import type { User } from '../users/user.entity'

export interface TransferLeg {
  account: LedgerAccount
  amountCents: Cents
}

export interface TransferRequest {
  kind: string
  /** the same key never moves money twice */
  idempotencyKey: string
  memo: string
  legs: TransferLeg[]
}

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

/**
 * Double-entry ledger. Every call runs inside the caller's database transaction (pass its EntityManager):
 * a transfer and the business change it pays for commit together or not at all.
 */
export class LedgerService {
  async walletOf(em: EntityManager, user: User): Promise<LedgerAccount> {
    return this.account(em, `wallet:${user.id}`, 'user_wallet', user.id, false)
  }

  async systemAccount(em: EntityManager, name: keyof typeof SYSTEM_ACCOUNTS): Promise<LedgerAccount> {
    return this.account(em, `system:${name}`, SYSTEM_ACCOUNTS[name], null, true)
  }

  /** A deal's own escrow account, `escrow:{id}`: it belongs to no user and can never go below zero. */
  async escrowAccount(em: EntityManager, transactionId: number): Promise<LedgerAccount> {
    return this.account(em, `escrow:${transactionId}`, 'escrow', null, false)
  }

  /** Where a withdrawal's money waits until an admin decides: `withdrawal:{id}`, the user's, never below zero. */
  async withdrawalHold(em: EntityManager, withdrawalId: number, user: User): Promise<LedgerAccount> {
    return this.account(em, `withdrawal:${withdrawalId}`, 'withdrawal_hold', user.id, false)
  }

  /** The account with this code, created on first use; a concurrent creation is settled by the unique code. */
  private async account(em: EntityManager, code: string, kind: LedgerAccountKind, userId: number | null, allowNegative: boolean): Promise<LedgerAccount> {
    const existing = await em.findOne(LedgerAccount, { code })
    if (existing) return existing
    const [created] = await em.getConnection().execute<Record<string, unknown>[]>(
      `insert into ledger_accounts (code, kind, user_id, allow_negative) values (?, ?, ?, ?) on conflict (code) do nothing returning *`,
      [code, kind, userId, allowNegative],
      'all',
      em.getTransactionContext(),
    )
    // nothing returned: a concurrent transaction created it first
    return created ? em.map(LedgerAccount, created) : em.findOneOrFail(LedgerAccount, { code })
  }

  /** The sum over a user's accounts of one kind (their withdrawal holds, say), without creating any. */
  async userKindBalance(em: EntityManager, userId: number, kind: LedgerAccountKind): Promise<Cents> {
    const rows = await em
      .getConnection()
      .execute<{ total: string | null }[]>(
        `select coalesce(sum(e.amount_cents), 0) as total from ledger_accounts a
         join ledger_entries e on e.account_id = a.id where a.user_id = ? and a.kind = ?`,
        [userId, kind],
        'all',
        em.getTransactionContext(),
      )
    return Number(rows[0]?.total ?? 0)
  }

  async balanceOf(em: EntityManager, account: LedgerAccount): Promise<Cents> {
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
    const rows = await em
      .getConnection()
      .execute<{ total: string | null }[]>(
        `select coalesce(sum(e.amount_cents), 0) as total from ledger_accounts a
         join ledger_entries e on e.account_id = a.id where a.code = ?`,
        [`wallet:${userId}`],
        'all',
        em.getTransactionContext(),
      )
    return Number(rows[0]?.total ?? 0)
  }

  /** The account's balance read under its row lock, so no transfer changes it before the caller's transaction ends. */
  async lockedBalanceOf(em: EntityManager, account: LedgerAccount): Promise<Cents> {
    if (!em.isInTransaction()) throw new Error('a locked balance must be read inside a database transaction')
    await this.lock(em, account.id)
    return this.balanceOf(em, account)
  }

  private async lock(em: EntityManager, accountId: number): Promise<void> {
    await em.getConnection().execute('select id from ledger_accounts where id = ? for update', [accountId], 'all', em.getTransactionContext())
  }

  /** Must be called inside `em.transactional`. Returns the existing transfer for a repeated key. */
  async transfer(em: EntityManager, request: TransferRequest): Promise<LedgerTransfer> {
    if (!em.isInTransaction()) throw new Error('ledger transfers must run inside a database transaction')
    const previous = await em.findOne(LedgerTransfer, { idempotencyKey: request.idempotencyKey })
    if (previous) return previous
    if (request.legs.length < 2) throw new Error('a transfer needs at least two legs')
    const total = request.legs.reduce((sum, leg) => sum + assertCents(leg.amountCents), 0)
    if (total !== 0) throw new Error(`transfer ${request.idempotencyKey} does not balance (${total})`)

    // lock debited accounts in id order so concurrent transfers cannot deadlock or overdraw
    const debited = request.legs.filter((l) => l.amountCents < 0 && !l.account.allowNegative)
    const ids = [...new Set(debited.map((l) => l.account.id))].sort((a, b) => a - b)
    for (const id of ids) await this.lock(em, id)
    for (const leg of debited) {
      const balance = await this.balanceOf(em, leg.account)
      if (balance + leg.amountCents < 0) throw new InsufficientFunds()
    }

    const transfer = em.create(LedgerTransfer, {
      kind: request.kind,
      idempotencyKey: request.idempotencyKey,
      memo: request.memo,
      createdAt: new Date(),
    })
    for (const leg of request.legs) {
      em.create(LedgerEntry, { transfer, account: leg.account, amountCents: leg.amountCents, createdAt: new Date() })
    }
    await em.flush()
    return transfer
  }
}
