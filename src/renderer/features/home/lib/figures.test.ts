import { describe, expect, it } from 'vitest'
import { homeFigures } from './figures'

const stats = { activeListings: 216, verifiedListings: 81, totalUsers: 4, totalFollowers: 52_000_000, completedSales: 0 }

describe('homeFigures', () => {
  it('shows the real figures when the stats are loaded, whatever the catalogue says', () => {
    expect(homeFigures(stats, 500)).toEqual({
      activeListings: 216,
      totalUsers: 4,
      estimated: false,
      verifiedListings: 81,
      totalFollowers: 52_000_000,
      completedSales: null,
    })
  })

  it('shows completed sales only once there are some', () => {
    expect(homeFigures({ ...stats, completedSales: 3 }, undefined)?.completedSales).toBe(3)
  })

  it('estimates Total Users as 2.5 × the catalogue count only while the stats cannot be loaded', () => {
    expect(homeFigures(undefined, 216)).toEqual({
      activeListings: 216,
      totalUsers: 540,
      estimated: true,
      verifiedListings: null,
      totalFollowers: null,
      completedSales: null,
    })
    expect(homeFigures(undefined, 3)?.totalUsers).toBe(8)
  })

  it('has nothing to show before either answers', () => {
    expect(homeFigures(undefined, undefined)).toBeNull()
  })
})
