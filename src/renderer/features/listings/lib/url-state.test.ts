import { describe, expect, it } from 'vitest'
import { PAGE_SIZE } from '@shared/constants'
import {
  DEFAULT_FILTERS,
  hasAdvancedFilters,
  hasListingState,
  parseListingSearch,
  stripNumeric,
  toListingsQuery,
  writeListingSearch,
  type ListingFilters,
} from './url-state'

const full: ListingFilters = {
  q: 'gaming clips',
  platform: 'youtube',
  niche: 'Gaming',
  minPrice: '100',
  maxPrice: '2500.5',
  minFollowers: '1000',
  maxFollowers: '',
  minIncome: '',
  maxIncome: '300',
  verified: true,
  monetized: false,
  sort: 'price-high',
  page: 3,
}

describe('listing URL state', () => {
  it('round-trips every field through the query string', () => {
    const query = writeListingSearch(full).toString()
    expect(parseListingSearch(new URLSearchParams(query))).toEqual(full)
  })

  it('leaves defaults out of the URL and reads an empty URL as the defaults', () => {
    expect(writeListingSearch(DEFAULT_FILTERS).toString()).toBe('')
    expect(parseListingSearch(new URLSearchParams())).toEqual(DEFAULT_FILTERS)
  })

  it('writes the platform as ?platform=, the address landing pages link to, and keeps parameters it does not own', () => {
    expect(writeListingSearch({ ...DEFAULT_FILTERS, platform: 'tiktok' }).toString()).toBe('platform=tiktok')
    const next = writeListingSearch({ ...DEFAULT_FILTERS, sort: 'income-low' }, new URLSearchParams('utm_source=mail&q=old'))
    expect(next.get('utm_source')).toBe('mail')
    expect(next.get('sort')).toBe('income-low')
    expect(next.has('q')).toBe(false)
  })

  it('reads an older link’s ?on= as the platform and writes it back as ?platform=', () => {
    const parsed = parseListingSearch(new URLSearchParams('on=telegram&sort=price-low'))
    expect(parsed.platform).toBe('telegram')
    expect(writeListingSearch(parsed, new URLSearchParams('on=telegram&sort=price-low')).toString()).toBe('platform=telegram&sort=price-low')
    expect(parseListingSearch(new URLSearchParams('platform=youtube&on=telegram')).platform).toBe('youtube')
  })

  it('falls back to defaults for unknown sort, platform and page values', () => {
    const parsed = parseListingSearch(new URLSearchParams('sort=cheapest&on=myspace&page=-2&minPrice=1o0'))
    expect(parsed.sort).toBe('newest')
    expect(parsed.platform).toBeNull()
    expect(parsed.page).toBe(1)
    expect(parsed.minPrice).toBe('10')
  })
})

describe('stripNumeric', () => {
  it('keeps only digits and dots', () => {
    expect(stripNumeric('$1,250.50 USD')).toBe('1250.50')
    expect(stripNumeric('-5e3')).toBe('53')
    expect(stripNumeric('abc')).toBe('')
  })
})

describe('toListingsQuery', () => {
  it('sends only positive bounds, set flags and the fixed page size', () => {
    const query = toListingsQuery({ ...DEFAULT_FILTERS, minPrice: '0', maxPrice: '50', minFollowers: '1.2.3', verified: true })
    expect(query).toEqual({ maxPrice: 50, verified: true, sort: 'newest', page: 1, pageSize: PAGE_SIZE })
  })

  it('reports advanced filters as active only when one narrows the results', () => {
    expect(hasAdvancedFilters({ ...DEFAULT_FILTERS, minPrice: '0' })).toBe(false)
    expect(hasAdvancedFilters({ ...DEFAULT_FILTERS, q: 'x', platform: 'tiktok' })).toBe(false)
    expect(hasAdvancedFilters({ ...DEFAULT_FILTERS, monetized: true })).toBe(true)
    expect(hasAdvancedFilters({ ...DEFAULT_FILTERS, maxIncome: '10' })).toBe(true)
  })
})

describe('hasListingState', () => {
  it('is true only when the URL carries the grid’s own keys', () => {
    expect(hasListingState(new URLSearchParams(''))).toBe(false)
    // utm tags are not ours
    expect(hasListingState(new URLSearchParams('utm_source=x'))).toBe(false)
    expect(hasListingState(new URLSearchParams('platform=tiktok'))).toBe(true)
    expect(hasListingState(new URLSearchParams('page=2'))).toBe(true)
    expect(hasListingState(new URLSearchParams('on=youtube'))).toBe(true)
    expect(hasListingState(new URLSearchParams('minFollowers=10'))).toBe(true)
  })
})
