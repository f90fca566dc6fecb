import type { ListingDto } from '@shared/api/listings'
import type { Listing } from './listing.entity'

/** Cents → dollars by one exact division: 125050 → 1250.5 (SPEC's client does arithmetic on it). */
export const centsToDollars = (cents: number) => cents / 100

/**
 * The API shape of a listing; the seller must be loaded. `withStatus` for its seller and admins (adds the review
 * outcome); anyone sees whether a listing off sale is reserved or sold, and when it sold.
 */
export function toListingDto(listing: Listing, withStatus = false): ListingDto {
  const offSale = listing.status === 'reserved' || listing.status === 'sold'
  return {
    id: listing.id,
    platform: listing.platform,
    username: listing.username,
    displayName: listing.displayName,
    niche: listing.niche,
    description: listing.description,
    accountTitle: listing.accountTitle,
    price: centsToDollars(listing.priceCents),
    followers: listing.followers,
    monthlyIncome: centsToDollars(listing.monthlyIncomeCents),
    isVerified: listing.isVerified,
    isMonetized: listing.isMonetized,
    isPremium: listing.isPremium,
    isPinned: listing.isPinned,
    isActive: listing.status === 'active',
    ...(withStatus ? { status: listing.status, rejectionReason: listing.rejectionReason } : offSale ? { status: listing.status } : {}),
    ...(listing.status === 'sold' && listing.soldAt ? { soldAt: listing.soldAt.toISOString() } : {}),
    createdAt: listing.createdAt.toISOString(),
    images: [...listing.images],
    sellerId: listing.seller.id,
    seller: { id: listing.seller.id, username: listing.seller.username },
  }
}
