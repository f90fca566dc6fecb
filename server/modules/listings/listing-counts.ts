/**
 * SQL over `listing_counts` (migration 20261122-catalogue-scale): active listings per platform and month
 * of creation, kept by triggers, and `changes`, whose sum grows with every change to what a catalogue
 * page shows (an active listing, the name of its seller) and so serves as the catalogue's version.
 */

export interface SqlPart {
  sql: string
  params: unknown[]
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
