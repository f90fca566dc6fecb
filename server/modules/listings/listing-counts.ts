/**
 * SQL over `listing_counts` (migration 20261122-catalogue-scale): active listings per platform and month
 * of creation, kept by triggers, and `changes`, whose sum grows with every change to what a catalogue
 * page shows (an active listing, the name of its seller) and so serves as the catalogue's version.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import type { CatalogueFilter } from './listings.query'

/** The counters per bucket, their shards summed (migration 20261124-listing-counts-shards). */
const BUCKETS = `(select platform, created_month, sum(active) as active, sum(changes) as changes from listing_counts group by 1, 2)`

export interface SqlPart {
  sql: string
  params: unknown[]
}

/** The catalogue's version now: it moves on with every change to an active listing. */
export async function catalogueVersion(em: EntityManager): Promise<number> {
  const [row] = await em.getConnection().execute<{ version: string }[]>('select coalesce(sum(changes), 0) as version from listing_counts')
  return Number(row?.version ?? 0)
}

/** One row: `version`, and `active` listings (within one platform when given). */
export function countsSql(platform: string | undefined): SqlPart {
  const active = platform ? 'sum(active) filter (where platform = ?)' : 'sum(active)'
  return {
    sql: `select coalesce(sum(changes), 0) as version, coalesce(${active}, 0) as active from listing_counts`,
    params: platform ? [platform] : [],
  }
}

/**
 * Where a newest-first offset falls, from the counters instead of counting rows from the top: zero or one
 * row with `until`, the end of its month, and `before`, how many newer listings precede that month. The
 * page then skips only within its month (tens of thousands of index entries at most, not a million).
 */
export function newestMonthSql(offset: number, platform: string | undefined): SqlPart {
  return {
    sql: `select until, before from (
       select (created_month + interval '1 month') at time zone 'UTC' as until,
              sum(sum(active)) over (order by created_month desc) - sum(active) as before,
              sum(active) as here
       from listing_counts ${platform ? 'where platform = ?' : ''}
       group by created_month
     ) months
     where before <= ? and before + here > ?`,
    params: [...(platform ? [platform] : []), offset, offset],
  }
}

/** A filter's active listings in one counter bucket: platform, month (YYYY-MM-DD), the bucket's `changes`, the count. */
export interface BucketCount {
  platform: string
  month: string
  changes: number
  count: number
}

/**
 * A filter's active listings in every counter bucket, as the JSON column `buckets`. Given the buckets
 * counted before, only those whose `changes` moved since are counted again (an edit touches one or two,
 * and each is a narrow index range); the others keep their counts. Without them every bucket is counted
 * in one grouped scan. Counters and counts come from one snapshot, so the sum is exact.
 */
export function bucketCountsSql(filter: CatalogueFilter, known?: readonly BucketCount[]): SqlPart {
  const bucket = (count: string) => `jsonb_build_object('platform', c.platform, 'month', c.created_month, 'changes', c.changes, 'count', ${count})`
  if (!known) {
    return {
      sql: `(select coalesce(jsonb_agg(${bucket('coalesce(n.count, 0)')}), '[]'::jsonb)
        from ${BUCKETS} c
        left join (select platform, listing_month(created_at) as month, count(*) as count from listings where ${filter.sql} group by 1, 2) n
          on n.platform = c.platform and n.month = c.created_month)`,
      params: filter.params,
    }
  }
  const recount = `(select count(*) from listings where ${filter.sql} and platform = c.platform
      and created_at >= c.created_month::timestamp at time zone 'UTC'
      and created_at < (c.created_month + interval '1 month')::timestamp at time zone 'UTC')`
  return {
    sql: `(select coalesce(jsonb_agg(${bucket(`case when k.changes = c.changes then k.count else ${recount} end`)}), '[]'::jsonb)
      from ${BUCKETS} c
      left join jsonb_to_recordset(?::jsonb) as k(platform text, month date, changes bigint, count bigint)
        on k.platform = c.platform and k.month = c.created_month)`,
    params: [...filter.params, JSON.stringify(known)],
  }
}
