import { describe, expect, it } from 'vitest'
import { parseTransactionSearch, writeTransactionSearch } from './url-state'

describe('/transactions URL state', () => {
  it('reads status (active included), role and page, and ignores anything else', () => {
    expect(parseTransactionSearch(new URLSearchParams('status=active&role=seller&page=3'))).toEqual({ status: 'active', role: 'seller', page: 3 })
    expect(parseTransactionSearch(new URLSearchParams('status=disputed'))).toEqual({ status: 'disputed', role: null, page: 1 })
    expect(parseTransactionSearch(new URLSearchParams('status=bogus&role=admin&page=0'))).toEqual({ status: null, role: null, page: 1 })
    expect(parseTransactionSearch(new URLSearchParams('page=abc'))).toEqual({ status: null, role: null, page: 1 })
  })

  it('writes defaults out, so the plain address stays /transactions', () => {
    expect(writeTransactionSearch({ status: null, role: null, page: 1 }).toString()).toBe('')
    expect(writeTransactionSearch({ status: 'active', role: 'buyer', page: 2 }).toString()).toBe('status=active&role=buyer&page=2')
  })
})
