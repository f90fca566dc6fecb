import type { SellerProfile, TopSeller } from '@shared/api/listings'

export function makeTopSeller(overrides: Partial<TopSeller> = {}): TopSeller {
  return {
    rank: 1,
    id: 1004,
    username: 'nova.media',
    avatar: null,
    memberSince: '2024-05-15T12:00:00.000Z',
    activeListings: 17,
    completedSales: 31,
    salesVolume: 640_502.5,
    totalFollowers: 2_500_000,
    platforms: ['youtube', 'tiktok'],
    rating: { average: 4.8, count: 12 },
    ...overrides,
  }
}

export function makeSellerProfile(overrides: Partial<SellerProfile> = {}): SellerProfile {
  const { rank: _rank, ...summary } = makeTopSeller()
  return { ...summary, listings: [], recentSales: [], ...overrides }
}
