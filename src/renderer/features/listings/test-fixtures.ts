import type { Listing } from './types'

/** A complete listing as the API sends it; tests override only what they check. */
export function makeListing(overrides: Partial<Listing> = {}): Listing {
  return {
    id: 7,
    platform: 'youtube',
    username: 'catclips',
    displayName: 'Cat Clips',
    niche: 'Pets',
    description: 'Daily cat videos.',
    accountTitle: 'Cat Clips channel',
    price: 1250.5,
    followers: 125_000,
    monthlyIncome: 800,
    isVerified: true,
    isMonetized: false,
    isPremium: false,
    isPinned: false,
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    images: [],
    sellerId: 3,
    seller: { id: 3, username: 'seller3' },
    ...overrides,
  }
}
