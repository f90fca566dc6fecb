import type { EntityManager } from '@mikro-orm/postgresql'
import type { AdminStatsDto, StatsPoint } from '@shared/api/admin-dashboard'
import { ACTIVE_TRANSACTION_STATUSES, FUNDED_TRANSACTION_STATUSES } from '@shared/api/transactions'
import { centsToDollars } from '../listings/listing.mapper'

const DAY_MS = 24 * 60 * 60 * 1000

/** Statuses as an SQL list; they are constants of the contract, never input. */
const sqlList = (statuses: readonly string[]) => `(${statuses.map((s) => `'${s}'`).join(', ')})`
const FUNDED = sqlList(FUNDED_TRANSACTION_STATUSES)
/** every deal not yet completed, cancelled or refunded: in progress, or waiting for an admin */
const OPEN = sqlList([...ACTIVE_TRANSACTION_STATUSES, 'disputed'])

interface FiguresRow {
  users: number
  new_users: number
  active_listings: number
  awaiting_approval: number
  completed_deals: number
  sales_cents: string
  open_deals: number
  funded_deals: number
  escrow_held_cents: string
  fees_cents: string
  open_disputes: number
  pending_withdrawals: number
  pending_withdrawals_cents: string
}

/**
 * Every figure in one statement, each an aggregate over an index. Active listings come from the catalogue's
 * counters. Escrow held is read from the ledger: the escrow accounts of the deals that hold money (a deal's
 * account is empty once it is completed, cancelled or refunded; `ledger:verify` checks exactly that). Fees
 * earned are the escrow fees of the completed deals, as the chart's daily fees are: each release moves exactly
 * that fee into the platform's fees account, and deals recorded as history (the demo's) count the same way.
 */
function readFigures(em: EntityManager, since: Date) {
  return em.execute<FiguresRow[]>(
    `select
       (select count(*) from users where deleted_at is null)::int as users,
       (select count(*) from users where deleted_at is null and created_at >= ?)::int as new_users,
       (select coalesce(sum(active), 0) from listing_counts)::int as active_listings,
       (select count(*) from listings where status = 'pending_review')::int as awaiting_approval,
       (select count(*) from escrow_transactions where status = 'completed')::int as completed_deals,
       (select coalesce(sum(price_cents), 0) from escrow_transactions where status = 'completed')::bigint as sales_cents,
       (select count(*) from escrow_transactions where status in ${OPEN})::int as open_deals,
       (select count(*) from escrow_transactions where status in ${FUNDED})::int as funded_deals,
       (select coalesce(sum(e.amount_cents), 0) from escrow_transactions t
          join ledger_accounts a on a.code = 'escrow:' || t.id
          join ledger_entries e on e.account_id = a.id
        where t.status in ${FUNDED})::bigint as escrow_held_cents,
       (select coalesce(sum(escrow_fee_cents), 0) from escrow_transactions where status = 'completed')::bigint as fees_cents,
       (select count(*) from escrow_transactions where status = 'disputed')::int as open_disputes,
       (select count(*) from withdrawals where status = 'requested')::int as pending_withdrawals,
       (select coalesce(sum(amount_cents), 0) from withdrawals where status = 'requested')::bigint as pending_withdrawals_cents`,
    [since],
  )
}

interface SeriesRow {
  date: string
  new_users: number
  deals_started: number
  sales_cents: string
  fees_cents: string
}

/**
 * One row per UTC day from `since` to today: sign-ups, purchases started, and the prices and escrow fees of the
 * deals completed that day (each release moves exactly that fee into the platform's fees account).
 */
function readSeries(em: EntityManager, since: Date, today: Date) {
  return em.execute<SeriesRow[]>(
    `with days as (select d::date as day from generate_series(?::date, ?::date, interval '1 day') d),
       signups as (select (created_at at time zone 'UTC')::date as day, count(*) as n from users where created_at >= ? group by 1),
       started as (select (created_at at time zone 'UTC')::date as day, count(*) as n from escrow_transactions where created_at >= ? group by 1),
       completed as (select (closed_at at time zone 'UTC')::date as day, sum(price_cents) as sales, sum(escrow_fee_cents) as fees
                     from escrow_transactions where status = 'completed' and closed_at >= ? group by 1)
     select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(signups.n, 0)::int as new_users, coalesce(started.n, 0)::int as deals_started,
       coalesce(completed.sales, 0)::bigint as sales_cents, coalesce(completed.fees, 0)::bigint as fees_cents
     from days left join signups using (day) left join started using (day) left join completed using (day)
     order by days.day`,
    [isoDay(since), isoDay(today), since, since, since],
  )
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** The dashboard's figures now, and `days` days of series ending today (UTC). */
export async function readAdminStats(em: EntityManager, days: number, now = new Date()): Promise<AdminStatsDto> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const since = new Date(today.getTime() - (days - 1) * DAY_MS)
  const [[figures], series] = await Promise.all([readFigures(em, since), readSeries(em, since, today)])
  if (!figures) throw new Error('the figures query answered no row')
  const dollars = (cents: string) => centsToDollars(Number(cents))
  return {
    days,
    figures: {
      users: figures.users,
      newUsers: figures.new_users,
      activeListings: figures.active_listings,
      listingsAwaitingApproval: figures.awaiting_approval,
      completedDeals: figures.completed_deals,
      salesVolume: dollars(figures.sales_cents),
      openDeals: figures.open_deals,
      fundedDeals: figures.funded_deals,
      escrowHeld: dollars(figures.escrow_held_cents),
      feesEarned: dollars(figures.fees_cents),
      openDisputes: figures.open_disputes,
      pendingWithdrawals: figures.pending_withdrawals,
      pendingWithdrawalsAmount: dollars(figures.pending_withdrawals_cents),
    },
    series: series.map((row): StatsPoint => ({
      date: row.date,
      newUsers: row.new_users,
      dealsStarted: row.deals_started,
      salesVolume: dollars(row.sales_cents),
      fees: dollars(row.fees_cents),
    })),
    generatedAt: now.toISOString(),
  }
}
