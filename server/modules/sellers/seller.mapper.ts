import type { SellerProfile, SellerSummary } from '@shared/api/listings'
import type { SellerRating } from '@shared/api/reviews'
import { LIVE_PLATFORMS } from '@shared/constants'
import { centsToDollars } from '../listings/listing.mapper'

/** One seller's figures as the ranking and profile queries return them (counts and sums arrive as strings). */
export interface SellerRow {
  id: number
  username: string
  avatar: string | null
  created_at: Date | string
  active_listings: string | number
  completed_sales: string | number
  sales_volume_cents: string | number
  total_followers: string | number
  platforms: string[] | null
}

export interface SaleRow {
  id: number
  platform: string
  account_title: string
  price_cents: string | number
  sold_at: Date | string
}

const isoOf = (value: Date | string) => new Date(value).toISOString()

/** Platforms in the site's usual order, whatever order the database aggregated them in. */
export function orderedPlatforms(platforms: readonly string[] | null): SellerSummary['platforms'] {
  const present = new Set(platforms ?? [])
  return LIVE_PLATFORMS.filter((platform) => present.has(platform))
}

/** The figures of one seller; the rating comes from the reviews module. */
export function toSellerSummary(row: SellerRow, rating: SellerRating): SellerSummary {
  return {
    id: row.id,
    username: row.username,
    avatar: row.avatar,
    memberSince: isoOf(row.created_at),
    activeListings: Number(row.active_listings),
    completedSales: Number(row.completed_sales),
    salesVolume: centsToDollars(Number(row.sales_volume_cents)),
    totalFollowers: Number(row.total_followers),
    platforms: orderedPlatforms(row.platforms),
    rating,
  }
}

export function toRecentSale(row: SaleRow): SellerProfile['recentSales'][number] {
  const [platform] = orderedPlatforms([row.platform])
  if (!platform) throw new Error(`Sold listing ${row.id} is on an unknown platform: ${row.platform}`)
  return { id: row.id, platform, accountTitle: row.account_title, price: centsToDollars(Number(row.price_cents)), soldAt: isoOf(row.sold_at) }
}
