import type { EntityManager } from '@mikro-orm/postgresql'
import type { ListingDto } from '@shared/api/listings'
import type { SortOption } from '@shared/listings/filter'
import { centsToDollars } from './listing.mapper'
import type { BucketCount, SqlPart } from './listing-counts'
import { catalogueOrder, type CatalogueFilter } from './listings.query'

/**
 * The catalogue's reads, written as SQL and mapped straight to DTOs: hydrating 28 entities and their
 * sellers cost more than the queries themselves. Everything one request needs goes into one statement.
 */

export interface PageQuery {
  filter: CatalogueFilter
  sort: SortOption
  limit: number
  offset: number
  /** only listings created before this instant (as Postgres wrote it): the page starts at its month */
  until?: string
}

/** What one trip asks for; each part is a column or a join of one statement. */
export interface Parts {
  counts?: SqlPart
  /** a filter's count per counter bucket (bucketCountsSql) */
  buckets?: SqlPart
  month?: SqlPart
  page?: PageQuery
}

export interface Trip {
  version: number
  active: number
  buckets?: BucketCount[]
  month?: { until: string; before: number }
  items: ListingDto[]
}

interface ItemRow {
  id: number
  platform: ListingDto['platform']
  username: string
  display_name: string
  niche: string
  description: string
  account_title: string
  price_cents: string
  followers: string
  monthly_income_cents: string
  is_verified: boolean
  is_monetized: boolean
  is_premium: boolean
  is_pinned: boolean
  images: string[]
  created_iso: string
  seller_id: number
  seller_username: string
}

type Row = Partial<ItemRow> & { version?: string; active?: string; buckets?: BucketCount[]; until?: string | null; before?: string | null }

// created_iso as Date#toISOString() writes it (the driver hands timestamps over as text); created_at orders the page
const ITEM_COLUMNS = `l.id, l.platform, l.username, l.display_name, l.niche, l.description, l.account_title, l.price_cents,
  l.followers, l.monthly_income_cents, l.is_verified, l.is_monetized, l.is_premium, l.is_pinned, l.images, l.created_at,
  to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_iso, l.seller_id, u.username as seller_username`

/** below this offset a plain ordered scan is cheaper to plan and run than scanning ids first */
const DEFERRED_FROM_OFFSET = 1_000

/**
 * The page's rows with their sellers' names. When the catalogue indexes can check a filter on their own
 * (amounts, flags), or the offset is deep, the ids come first from an index-only scan and only the rows
 * shown are read (a deferred join); otherwise the table is scanned in order directly.
 */
function pageSql(page: PageQuery): SqlPart {
  const until = page.until ? ' and created_at < ?' : ''
  const deferred = page.filter.indexed || page.offset >= DEFERRED_FROM_OFFSET
  const rows = deferred
    ? `(select id from listings where ${page.filter.sql}${until} order by ${catalogueOrder(page.sort)} limit ? offset ?) page
       join listings l on l.id = page.id`
    : `(select * from listings where ${page.filter.sql}${until} order by ${catalogueOrder(page.sort)} limit ? offset ?) l`
  return {
    sql: `select ${ITEM_COLUMNS} from ${rows} join users u on u.id = l.seller_id`,
    params: [...page.filter.params, ...(page.until ? [page.until] : []), page.limit, page.offset],
  }
}

/** One statement for every part asked, so a shallow page with its total is a single round trip. */
function statement({ counts, buckets, month, page }: Parts): SqlPart {
  const columns: SqlPart[] = []
  const joins: SqlPart[] = []
  if (counts) columns.push({ sql: 'c.version, c.active', params: [] })
  if (buckets) columns.push({ sql: `${buckets.sql} as buckets`, params: buckets.params })
  if (month) {
    columns.push({ sql: 'm.until, m.before', params: [] })
    joins.push({ sql: `left join (${month.sql}) m on true`, params: month.params })
  }
  if (page) {
    const items = pageSql(page)
    columns.push({ sql: 'item.*', params: [] })
    // a page past the end still answers the counts: one row without a listing
    joins.push(counts ? { sql: `left join (${items.sql}) item on true`, params: items.params } : { sql: `(${items.sql}) item`, params: items.params })
  }
  const from: SqlPart = counts ? { sql: `(${counts.sql}) c`, params: counts.params } : { sql: '', params: [] }
  const order = page ? ` order by ${catalogueOrder(page.sort, 'item')}` : ''
  const source = [from.sql, ...joins.map((j) => j.sql)].join(' ').trim()
  return {
    sql: `select ${columns.map((c) => c.sql).join(', ')}${source ? ` from ${source}` : ''}${order}`,
    params: [...columns, from, ...joins].flatMap((part) => part.params),
  }
}

/** The catalogue holds active listings only; otherwise this is toListingDto without a status. */
function toItem(row: ItemRow): ListingDto {
  return {
    id: row.id,
    platform: row.platform,
    username: row.username,
    displayName: row.display_name,
    niche: row.niche,
    description: row.description,
    accountTitle: row.account_title,
    price: centsToDollars(Number(row.price_cents)),
    followers: Number(row.followers),
    monthlyIncome: centsToDollars(Number(row.monthly_income_cents)),
    isVerified: row.is_verified,
    isMonetized: row.is_monetized,
    isPremium: row.is_premium,
    isPinned: row.is_pinned,
    isActive: true,
    createdAt: row.created_iso,
    images: row.images,
    sellerId: row.seller_id,
    seller: { id: row.seller_id, username: row.seller_username },
  }
}

export async function readCatalogue(em: EntityManager, parts: Parts): Promise<Trip> {
  const { sql, params } = statement(parts)
  const rows = await em.execute<Row[]>(sql, params)
  const first = rows[0] ?? {}
  return {
    version: Number(first.version ?? 0),
    active: Number(first.active ?? 0),
    buckets: first.buckets ?? undefined,
    month: first.until ? { until: first.until, before: Number(first.before) } : undefined,
    items: rows.filter((row): row is Row & ItemRow => typeof row.id === 'number').map(toItem),
  }
}
