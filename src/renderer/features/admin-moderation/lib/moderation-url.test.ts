import { describe, expect, it } from 'vitest'
import { apiSearch, DEFAULT_SEARCH, parseModerationSearch, writeModerationSearch } from './moderation-url'

const parse = (query: string) => parseModerationSearch(new URLSearchParams(query))

describe('moderation URL state', () => {
  it('reads tab, search, filters and page, and writes them back without the defaults', () => {
    const search = parse('tab=listings&q=%20cats%20&status=suspended&flagged=true&page=3')
    expect(search).toEqual({ tab: 'listings', q: 'cats', status: 'suspended', flagged: true, page: 3 })
    expect(writeModerationSearch(search).toString()).toBe('tab=listings&q=cats&status=suspended&flagged=true&page=3')
    expect(writeModerationSearch(DEFAULT_SEARCH).toString()).toBe('')
  })

  it('falls back to the defaults for anything it cannot read', () => {
    expect(parse('tab=other&status=suspended&page=0&flagged=1')).toEqual(DEFAULT_SEARCH)
    // a listing status is no user status
    expect(parse('status=reserved').status).toBe('all')
    expect(parse('status=banned').status).toBe('banned')
    expect(parse('page=abc').page).toBe(1)
    expect(parse(`q=${'x'.repeat(150)}`).q).toHaveLength(100)
  })

  it('asks the API with the same names, without the tab', () => {
    expect(apiSearch({ tab: 'listings', q: 'a b', status: 'active', flagged: false, page: 2 })).toBe('?q=a+b&status=active&page=2')
    expect(apiSearch(DEFAULT_SEARCH)).toBe('')
  })
})
