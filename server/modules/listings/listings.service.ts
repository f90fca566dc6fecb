import type { EntityManager } from '@mikro-orm/postgresql'
import { LIVE_PLATFORMS } from '@shared/constants'
import type { ListingDto, OverallStats, PlatformStat, Stats } from '@shared/api/listings'
import type { ListingFilters } from '@shared/listings/filter'
import { User } from '../users/user.entity'
import { Listing } from './listing.entity'
import { centsToDollars } from './listing.mapper'
import { FEATURED_ORDER, NEWEST_ORDER } from './listings.query'
import { CatalogueSearch } from './listings.search'

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

  /** A listing that is not active exists only for its seller and admins; everyone else gets null (404). */
  async findVisible(em: EntityManager, id: number, viewer: Viewer | null): Promise<Listing | null> {
    const listing = await em.findOne(Listing, { id }, { populate: ['seller'] })
    if (!listing) return null
    if (listing.status === 'active' || viewer?.isAdmin || viewer?.userId === listing.seller.id) return listing
    return null
  }

  async stats(em: EntityManager): Promise<Stats> {
    const [row] = await em.getConnection().execute<{ active: string; verified: string; followers: string | null; sold: string }[]>(
      `select count(*) filter (where status = 'active') as active,
              count(*) filter (where status = 'active' and is_verified) as verified,
              sum(followers) filter (where status = 'active') as followers,
              count(*) filter (where status = 'sold') as sold
         from listings where status in ('active', 'sold')`,
    )
    return {
      activeListings: Number(row?.active ?? 0),
      verifiedListings: Number(row?.verified ?? 0),
      totalUsers: await em.count(User, {}),
      totalFollowers: Number(row?.followers ?? 0),
      // a sold listing is a completed sale: escrow marks a listing sold only when its deal completes
      completedSales: Number(row?.sold ?? 0),
    }
  }

  /** Every live platform, also those without listings; the average is rounded to the cent in SQL. */
  async platformStats(em: EntityManager): Promise<PlatformStat[]> {
    const rows = await em.getConnection().execute<{ platform: string; count: string; avg_cents: string | null }[]>(
      `select platform, count(*) as count, round(avg(price_cents)) as avg_cents from listings where status = 'active' group by platform`,
    )
    const byPlatform = new Map(rows.map((r) => [r.platform, r]))
    return LIVE_PLATFORMS.map((platform) => {
      const row = byPlatform.get(platform)
      return { platform, count: Number(row?.count ?? 0), avgPrice: centsToDollars(Number(row?.avg_cents ?? 0)) }
    })
  }

  async overallStats(em: EntityManager): Promise<OverallStats> {
    return { ...(await this.stats(em)), platforms: await this.platformStats(em) }
  }
}
