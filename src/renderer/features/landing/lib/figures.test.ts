import { describe, expect, it } from 'vitest'
import { platformFigures, verifiedFigures } from './figures'

const stats = [
  { platform: 'youtube', count: 10_432, avgPrice: 1250.5 },
  { platform: 'telegram', count: 0, avgPrice: 0 },
  { platform: 'tiktok', count: 1, avgPrice: 99.99 },
] as const

describe('landing figures', () => {
  it('shows a platform\u2019s count in the 10K+ style and its average price in whole dollars', () => {
    expect(platformFigures([...stats], 'youtube')).toEqual([
      { label: 'Accounts for sale', value: '10K+' },
      { label: 'Average price', value: '$1,251' },
    ])
    expect(platformFigures([...stats], 'tiktok')).toEqual([
      { label: 'Account for sale', value: '1' },
      { label: 'Average price', value: '$100' },
    ])
  })

  it('has no average for a platform with nothing for sale, and nothing at all before the stats load', () => {
    expect(platformFigures([...stats], 'telegram')).toEqual([{ label: 'Accounts for sale', value: '0' }])
    expect(platformFigures(undefined, 'youtube')).toEqual([])
    expect(platformFigures([...stats], 'facebook')).toEqual([])
  })

  it('shows verified and all accounts for the verified landing', () => {
    expect(verifiedFigures({ activeListings: 216, verifiedListings: 81, totalUsers: 4, totalFollowers: 9, completedSales: 0 })).toEqual([
      { label: 'Verified accounts', value: '81' },
      { label: 'Accounts for sale', value: '216' },
    ])
    expect(verifiedFigures(undefined)).toEqual([])
  })
})
