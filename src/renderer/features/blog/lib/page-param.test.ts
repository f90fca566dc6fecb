import { describe, expect, it } from 'vitest'
import { pageParam, pageSearch } from './page-param'

describe('pageParam', () => {
  it('reads whole page numbers and falls back to the first page', () => {
    expect(pageParam('3')).toBe(3)
    for (const value of [null, '', '0', '-2', '1.5', 'abc', '99999']) expect(pageParam(value), String(value)).toBe(1)
  })

  it('leaves the first page without a parameter', () => {
    expect(pageSearch(1)).toBe('')
    expect(pageSearch(2)).toBe('?page=2')
  })
})
