import type { SortOption } from '../types'
import { PLATFORMS, type PlatformId } from '@/config/platforms'

/** Readable names for the SPEC §9 sort options, in the order the select shows them. */
export const SORT_LABELS: Record<SortOption, string> = {
  newest: 'Newest first',
  'price-low': 'Lowest price',
  'price-high': 'Highest price',
  'followers-high': 'Most followers',
  'followers-low': 'Fewest followers',
  'income-high': 'Highest income',
  'income-low': 'Lowest income',
}

/** SPEC §3: YouTube counts "Subscribers", every other platform "Followers". */
export function audienceLabel(platform: PlatformId): 'Subscribers' | 'Followers' {
  return PLATFORMS[platform]?.audience ?? 'Followers'
}

export function platformLabel(platform: PlatformId): string {
  return PLATFORMS[platform]?.label ?? platform
}

/** Where a seller's public profile lives (SPEC §2 /seller/{id}). */
export function sellerPath(id: number | string): string {
  return `/seller/${id}`
}

/** SPEC §2 empty state: what to say when a platform (or the whole catalogue) has nothing listed. */
export function emptyMessage(platform: PlatformId | null): string {
  if (!platform) return 'No accounts are listed right now. New listings appear here as soon as sellers publish them.'
  return `No ${platformLabel(platform)} accounts are listed right now. Check back soon or browse another platform.`
}
