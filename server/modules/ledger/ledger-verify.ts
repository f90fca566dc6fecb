import { IsolationLevel } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'

export interface LedgerCheck {
  name: string
  /** rows that break it (empty: it holds) */
  problems: string[]
}

const FUNDED = `('fee_paid', 'invite_sent', 'access_granted', 'countdown_started', 'disputed')`

/** The triggers by which the database keeps the ledger (the migrations make them); a missing or disabled one is a problem. */
export const LEDGER_GUARDS = [
  'ledger_entries_immutable',
  'ledger_transfers_immutable',
  'ledger_entries_balanced',
  'ledger_entries_no_truncate',
  'ledger_transfers_no_truncate',
  'ledger_accounts_no_truncate',
  'ledger_accounts_fixed',
] as const

/**
 * The money transfers a deal has made by its status (their ledger keys, `deal:{id}:…`): paid in while it is held,
 * then out to the seller when completed or back to the buyer when refunded; never both, nothing for a deal unpaid.
 * A closed deal with no transfer at all is history from before the ledger (the demo's past sales) and passes.
 */
const DEAL_MONEY = `case
  when t.status in ${FUNDED} then array['fund']
  when t.status = 'completed' then array['fund', 'release']
  when t.status = 'refunded' then array['fund', 'refund']
  else array[]::text[] end`

/** A withdrawal's transfers by its status (`withdrawal:{id}:…`): held on request, then paid out or released back. */
const WITHDRAWAL_MONEY = `case w.status
  when 'approved' then array['hold', 'payout']
  when 'rejected' then array['hold', 'release']
  else array['hold'] end`

/**
 * The rows of `from` (aliased `alias`, each known in the ledger as `{prefix}:{id}`) whose transfers among `steps`
 * (keys `{prefix}:{id}:{step}`, found in alphabetical order, as `expected` lists them) are not what `expected` says,
 * unless `excused`; with the id, the status, the steps moved and the steps expected.
 */
const movedOtherwise = (from: string, alias: string, prefix: string, steps: readonly string[], expected: string, excused = 'false') => {
  const moved = `array(select k from unnest(array[${steps.map((step) => `'${step}'`).join(', ')}]) as k
    where exists (select 1 from ledger_transfers x where x.idempotency_key = '${prefix}:' || ${alias}.id || ':' || k) order by k)`
  return `select ${alias}.id, ${alias}.status, ${moved} as moved, ${expected} as expected from ${from} ${alias}
    where ${moved} <> ${expected} and not (${excused}) limit 20`
}

/**
 * Every transfer with the accounts it moved money between (`legs`: code → cents), that is not what its key names: a
 * deal's step (`deal:{id}:fund|release|refund`: the buyer's wallet or provider clearing → the deal's escrow, price and
 * fee; escrow → the seller's wallet the price and platform fees the fee; escrow → all of it to the buyer's wallet, or to
 * provider clearing for a deal whose card or crypto payment the provider refunded, as `refunded_to` says), a
 * withdrawal's (`withdrawal:{id}:hold|payout|release`), a credited order's (`order:{orderId}:credit`: provider
 * clearing → its payer's wallet, the amount), a member's welcome bonus (`welcome_bonus:{userId}`: promotions → their
 * wallet), or a test's or the bench's funding (kind `test_funding`: promotions → wallets). So money that went to the
 * wrong party, or that nothing in the database explains (a second release under another key, a credit no order
 * names), is found, which balances alone never show.
 */
