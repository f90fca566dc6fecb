import { describe, expect, it } from 'vitest'
import { sellerSummarySchema } from '@shared/api/listings'
import { orderedPlatforms, toRecentSale, toSellerSummary, type SellerRow } from './seller.mapper'

const row: SellerRow = {
  id: 1004,
  username: 'nova.media',
  avatar: null,
  created_at: new Date('2024-05-01T10:00:00.000Z'),
  active_listings: '3',
  completed_sales: '12',
  sales_volume_cents: '12345650',
  total_followers: '250000',
  platforms: ['telegram', 'youtube', 'tiktok'],
}

describe('toSellerSummary', () => {
  it('turns database strings into numbers and cents into dollars, matching the contract', () => {
    const summary = toSellerSummary(row, { average: 4.67, count: 3 })
    expect(summary).toEqual({
      id: 1004,
      username: 'nova.media',
      avatar: null,
      memberSince: '2024-05-01T10:00:00.000Z',
      activeListings: 3,
      completedSales: 12,
      salesVolume: 123_456.5,
      totalFollowers: 250_000,
      platforms: ['youtube', 'tiktok', 'telegram'],
      rating: { average: 4.67, count: 3 },
    })
    expect(sellerSummarySchema.parse(summary)).toEqual(summary)
  })

  it('gives a seller without listings no platforms', () => {
    expect(toSellerSummary({ ...row, platforms: null }, { average: null, count: 0 }).platforms).toEqual([])
  })
})

describe('orderedPlatforms', () => {
  it('keeps the site order and drops anything that is not a live platform', () => {
    expect(orderedPlatforms(['twitter', 'gaming', 'instagram', 'myspace'])).toEqual(['instagram', 'twitter'])
  })
})

describe('toRecentSale', () => {
  it('reads a sale row', () => {
    expect(
      toRecentSale({ id: 5, platform: 'facebook', account_title: 'Cars page', price_cents: '9950', sold_at: '2026-01-02T03:04:05.678Z' }),
    ).toEqual({
      id: 5,
      platform: 'facebook',
      accountTitle: 'Cars page',
      price: 99.5,
      soldAt: '2026-01-02T03:04:05.678Z',
    })
  })

  it('refuses a platform the contract cannot carry', () => {
    expect(() => toRecentSale({ id: 6, platform: 'gaming', account_title: 'x', price_cents: 1, sold_at: new Date() })).toThrow(/unknown platform/)
  })
})
