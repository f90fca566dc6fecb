import type { Stats } from '@shared/api/listings'

/** SPEC §1: Total Users is 2.5 × the listings; DESIGN.md allows it only as a stand-in for the real count. */
export const ESTIMATED_USERS_PER_LISTING = 2.5

export interface HomeFigures {
  activeListings: number
  totalUsers: number
  /** Total Users is the estimate: the stats could not be loaded */
  estimated: boolean
  /** null while only the catalogue count is known */
  verifiedListings: number | null
  totalFollowers: number | null
  /** shown only when something has been sold; there is no rate to show before that */
  completedSales: number | null
}

/**
 * The hero's figures from the real stats; while those cannot be loaded, from the catalogue's own
 * count (X-Total-Count), with Total Users estimated. Null while neither is known.
 */
export function homeFigures(stats: Stats | undefined, catalogueTotal: number | undefined): HomeFigures | null {
  if (stats) {
    return {
      activeListings: stats.activeListings,
      totalUsers: stats.totalUsers,
      estimated: false,
      verifiedListings: stats.verifiedListings,
      totalFollowers: stats.totalFollowers,
      completedSales: stats.completedSales > 0 ? stats.completedSales : null,
    }
  }
  if (catalogueTotal === undefined) return null
  return {
    activeListings: catalogueTotal,
    totalUsers: Math.round(catalogueTotal * ESTIMATED_USERS_PER_LISTING),
    estimated: true,
    verifiedListings: null,
    totalFollowers: null,
    completedSales: null,
  }
}
