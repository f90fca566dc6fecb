import { IsolationLevel } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'

export interface LedgerCheck {
  name: string
  /** rows that break it (empty: it holds) */
  problems: string[]
}

const FUNDED = `('fee_paid', 'invite_sent', 'access_granted', 'countdown_started', 'disputed')`

/**
 * The ledger's invariants, each one query over the whole database, read in one snapshot so concurrent writes
 * cannot make a sound ledger look broken: the entries sum to zero, every transfer balances, no account that may
 * not go negative is negative, each deal's escrow account holds exactly what its status says, each withdrawal's
 * hold likewise, and no money sits in an account without an owner or a deal.
 */
export async function verifyLedger(em: EntityManager): Promise<LedgerCheck[]> {
  return em.transactional(
    async (tx) => {
      const run = async (name: string, sql: string, describe: (row: Record<string, unknown>) => string): Promise<LedgerCheck> => {
        const rows = await tx.execute<Record<string, unknown>[]>(sql)
        return { name, problems: rows.map(describe) }
      }
      return [
        await run(
          'all entries sum to zero',
          `select coalesce(sum(amount_cents), 0)::bigint as total from ledger_entries having coalesce(sum(amount_cents), 0) <> 0`,
          (r) => `total ${String(r.total)}`,
        ),
        await run(
          'every transfer balances',
          `select transfer_id, sum(amount_cents)::bigint as total from ledger_entries group by transfer_id having sum(amount_cents) <> 0 limit 20`,
          (r) => `transfer ${String(r.transfer_id)}: ${String(r.total)}`,
        ),
        await run(
          'every transfer has two legs or more',
          `select t.id from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id group by t.id having count(e.id) < 2 limit 20`,
          (r) => `transfer ${String(r.id)}`,
        ),
        await run(
          'no wallet, escrow or hold below zero',
          `select a.code, sum(e.amount_cents)::bigint as balance from ledger_accounts a join ledger_entries e on e.account_id = a.id
           where not a.allow_negative group by a.code having sum(e.amount_cents) < 0 limit 20`,
          (r) => `${String(r.code)}: ${String(r.balance)}`,
        ),
        await run(
          'escrow holds exactly what each deal says',
          `select t.id, t.status, coalesce(b.balance, 0)::bigint as held,
             (case when t.status in ${FUNDED} then t.price_cents + t.escrow_fee_cents else 0 end)::bigint as expected
           from escrow_transactions t
           left join (select a.code, sum(e.amount_cents) as balance from ledger_accounts a join ledger_entries e on e.account_id = a.id
                      where a.kind = 'escrow' group by a.code) b on b.code = 'escrow:' || t.id
           where coalesce(b.balance, 0) <> (case when t.status in ${FUNDED} then t.price_cents + t.escrow_fee_cents else 0 end) limit 20`,
          (r) => `ACC-${String(r.id)} (${String(r.status)}): holds ${String(r.held)}, should hold ${String(r.expected)}`,
        ),
        await run(
          'no escrow account without its deal',
          `select a.code from ledger_accounts a where a.kind = 'escrow'
           and not exists (select 1 from escrow_transactions t where 'escrow:' || t.id = a.code) limit 20`,
          (r) => String(r.code),
        ),
        await run(
          'withdrawal holds match their requests',
          `select w.id, w.status, coalesce(b.balance, 0)::bigint as held from withdrawals w
           left join (select a.code, sum(e.amount_cents) as balance from ledger_accounts a join ledger_entries e on e.account_id = a.id
                      group by a.code) b on b.code = 'withdrawal:' || w.id
           where coalesce(b.balance, 0) <> (case when w.status = 'requested' then w.amount_cents else 0 end) limit 20`,
          (r) => `withdrawal ${String(r.id)} (${String(r.status)}): holds ${String(r.held)}`,
        ),
      ]
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  )
}
