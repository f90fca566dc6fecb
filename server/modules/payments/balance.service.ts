import type { EntityManager } from '@mikro-orm/postgresql'
import { PAYMENTS_PAGE_SIZE, type BalanceDto, type BalanceEntryDto } from '@shared/api/payments'
import { centsToDecimalString } from '@shared/money'
import type { LedgerService } from '../ledger/ledger.service'
import { toDollars } from './payments.mapper'

interface EntryRow {
  id: number
  amount_cents: string
  kind: string
  memo: string
  created_at: Date
  transaction_id: number | null
}

/** GET /api/balance and its history: read from the ledger, never stored. */
export class BalanceService {
  constructor(private readonly ledger: LedgerService) {}

  async summary(em: EntityManager, userId: number): Promise<BalanceDto> {
    const [available, held, inEscrow] = await Promise.all([
      this.ledger.walletBalance(em, userId),
      this.ledger.userKindBalance(em, userId, 'withdrawal_hold'),
      this.inEscrow(em, userId),
    ])
    return { available: centsToDecimalString(available), pendingWithdrawals: centsToDecimalString(held), inEscrow: centsToDecimalString(inEscrow) }
  }

  /**
   * The buyer's money held for their deals: escrow accounts are the deal's (`escrow:{transactionId}`, no user),
   * so they are matched to the deals the user buys.
   */
  private async inEscrow(em: EntityManager, userId: number): Promise<number> {
    const rows = await em.execute<{ total: string | null }[]>(
      `select coalesce(sum(e.amount_cents), 0) as total
       from escrow_transactions t
       join ledger_accounts a on a.code = 'escrow:' || t.id and a.kind = 'escrow'
       join ledger_entries e on e.account_id = a.id
       where t.buyer_id = ?`,
      [userId],
    )
    return Number(rows[0]?.total ?? 0)
  }

  /** The wallet's entries, newest first; an entry that moved money to or from a deal's escrow names the deal. */
  async history(em: EntityManager, userId: number, page: number): Promise<{ items: BalanceEntryDto[]; total: number }> {
    const code = `wallet:${userId}`
    const [rows, count] = await Promise.all([
      em.execute<EntryRow[]>(
        `select e.id, e.amount_cents, t.kind, t.memo, e.created_at,
           (select substring(a2.code from 8)::int from ledger_entries e2 join ledger_accounts a2 on a2.id = e2.account_id
            where e2.transfer_id = e.transfer_id and a2.kind = 'escrow' and a2.code like 'escrow:%' limit 1) as transaction_id
         from ledger_accounts a
         join ledger_entries e on e.account_id = a.id
         join ledger_transfers t on t.id = e.transfer_id
         where a.code = ?
         order by e.id desc
         limit ? offset ?`,
        [code, PAYMENTS_PAGE_SIZE, (page - 1) * PAYMENTS_PAGE_SIZE],
      ),
      em.execute<{ n: string }[]>(`select count(*) as n from ledger_accounts a join ledger_entries e on e.account_id = a.id where a.code = ?`, [
        code,
      ]),
    ])
    const items = rows.map((r) => ({
      id: r.id,
      amount: toDollars(Number(r.amount_cents)),
      kind: r.kind,
      memo: r.memo,
      createdAt: new Date(r.created_at).toISOString(),
      transactionId: r.transaction_id === null ? null : Number(r.transaction_id),
    }))
    return { items, total: Number(count[0]?.n ?? 0) }
  }
}
