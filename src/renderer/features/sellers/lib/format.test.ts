import { describe, expect, it } from 'vitest'
import { compactMoney, memberSince, podiumOf, saleDate, salesLabel, sellerPath } from './format'

describe('seller formatting', () => {
  it('links to the public profile', () => {
    expect(sellerPath(1004)).toBe('/seller/1004')
  })

  it('names the month and year a seller joined', () => {
    expect(memberSince('2024-05-15T12:00:00.000Z')).toBe('Member since May 2024')
  })

  it('dates a sale', () => {
    expect(saleDate('2026-10-15T12:00:00.000Z')).toBe('Oct 15, 2026')
  })

  it('keeps small volumes exact and shortens large ones', () => {
    expect(compactMoney(0)).toBe('$0')
    expect(compactMoney(83.5)).toBe('$83.50')
    expect(compactMoney(9_950)).toBe('$9,950')
    expect(compactMoney(640_502.5)).toBe('$640.5K')
    expect(compactMoney(1_234_567)).toBe('$1.2M')
  })

  it('gives medals to the first three only', () => {
    expect([1, 2, 3, 4, 10].map(podiumOf)).toEqual(['gold', 'silver', 'bronze', null, null])
  })

  it('counts sales in words', () => {
    expect(salesLabel(1)).toBe('1 sale')
    expect(salesLabel(0)).toBe('0 sales')
    expect(salesLabel(1200)).toBe('1,200 sales')
  })
})
