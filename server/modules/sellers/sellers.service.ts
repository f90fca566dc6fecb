import type { EntityManager } from '@mikro-orm/postgresql'
import type { SellerProfile, TopSeller } from '@shared/api/listings'
import type { SellerRating } from '@shared/api/reviews'
import { Listing } from '../listings/listing.entity'
import { toListingDto } from '../listings/listing.mapper'
import { NEWEST_ORDER } from '../listings/listings.query'
import { toRecentSale, toSellerSummary, type SaleRow, type SellerRow } from './seller.mapper'

export const PROFILE_LISTINGS_LIMIT = 100
export const RECENT_SALES_LIMIT = 10

/**
 * A seller's figures from one pass over their active and sold listings. A completed sale is a sold
 * listing: escrow marks a listing sold only when its deal completes.
 */
const FIGURES = `
  count(*) filter (where l.status = 'active') as active_listings,
  count(*) filter (where l.status = 'sold') as completed_sales,
  coalesce(sum(l.price_cents) filter (where l.status = 'sold'), 0) as sales_volume_cents,
  coalesce(sum(l.followers) filter (where l.status = 'active'), 0) as total_followers,
  array_agg(distinct l.platform) filter (where l.status in ('active', 'sold')) as platforms`

const TOP_SELLERS_SQL = `
  with figures as (
    select l.seller_id, ${FIGURES}
      from listings l
     where l.status in ('active', 'sold')
     group by l.seller_id
  )
  select u.id, u.username, u.avatar, u.created_at, f.active_listings, f.completed_sales, f.sales_volume_cents, f.total_followers, f.platforms
    from figures f
    join users u on u.id = f.seller_id
   where u.banned_at is null
   order by f.completed_sales desc, f.sales_volume_cents desc, u.id asc
   limit ?`

// a user without listings still has a profile (all zeros); a banned one has none
const SELLER_SQL = `
  select u.id, u.username, u.avatar, u.created_at, ${FIGURES}
    from users u
    left join listings l on l.seller_id = u.id and l.status in ('active', 'sold')
   where u.id = ? and u.banned_at is null
   group by u.id`

// listings sold before sold_at existed, or by code that did not set it, fall back to their last change
const RECENT_SALES_SQL = `
  select id, platform, account_title, price_cents, coalesce(sold_at, updated_at) as sold_at
    from listings
   where seller_id = ? and status = 'sold'
   order by listings.sold_at desc nulls last, listings.id desc
   limit ?`

export interface SellersDeps {
  /** each seller's rating from buyers' reviews (the reviews module) */
  ratings: (em: EntityManager, sellerIds: readonly number[]) => Promise<Map<number, SellerRating>>
}

const NO_RATING: SellerRating = { average: null, count: 0 }

export class SellersService {
  constructor(private readonly deps: SellersDeps) {}

  /**
   * Ranked by completed sales, then sales volume, then id; only sellers with an active or sold listing. The
   * rating is shown beside the figures but does not rank: a few reviews would outweigh a long record of sales.
   */
  async top(em: EntityManager, limit: number): Promise<TopSeller[]> {
    const rows = await em.getConnection().execute<SellerRow[]>(TOP_SELLERS_SQL, [limit])
    const ratings = await this.deps.ratings(
      em,
      rows.map((row) => row.id),
    )
    return rows.map((row, index) => ({ rank: index + 1, ...toSellerSummary(row, ratings.get(row.id) ?? NO_RATING) }))
  }

  /** The public profile, or null for an unknown or banned user. */
  async profile(em: EntityManager, id: number): Promise<SellerProfile | null> {
    const connection = em.getConnection()
    const [row] = await connection.execute<SellerRow[]>(SELLER_SQL, [id])
    if (!row) return null
    const [listings, sales, ratings] = await Promise.all([
      em.find(Listing, { seller: id, status: 'active' }, { orderBy: NEWEST_ORDER, limit: PROFILE_LISTINGS_LIMIT, populate: ['seller'] }),
      connection.execute<SaleRow[]>(RECENT_SALES_SQL, [id, RECENT_SALES_LIMIT]),
      this.deps.ratings(em, [id]),
    ])
    return {
      ...toSellerSummary(row, ratings.get(id) ?? NO_RATING),
      listings: listings.map((l) => toListingDto(l)),
      recentSales: sales.map(toRecentSale),
    }
  }
}
