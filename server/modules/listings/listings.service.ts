import type { EntityManager } from '@mikro-orm/postgresql'
import { LIVE_PLATFORMS } from '@shared/constants'
import { PUBLIC_LISTING_STATUSES, type ListingDto, type ListingStatus, type OverallStats, type PlatformStat, type Stats } from '@shared/api/listings'
import type { ListingFilters } from '@shared/listings/filter'
import { User } from '../users/user.entity'
import { Listing } from './listing.entity'
import { centsToDollars } from './listing.mapper'
import { FEATURED_ORDER, NEWEST_ORDER } from './listings.query'
import { CatalogueSearch } from './listings.search'
import { catalogueVersion } from './listing-counts'
import { VersionedCache } from './versioned-cache'

const PUBLIC_STATUSES: ReadonlySet<ListingStatus> = new Set(PUBLIC_LISTING_STATUSES)

export const FEATURED_LIMIT = 12

export interface Viewer {
  userId: number
  isAdmin: boolean
}

/** A catalogue page, read straight into the API shape (see listings.search.ts). */
export interface ListingPage {
  items: ListingDto[]
  total: number
}

export class ListingsService {
  /** remembers totals and pages under the catalogue version; see listings.search.ts */
  private readonly catalogue = new CatalogueSearch()
  private readonly figures = new VersionedCache<Omit<Stats, 'totalUsers'>>(1)
  private readonly platforms = new VersionedCache<PlatformStat[]>(1)

  /** The public catalogue: active listings matching the filters, one page, with the total. */
  search(em: EntityManager, f: ListingFilters): Promise<ListingPage> {
    return this.catalogue.search(em, f)
  }

  featured(em: EntityManager): Promise<Listing[]> {
    return em.find(Listing, { status: 'active' }, { orderBy: FEATURED_ORDER, limit: FEATURED_LIMIT, populate: ['seller'] })
  }

  /** A seller's own listings in every status, newest first. */
  bySeller(em: EntityManager, sellerId: number): Promise<Listing[]> {
    return em.find(Listing, { seller: sellerId }, { orderBy: NEWEST_ORDER, populate: ['seller'] })
  }

  /**
   * A listing on sale, reserved by a buyer who is paying, or sold is public: a reserved one may come back, and a sold
   * one is the marketplace's record of a sale (its page says so). One waiting for review, suspended or removed exists
   * only for its seller and admins; everyone else gets null (404).
   */
  async findVisible(em: EntityManager, id: number, viewer: Viewer | null): Promise<Listing | null> {
    const listing = await em.findOne(Listing, { id }, { populate: ['seller'] })
    if (!listing) return null
    if (PUBLIC_STATUSES.has(listing.status) || viewer?.isAdmin || viewer?.userId === listing.seller.id) return listing
    return null
  }

  /**
   * Site figures. Counting a million listings takes most of a second, and every open home page asks every
   * 30 s, so the listing figures are remembered under the catalogue version they were read with (every
   * change to an active listing, and so every sale, moves it on); the user count is cheap and always fresh.
   */
  async stats(em: EntityManager): Promise<Stats> {
    const version = await catalogueVersion(em)
    const figures = await this.figures.get('stats', version, async () => {
      const [row] = await em.getConnection().execute<{ version: string; active: string; verified: string; followers: string | null; sold: string }[]>(
        `select (select coalesce(sum(changes), 0) from listing_counts) as version,
                count(*) filter (where status = 'active') as active,
                count(*) filter (where status = 'active' and is_verified) as verified,
                sum(followers) filter (where status = 'active') as followers,
                count(*) filter (where status = 'sold') as sold
           from listings where status in ('active', 'sold')`,
      )
      return {
        version: Number(row?.version ?? 0),
        value: {
          activeListings: Number(row?.active ?? 0),
          verifiedListings: Number(row?.verified ?? 0),
          totalFollowers: Number(row?.followers ?? 0),
          // a sold listing is a completed sale: escrow marks a listing sold only when its deal completes
          completedSales: Number(row?.sold ?? 0),
        },
      }
    })
    // deleted accounts are kept (anonymised) for the ledger and history, but are no longer users
    return { ...figures, totalUsers: await em.count(User, { deletedAt: null }) }
  }

  /** Every live platform, also those without listings; the average is rounded to the cent in SQL. */
  async platformStats(em: EntityManager): Promise<PlatformStat[]> {
    const version = await catalogueVersion(em)
    return this.platforms.get('platforms', version, async () => {
      const rows = await em.getConnection().execute<{ version: string; platform: string; count: string; avg_cents: string | null }[]>(
        `select v.version, p.platform, p.count, p.avg_cents
           from (select coalesce(sum(changes), 0) as version from listing_counts) v
           left join (select platform, count(*) as count, round(avg(price_cents)) as avg_cents from listings where status = 'active' group by platform) p on true`,
      )
      const byPlatform = new Map(rows.filter((r) => r.platform).map((r) => [r.platform, r]))
      return {
        version: Number(rows[0]?.version ?? 0),
        value: LIVE_PLATFORMS.map((platform) => {
          const row = byPlatform.get(platform)
          return { platform, count: Number(row?.count ?? 0), avgPrice: centsToDollars(Number(row?.avg_cents ?? 0)) }
        }),
      }
    })
  }

  async overallStats(em: EntityManager): Promise<OverallStats> {
    return { ...(await this.stats(em)), platforms: await this.platformStats(em) }
  }
}
