import { queryOptions, useQuery } from '@tanstack/react-query'
import { listingListSchema, type ListingDto } from '@shared/api/listings'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import { api } from '@/lib/api'
import { profileKeys } from '@/lib/query-keys'

/** GET /api/accounts/user: every listing of the signed-in seller, in every status, newest first. */
export async function getOwnListings(signal?: AbortSignal): Promise<ListingDto[]> {
  const body = await api(listingsEndpoints.getAccountsUser, {}, { signal })
  return body === null ? [] : listingListSchema.parse(body)
}

export const ownListingsQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.listings(),
    queryFn: ({ signal }) => getOwnListings(signal),
    // read on every visit: an edit, a sale or a review decision may have changed any of them
    staleTime: 0,
  })

export function useOwnListings(enabled: boolean) {
  return useQuery({ ...ownListingsQueryOptions(), enabled })
}