const UNEXPLAINED_TRANSFERS = `with moved as (
    select x.id, x.kind, x.idempotency_key as key, split_part(x.idempotency_key, ':', 1) as what,
      split_part(x.idempotency_key, ':', 2) as ref, split_part(x.idempotency_key, ':', 3) as step,
      array_length(string_to_array(x.idempotency_key, ':'), 1) as parts,
      (select jsonb_object_agg(a.code, s.amount) from (select account_id, sum(amount_cents)::bigint as amount from ledger_entries
         where transfer_id = x.id group by account_id) s join ledger_accounts a on a.id = s.account_id) as legs
    from ledger_transfers x
  )
  select m.id, m.key, m.legs from moved m where not coalesce(case
    when m.kind = 'test_funding' then not exists (select 1 from jsonb_each_text(m.legs) l
      where not ((l.key = 'system:promotions' and l.value::bigint < 0) or (l.key like 'wallet:%' and l.value::bigint > 0)))
    when m.what = 'deal' and m.parts = 3 then exists (select 1 from escrow_transactions d where d.id::text = m.ref and case m.step
      when 'fund' then m.legs = jsonb_build_object('escrow:' || d.id, d.price_cents + d.escrow_fee_cents, 'wallet:' || d.buyer_id, -(d.price_cents + d.escrow_fee_cents))
        or m.legs = jsonb_build_object('escrow:' || d.id, d.price_cents + d.escrow_fee_cents, 'system:provider_clearing', -(d.price_cents + d.escrow_fee_cents))
      when 'release' then m.legs = jsonb_strip_nulls(jsonb_build_object('escrow:' || d.id, -(d.price_cents + d.escrow_fee_cents), 'wallet:' || d.seller_id,
        d.price_cents, 'system:platform_fees', nullif(d.escrow_fee_cents, 0)))
      when 'refund' then m.legs = jsonb_build_object('escrow:' || d.id, -(d.price_cents + d.escrow_fee_cents),
        case when d.refunded_to = 'payment' and d.payment_method in ('card', 'crypto') then 'system:provider_clearing' else 'wallet:' || d.buyer_id end,
        d.price_cents + d.escrow_fee_cents)
      else false end)
    when m.what = 'withdrawal' and m.parts = 3 then exists (select 1 from withdrawals w where w.id::text = m.ref and case m.step
      when 'hold' then m.legs = jsonb_build_object('wallet:' || w.user_id, -w.amount_cents, 'withdrawal:' || w.id, w.amount_cents)
      when 'payout' then m.legs = jsonb_build_object('withdrawal:' || w.id, -w.amount_cents, 'system:provider_clearing', w.amount_cents)
      when 'release' then m.legs = jsonb_build_object('withdrawal:' || w.id, -w.amount_cents, 'wallet:' || w.user_id, w.amount_cents)
      else false end)
    when m.what = 'order' and m.parts = 3 and m.step = 'credit' then exists (select 1 from payment_orders o where o.order_id = m.ref
      and o.status = 'credited' and m.legs = jsonb_build_object('system:provider_clearing', -o.amount_cents, 'wallet:' || o.user_id, o.amount_cents))
    when m.what = 'welcome_bonus' and m.parts = 2 then exists (select 1 from users u where u.id::text = m.ref)
      and (select count(*) from jsonb_object_keys(m.legs)) = 2 and (m.legs ->> ('wallet:' || m.ref))::bigint > 0 and (m.legs ->> 'system:promotions')::bigint < 0
    else false end, false)
  order by m.id limit 20`

