import type { EntityManager } from '@mikro-orm/postgresql'
import type { ListingDto } from '@shared/api/listings'
import type { ListingFilters } from '@shared/listings/filter'
import { readCatalogue, type PageQuery, type Trip } from './catalogue-reads'
import { bucketCountsSql, countsSql, newestMonthSql, type BucketCount } from './listing-counts'
import { catalogueFilter, type CatalogueFilter } from './listings.query'
import { VersionedCache, type Versioned } from './versioned-cache'

/** from here on a page first learns the total (and where its month starts) and is skipped past the end */
const DEEP_OFFSET = 5_000
const CACHED_TOTALS = 500
const CACHED_PAGES = 200

export interface CataloguePage {
  items: ListingDto[]
  total: number
}

/** A filtered total and the per-bucket counts it is the sum of. */
interface Counted {
  total: number
  buckets: BucketCount[]
}

/** The buckets' counts as one total, remembered under the version they were read at (the sum of their changes). */
function tally(buckets: BucketCount[]): Versioned<Counted> {
  let version = 0
  let total = 0
  for (const bucket of buckets) {
    version += Number(bucket.changes)
    total += Number(bucket.count)
  }
  return { version, value: { total, buckets } }
}

/**
 * The public catalogue at scale. Totals are exact: unfiltered and platform-only ones come from the
 * trigger-kept counters, any other from count(*) per counter bucket (platform and month), so that after
 * a change only the buckets it touched are counted again. Totals and whole pages are remembered under the
 * catalogue version, which every request reads first (a one-row query over the counters): a page asked
 * for again is served from memory until something it shows changes. Otherwise a shallow page and its
 * total take one statement; a deep one first learns the total and, newest first without filters, the
 * month it starts in, so it never counts a million index entries from the top.
 */
export class CatalogueSearch {
  private readonly totals = new VersionedCache<Counted>(CACHED_TOTALS)
  private readonly pages = new VersionedCache<CataloguePage>(CACHED_PAGES)

  async search(em: EntityManager, f: ListingFilters): Promise<CataloguePage> {
    const filter = catalogueFilter(f)
    const filterKey = `${filter.sql} ${JSON.stringify(filter.params)}`
    const pageKey = `${filterKey} ${f.sort} ${f.page} ${f.pageSize}`
    const page: PageQuery = { filter, sort: f.sort, limit: f.pageSize, offset: (f.page - 1) * f.pageSize }
    const known = this.pages.peek(pageKey)
    const countNow = filter.narrowed && !this.totals.peek(filterKey)
    const deep = page.offset >= DEEP_OFFSET

    if (!known && !deep) {
      const trip = await readCatalogue(em, { counts: countsSql(f.platform), buckets: countNow ? bucketCountsSql(filter) : undefined, page })
      return this.remember(pageKey, trip.version, { items: trip.items, total: await this.total(em, filterKey, filter, trip) })
    }
    const seek = deep && f.sort === 'newest' && !filter.narrowed
    const trip = await readCatalogue(em, {
      counts: countsSql(f.platform),
      buckets: countNow ? bucketCountsSql(filter) : undefined,
      month: seek ? newestMonthSql(page.offset, f.platform) : undefined,
    })
    if (known && known.version >= trip.version) return known.value
    const total = await this.total(em, filterKey, filter, trip)
    if (page.offset >= total) return this.remember(pageKey, trip.version, { items: [], total })
    const from = trip.month ? { until: trip.month.until, offset: page.offset - trip.month.before } : {}
    const rows = await readCatalogue(em, { page: { ...page, ...from } })
    // the rows may be newer than the version read before them; remembering them under the older one is safe
    return this.remember(pageKey, trip.version, { items: rows.items, total })
  }

  private remember(key: string, version: number, page: CataloguePage): CataloguePage {
    this.pages.remember(key, { version, value: page })
    return page
  }

  private async total(em: EntityManager, key: string, filter: CatalogueFilter, trip: Trip): Promise<number> {
    if (!filter.narrowed) return trip.active
    if (trip.buckets) {
      const counted = tally(trip.buckets)
      this.totals.remember(key, counted)
      return counted.value.total
    }
    const counted = await this.totals.get(key, trip.version, async () => {
      const recount = await readCatalogue(em, { buckets: bucketCountsSql(filter, this.totals.peek(key)?.value.buckets) })
      return tally(recount.buckets ?? [])
    })
    return counted.total
  }
}
