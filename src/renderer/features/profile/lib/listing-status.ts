import type { ListingDto, ListingStatus } from '@shared/api/listings'

export type StatusTone = 'live' | 'waiting' | 'deal' | 'warning' | 'done' | 'muted'

/** A listing's status in the owner's words, and its colour family. */
export const LISTING_STATUS: Record<ListingStatus, { label: string; tone: StatusTone }> = {
  pending_review: { label: 'In review', tone: 'waiting' },
  active: { label: 'Live', tone: 'live' },
  reserved: { label: 'In a deal', tone: 'deal' },
  suspended: { label: 'Suspended', tone: 'warning' },
  sold: { label: 'Sold', tone: 'done' },
  removed: { label: 'Removed', tone: 'muted' },
}

/**
 * Whether the create-listing form may edit it: the server refuses sold and removed listings, and a listing
 * reserved by a running deal until the deal ends.
 */
export function canEdit(listing: Pick<ListingDto, 'status'>): boolean {
  return listing.status === 'active' || listing.status === 'pending_review' || listing.status === 'suspended'
}

/** Why an admin stopped it, when that is what the owner needs to know. */
export function statusNote(listing: Pick<ListingDto, 'status' | 'rejectionReason'>): string | null {
  if (!listing.rejectionReason) return null
  if (listing.status === 'suspended') return `Suspended: ${listing.rejectionReason}`
  if (listing.status === 'removed') return `Not approved: ${listing.rejectionReason}`
  return null
}

/** How many of each status, in the order the summary shows them; statuses with none are left out. */
export function statusCounts(listings: readonly Pick<ListingDto, 'status'>[]): { status: ListingStatus; count: number }[] {
  const order: ListingStatus[] = ['active', 'pending_review', 'reserved', 'suspended', 'sold', 'removed']
  return order.map((status) => ({ status, count: listings.filter((listing) => listing.status === status).length })).filter((entry) => entry.count > 0)
}