/**
 * The ledger's invariants, each one query over the whole database, read in one snapshot so concurrent writes
 * cannot make a sound ledger look broken: the database's own guards are in place; the entries sum to zero, every
 * transfer balances and was written whole, each idempotency key moved money once; every account is what its code
 * says, and none that may not go negative is negative; each deal's escrow account holds exactly what its status says
 * and its money moved as that status says, each withdrawal's hold likewise, each credited deposit reached its wallet
 * once; every transfer moved money between the accounts its key names (a deal's step, a withdrawal's, a credited
 * order, a welcome bonus); no money sits in an account without an owner, a deal or a withdrawal.
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
          "the database's ledger guards are in place",
          `select g.name from unnest(array[${LEDGER_GUARDS.map((name) => `'${name}'`).join(', ')}]) as g(name)
           where not exists (select 1 from pg_trigger tr where tr.tgname = g.name and not tr.tgisinternal and tr.tgenabled <> 'D')`,
          (r) => `trigger ${String(r.name)} missing or disabled`,
        ),
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
          'every entry moves money',
          `select id, transfer_id from ledger_entries where amount_cents = 0 limit 20`,
          (r) => `entry ${String(r.id)} of transfer ${String(r.transfer_id)}: 0 cents`,
        ),
        await run(
          'every entry was written with its transfer',
          `select e.id, e.transfer_id from ledger_entries e join ledger_transfers t on t.id = e.transfer_id where e.created_at <> t.created_at limit 20`,
          (r) => `entry ${String(r.id)} added to transfer ${String(r.transfer_id)} later`,
        ),
        await run(
          'each idempotency key moved money once',
          `select idempotency_key, count(*)::int as n from ledger_transfers group by idempotency_key having count(*) > 1 limit 20`,
          (r) => `${String(r.idempotency_key)}: ${String(r.n)} transfers`,
        ),
        await run(
          'every account is what its code says',
          `select a.code, a.kind, a.user_id, a.allow_negative from ledger_accounts a
           where not coalesce(
             (a.kind = 'user_wallet' and a.code = 'wallet:' || a.user_id and not a.allow_negative)
             or (a.kind = 'escrow' and a.code ~ '^escrow:[0-9]+$' and a.user_id is null and not a.allow_negative)
             or (a.kind = 'withdrawal_hold' and a.code ~ '^withdrawal:[0-9]+$' and a.user_id is not null and not a.allow_negative)
             or (a.kind in ('promotions', 'platform_fees', 'provider_clearing') and a.code = 'system:' || a.kind and a.user_id is null and a.allow_negative),
             false)
           limit 20`,
          (r) => `${String(r.code)}: kind ${String(r.kind)}, owner ${String(r.user_id)}, may go negative: ${String(r.allow_negative)}`,
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
          "each deal's money moved as its status says",
          movedOtherwise(
            'escrow_transactions',
            't',
            'deal',
            ['fund', 'refund', 'release'],
            DEAL_MONEY,
            `t.status in ('completed', 'refunded') and not exists (select 1 from ledger_transfers x where x.idempotency_key like 'deal:' || t.id || ':%')`,
          ),
          (r) => `ACC-${String(r.id)} (${String(r.status)}): moved ${JSON.stringify(r.moved)}, should have moved ${JSON.stringify(r.expected)}`,
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
        await run(
          "each withdrawal's money moved as its status says",
          movedOtherwise('withdrawals', 'w', 'withdrawal', ['hold', 'payout', 'release'], WITHDRAWAL_MONEY),
          (r) =>
            `withdrawal ${String(r.id)} (${String(r.status)}): moved ${JSON.stringify(r.moved)}, should have moved ${JSON.stringify(r.expected)}`,
        ),
        await run(
          'each deposit credited is in its wallet, once',
          `select o.order_id, o.status, coalesce(c.moved, 0)::bigint as moved from payment_orders o
           left join lateral (
             select sum(e.amount_cents) as moved from ledger_transfers x
             join ledger_entries e on e.transfer_id = x.id join ledger_accounts a on a.id = e.account_id and a.code = 'wallet:' || o.user_id
             where x.idempotency_key = 'order:' || o.order_id || ':credit'
           ) c on true
           where o.kind = 'deposit' and coalesce(c.moved, 0) <> (case when o.status = 'credited' then o.amount_cents else 0 end) limit 20`,
          (r) => `${String(r.order_id)} (${String(r.status)}): ${String(r.moved)} in the wallet`,
        ),
        await run(
          'every transfer moved money between the accounts its key names',
          UNEXPLAINED_TRANSFERS,
          (r) => `transfer ${String(r.id)} (${String(r.key)}) moved ${JSON.stringify(r.legs)}`,
        ),
        await run(
          'no withdrawal hold without its withdrawal',
          `select a.code from ledger_accounts a where a.kind = 'withdrawal_hold'
           and not exists (select 1 from withdrawals w where 'withdrawal:' || w.id = a.code and w.user_id = a.user_id) limit 20`,
          (r) => String(r.code),
        ),
      ]
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  )
}
