import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { listingKeys, statsKeys } from '@/lib/query-keys'
import { makeListing } from '../test-fixtures'
import type { Listing, ListingsPage, ListingsQuery } from '../types'
import { createListingLiveUpdates, withoutListing, type ListingLiveUpdates } from './live-updates'
import { makeNotification } from '@/lib/notification-fixture'

const pageOne: ListingsQuery = { sort: 'newest', page: 1, pageSize: 28 }
const tiktok: ListingsQuery = { ...pageOne, platform: 'tiktok' }
const featuredKey = [...listingKeys.all, 'featured'] as const

let client: QueryClient
let live: ListingLiveUpdates

function seed() {
  client.setQueryData<ListingsPage>(listingKeys.list(pageOne), {
    items: [makeListing({ id: 1 }), makeListing({ id: 2 }), makeListing({ id: 3 })],
    total: 40,
  })
  client.setQueryData<ListingsPage>(listingKeys.list(tiktok), { items: [makeListing({ id: 2, platform: 'tiktok' })], total: 1 })
  client.setQueryData<Listing[]>(featuredKey, [makeListing({ id: 2 }), makeListing({ id: 9 })])
  client.setQueryData<Listing | null>(listingKeys.detail('2'), makeListing({ id: 2 }))
  client.setQueryData(statsKeys.overview(), { activeListings: 40 })
}

const ids = (key: readonly unknown[]) => {
  const data = client.getQueryData<ListingsPage | Listing[]>(key)
  return (Array.isArray(data) ? data : data?.items)?.map((l) => l.id)
}
const detail = (id: string) => client.getQueryData<Listing | null>(listingKeys.detail(id))
const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated

beforeEach(() => {
  vi.useFakeTimers()
  client = new QueryClient()
  live = createListingLiveUpdates(client)
  seed()
})

afterEach(() => {
  live.dispose()
  client.clear()
  vi.useRealTimers()
})

describe('listing live updates on the cache', () => {
  it('sold: leaves every cached list, its totals drop, its detail turns inactive, nothing refetches', () => {
    expect(live.handle({ type: 'listing_update', accountId: 2, listingStatus: 'sold', transactionId: 5 })).toBe(true)
    expect(ids(listingKeys.list(pageOne))).toEqual([1, 3])
    expect(client.getQueryData<ListingsPage>(listingKeys.list(pageOne))?.total).toBe(39)
    expect(ids(listingKeys.list(tiktok))).toEqual([])
    expect(ids(featuredKey)).toEqual([9])
    expect(detail('2')?.isActive).toBe(false)
    expect(invalidated(listingKeys.list(pageOne))).toBe(false)
  })

  it('available: refetches the lists and the figures at once, and once more 50 ms after a burst', () => {
    const spy = vi.spyOn(client, 'invalidateQueries')
    live.handle({ type: 'listing_update', accountId: 2, listingStatus: 'available' })
    expect(invalidated(listingKeys.list(pageOne))).toBe(true)
    expect(invalidated(featuredKey)).toBe(true)
    expect(invalidated(statsKeys.overview())).toBe(true)
    // the detail is not a list
    expect(invalidated(listingKeys.detail('2'))).toBe(false)
    const afterFirst = spy.mock.calls.length
    live.handle({ type: 'listing_update', accountId: 3, listingStatus: 'available' })
    live.handle({ type: 'listing_update', accountId: 4, listingStatus: 'available' })
    expect(spy.mock.calls.length).toBe(afterFirst)
    vi.advanceTimersByTime(50)
    expect(spy.mock.calls.length).toBe(afterFirst * 2)
  })

  it('LISTING_REACTIVATED: the detail is active again and the lists refetch', () => {
    client.setQueryData<Listing | null>(listingKeys.detail('2'), makeListing({ id: 2, isActive: false }))
    live.handle({ type: 'LISTING_REACTIVATED', accountId: 2 })
    expect(detail('2')?.isActive).toBe(true)
    expect(invalidated(listingKeys.list(pageOne))).toBe(true)
  })

  it('LISTING_REACTIVATED: a detail that was not found (opened while reserved) is asked for again', () => {
    client.setQueryData<Listing | null>(listingKeys.detail('2'), null)
    live.handle({ type: 'LISTING_REACTIVATED', accountId: 2 })
    expect(invalidated(listingKeys.detail('2'))).toBe(true)
  })

  it('account_status_updated: inactive leaves the lists; active refetches them and the detail', () => {
    live.handle({ type: 'account_status_updated', accountId: 3, isActive: false })
    expect(ids(listingKeys.list(pageOne))).toEqual([1, 2])
    expect(invalidated(listingKeys.list(pageOne))).toBe(false)

    live.handle({ type: 'account_status_updated', accountId: 2, isActive: true })
    expect(invalidated(listingKeys.list(pageOne))).toBe(true)
    expect(invalidated(listingKeys.detail('2'))).toBe(true)
  })

  it('created, updated and purchased refetch the lists at most once per 200 ms, the last one included', () => {
    const spy = vi.spyOn(client, 'invalidateQueries')
    const listRefetches = () => spy.mock.calls.filter(([filters]) => filters?.predicate !== undefined).length
    live.handle({ type: 'listing_created', accountId: 7 })
    live.handle({ type: 'listing_updated', accountId: 2 })
    live.handle({ type: 'listing_purchased', accountId: 1 })
    expect(listRefetches()).toBe(1)
    expect(invalidated(listingKeys.detail('2'))).toBe(true)
    vi.advanceTimersByTime(199)
    expect(listRefetches()).toBe(1)
    vi.advanceTimersByTime(1)
    expect(listRefetches()).toBe(2)
    vi.advanceTimersByTime(1000)
    expect(listRefetches()).toBe(2)
  })

  it('leaves other events to the invalidation table', () => {
    expect(live.handle({ type: 'new_notification', notification: makeNotification() })).toBe(false)
    expect(live.handle({ type: 'TRANSACTION_CANCELLED', transactionId: 1 })).toBe(false)
    expect(ids(listingKeys.list(pageOne))).toEqual([1, 2, 3])
  })

  it('a detail not in the cache (or a listing not found) stays as it is', () => {
    client.setQueryData<Listing | null>(listingKeys.detail('8'), null)
    live.handle({ type: 'listing_update', accountId: 8, listingStatus: 'sold' })
    live.handle({ type: 'listing_update', accountId: 99, listingStatus: 'sold' })
    expect(detail('8')).toBeNull()
    expect(client.getQueryData(listingKeys.detail('99'))).toBeUndefined()
  })
})

describe('withoutListing', () => {
  it('keeps the same object when the listing is not there, and leaves other shapes alone', () => {
    const page = { items: [makeListing({ id: 1 })], total: 1 }
    expect(withoutListing(page, 2)).toBe(page)
    expect(withoutListing(5, 2)).toBe(5)
    expect(withoutListing(undefined, 2)).toBeUndefined()
  })
})
