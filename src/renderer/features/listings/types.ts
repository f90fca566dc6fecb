import type { ListingDto } from '@shared/api/listings'
import type { SORT_OPTIONS } from '@shared/constants'

/** A listing as GET /api/accounts sends it (SPEC §3): the shared contract, money in dollars. */
export type Listing = ListingDto

export type SortOption = (typeof SORT_OPTIONS)[number]

/** One page of results plus the X-Total-Count header. */
export interface ListingsPage {
  items: Listing[]
  total: number
}

/** The server's query string for GET /api/accounts, already stripped of empty and non-positive values. */
export interface ListingsQuery {
  q?: string
  platform?: string
  niche?: string
  minPrice?: number
  maxPrice?: number
  minFollowers?: number
  maxFollowers?: number
  minIncome?: number
  maxIncome?: number
  verified?: boolean
  monetized?: boolean
  sort: SortOption
  page: number
  pageSize: number
}
