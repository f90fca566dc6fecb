import { describe, expect, it } from 'vitest'
import { parseFilters, toSearchParams, withFilter } from './conversation-filters'

const parse = (search: string) => parseFilters(new URLSearchParams(search))

describe('conversation filters in the URL', () => {
  it('reads search, flags and page, and falls back to the defaults for anything else', () => {
    expect(parse('q=+bob+&disputed=true&unread=true&page=3')).toEqual({ q: 'bob', deal: false, disputed: true, unread: true, page: 3 })
    expect(parse('deal=yes&page=0')).toEqual({ q: '', deal: false, disputed: false, unread: false, page: 1 })
    expect(parse('page=2.5').page).toBe(1)
    expect(parse(`q=${'x'.repeat(150)}`).q).toHaveLength(100)
  })

  it('writes only what differs from the defaults, in one order', () => {
    expect(toSearchParams(parse('')).toString()).toBe('')
    expect(toSearchParams({ q: 'acc-7', deal: true, disputed: false, unread: true, page: 2 }).toString()).toBe('q=acc-7&deal=true&unread=true&page=2')
    expect(toSearchParams(parse('unread=true&q=bob')).toString()).toBe('q=bob&unread=true')
  })

  it('starts again from the first page when a filter changes', () => {
    expect(withFilter(parse('page=4'), { deal: true })).toMatchObject({ deal: true, page: 1 })
  })
})
