import { describe, expect, it } from 'vitest'
import { dealQueryOf, listSearch, monitorSearchParams, orderQueryOf, readMonitorFilters, withMonitorFilter } from './payment-monitor-filters'

const read = (search: string) => readMonitorFilters(new URLSearchParams(search))

describe('payment monitor filters in the URL', () => {
  it('reads every filter and both pages, and writes them back as they were', () => {
    const search = 'status=created&provider=sandbox&kind=deposit&olderThan=30&stuck=true&page=3&txStatus=pending&txPage=2'
    const filters = read(search)
    expect(filters).toEqual({
      status: 'created',
      provider: 'sandbox',
      kind: 'deposit',
      olderThan: 30,
      stuck: true,
      page: 3,
      txStatus: 'pending',
      txPage: 2,
    })
    expect(monitorSearchParams(filters).toString()).toBe(search)
  })

  it('drops what the API would refuse instead of sending it', () => {
    expect(read('status=lost&provider=paypal&kind=gift&olderThan=0&stuck=yes&page=-1&txStatus=done&txPage=x')).toEqual({
      status: undefined,
      provider: undefined,
      kind: undefined,
      olderThan: undefined,
      stuck: false,
      page: 1,
      txStatus: undefined,
      txPage: 1,
    })
    expect(monitorSearchParams(read('')).toString()).toBe('')
  })

  it('starts a list again at page 1 when its filter changes, and leaves the other list where it was', () => {
    const filters = read('page=4&txPage=2')
    expect(withMonitorFilter(filters, 'status', 'paid').toString()).toBe('status=paid&txPage=2')
    expect(withMonitorFilter(filters, 'txStatus', 'disputed').toString()).toBe('page=4&txStatus=disputed')
    // age and "stuck only" narrow both tables
    expect(withMonitorFilter(filters, 'stuck', 'true').toString()).toBe('stuck=true')
    expect(withMonitorFilter(read('olderThan=60&kind=deposit'), 'olderThan', '').toString()).toBe('kind=deposit')
    expect(withMonitorFilter(read(''), 'olderThan', 'soon').toString()).toBe('')
  })

  it('builds the API queries: orders and deals share age and stuck, the CSV leaves the page out', () => {
    const filters = read('status=paid&olderThan=15&stuck=true&page=2&txStatus=pending')
    expect(listSearch(orderQueryOf(filters))).toBe('?status=paid&olderThan=15&stuck=true&page=2')
    expect(listSearch(orderQueryOf(filters), false)).toBe('?status=paid&olderThan=15&stuck=true')
    expect(listSearch(dealQueryOf(filters))).toBe('?status=pending&olderThan=15&stuck=true')
    expect(listSearch(orderQueryOf(read('')))).toBe('')
  })
})
