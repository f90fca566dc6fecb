import { describe, expect, it } from 'vitest'
import { formatAverage, ratingLabel, reviewsLabel } from './ratings'

describe('ratings', () => {
  it('shows an average with one decimal, rounding half up', () => {
    expect(formatAverage(4.33)).toBe('4.3')
    expect(formatAverage(4.25)).toBe('4.3')
    expect(formatAverage(4)).toBe('4.0')
    expect(formatAverage(4.96)).toBe('5.0')
  })

  it('counts reviews in words', () => {
    expect(reviewsLabel(1)).toBe('1 review')
    expect(reviewsLabel(0)).toBe('0 reviews')
    expect(reviewsLabel(1234)).toBe('1,234 reviews')
  })

  it('says a rating for screen readers, and when there is none', () => {
    expect(ratingLabel({ average: 4.67, count: 3 })).toBe('Rated 4.7 out of 5 from 3 reviews')
    expect(ratingLabel({ average: null, count: 0 })).toBe('No reviews yet')
  })
})
