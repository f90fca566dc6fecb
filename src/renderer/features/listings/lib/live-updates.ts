import type { Query, QueryClient } from '@tanstack/react-query'
import { REFETCH_THROTTLE } from '@shared/constants'
import type { ServerEvent } from '@shared/realtime/events'
import { listingKeys, statsKeys } from '@/lib/query-keys'
import { throttle } from '@/lib/throttle'
import type { Listing } from '../types'

/**
 * Live listing events applied to the cache (SPEC §4, §9). A sold or deactivated listing leaves every
 * cached list at once, without a round trip; everything else refetches the lists, throttled: 200 ms,
 * or 50 ms after listing_update.
 *
 * "Lists" are every listings query but the details: grid pages, and whatever other list of listings
 * lives under the listings root (featured, a seller's own), whichever shape it has.
 */

const isDetailQuery = (query: Query) => query.queryKey[1] === listingKeys.details()[1]
const listsFilter = { queryKey: listingKeys.all, predicate: (query: Query) => !isDetailQuery(query) }

function hasId(value: unknown, id: number): boolean {
  return typeof value === 'object' && value !== null && 'id' in value && value.id === id
}

function isPage(value: unknown): value is { items: unknown[]; total: number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'items' in value &&
    Array.isArray(value.items) &&
    'total' in value &&
    typeof value.total === 'number'
  )
}

/** The cached value without listing `id`; the same object when it was not there. */
export function withoutListing(data: unknown, id: number): unknown {
  if (Array.isArray(data)) {
    const kept = data.filter((item) => !hasId(item, id))
    return kept.length === data.length ? data : kept
  }
  if (isPage(data)) {
    const items = data.items.filter((item) => !hasId(item, id))
    return items.length === data.items.length ? data : { ...data, items, total: Math.max(0, data.total - (data.items.length - items.length)) }
  }
  return data
}

export function removeFromLists(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<unknown>(listsFilter, (data: unknown) => withoutListing(data, id))
}

export function setDetailActive(queryClient: QueryClient, id: number, isActive: boolean): void {
  queryClient.setQueryData<Listing | null>(listingKeys.detail(String(id)), (listing) => (listing ? { ...listing, isActive } : listing))
}

/** Lists and the figures counted from them (Active Listings, per-platform counts). */
export function refetchLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries(listsFilter)
  void queryClient.invalidateQueries({ queryKey: statsKeys.all })
}

export interface ListingLiveUpdates {
  /** applies a listing event; false for any other event */
  handle(event: ServerEvent): boolean
  dispose(): void
}

export function createListingLiveUpdates(queryClient: QueryClient): ListingLiveUpdates {
  const refetch = () => refetchLists(queryClient)
  const refetchSoon = throttle(refetch, REFETCH_THROTTLE.listingsMs)
  const refetchAfterUpdate = throttle(refetch, REFETCH_THROTTLE.listingsOnUpdateMs)
  const refreshDetail = (id: number) => void queryClient.invalidateQueries({ queryKey: listingKeys.detail(String(id)) })
  const takeDown = (id: number) => {
    removeFromLists(queryClient, id)
    setDetailActive(queryClient, id, false)
  }

  return {
    handle(event) {
      switch (event.type) {
        case 'listing_update':
          if (event.listingStatus === 'sold') takeDown(event.accountId)
          else refetchAfterUpdate()
          return true
        case 'LISTING_REACTIVATED':
          // whoever opened it while it was reserved was told it does not exist (a 404, cached as null): ask again
          if (queryClient.getQueryData(listingKeys.detail(String(event.accountId))) === null) refreshDetail(event.accountId)
          else setDetailActive(queryClient, event.accountId, true)
          refetchSoon()
          return true
        case 'account_status_updated':
          if (event.isActive) {
            refreshDetail(event.accountId)
            refetchSoon()
          } else {
            takeDown(event.accountId)
          }
          return true
        case 'listing_created':
          refetchSoon()
          return true
        case 'listing_updated':
        case 'listing_purchased':
          refreshDetail(event.accountId)
          refetchSoon()
          return true
        default:
          return false
      }
    },
    dispose() {
      refetchSoon.cancel()
      refetchAfterUpdate.cancel()
    },
  }
}
