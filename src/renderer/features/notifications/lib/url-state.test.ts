import { describe, expect, it } from 'vitest'
import { parseNotificationSearch, showingText, writeNotificationSearch } from './url-state'

const parse = (search: string) => parseNotificationSearch(new URLSearchParams(search))

describe('notification page URL state', () => {
  it('reads the type and page, and writes them back without defaults', () => {
    expect(parse('?type=listing_approved&page=3')).toEqual({ type: 'listing_approved', page: 3 })
    expect(writeNotificationSearch({ type: 'listing_approved', page: 3 }).toString()).toBe('type=listing_approved&page=3')
    expect(writeNotificationSearch({ type: null, page: 1 }).toString()).toBe('')
  })

  it('falls back to every type and the first page for anything it cannot read', () => {
    for (const search of ['', '?type=nope', '?type=LISTING_APPROVED', '?page=0', '?page=-2', '?page=2.5', '?page=abc', '?page=1000000']) {
      const parsed = parse(search)
      expect(parsed.type, search).toBeNull()
      expect(parsed.page, search).toBe(1)
    }
  })

  it('knows balance_update by its other spelling', () => {
    expect(parse('?type=balance_update').type).toBe('balance_updated')
  })

  it('says which items are shown', () => {
    expect(showingText(1, 20, 45)).toBe('Showing 1-20 of 45')
    expect(showingText(3, 20, 45)).toBe('Showing 41-45 of 45')
    expect(showingText(4, 20, 45)).toBe('Showing 0-0 of 45')
    expect(showingText(1, 20, 0)).toBe('Showing 0-0 of 0')
  })
})
