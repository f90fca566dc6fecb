import { describe, expect, it } from 'vitest'
import { readReviewPage, starShares, writeReviewPage } from './review-page'

describe('review page in the URL', () => {
  it('reads a page number and falls back to 1 for anything else', () => {
    expect(readReviewPage(new URLSearchParams('reviews=3'))).toBe(3)
    for (const raw of ['', 'reviews=0', 'reviews=-2', 'reviews=abc', 'reviews=1.5', 'reviews=9999999']) {
      expect(readReviewPage(new URLSearchParams(raw)), raw).toBe(1)
    }
  })

  it('keeps the other parameters and drops page 1', () => {
    expect(writeReviewPage(new URLSearchParams('tab=x'), 2).toString()).toBe('tab=x&reviews=2')
    expect(writeReviewPage(new URLSearchParams('tab=x&reviews=4'), 1).toString()).toBe('tab=x')
  })
})

describe('starShares', () => {
  it('gives each star its share in whole per cent', () => {
    expect(starShares([0, 0, 0, 2, 1])).toEqual([0, 0, 0, 67, 33])
    expect(starShares([0, 0, 0, 0, 0])).toEqual([0, 0, 0, 0, 0])
  })
})
