import { useQuery } from '@tanstack/react-query'
import { listingDtoSchema, type ListingDto } from '@shared/api/listings'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import { api } from '@/lib/api'
import { ApiError } from '@/lib/api-client'
import { listingKeys } from '@/lib/query-keys'

/** GET /api/accounts/:id for the edit form; null when there is no such listing. */
export async function getEditableListing(id: string, signal?: AbortSignal): Promise<ListingDto | null> {
  try {
    const body = await api(listingsEndpoints.getAccountsById, { params: { id } }, { signal })
    return body === null ? null : listingDtoSchema.parse(body)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export function useEditableListing(id: string | null) {
  return useQuery({
    queryKey: listingKeys.editable(id ?? ''),
    queryFn: ({ signal }) => getEditableListing(id ?? '', signal),
    enabled: id !== null,
    // the form is filled once from what the server holds now, never from a stale copy
    staleTime: 0,
    refetchOnWindowFocus: false,
  })
}
