import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { adminListingListSchema, type AdminListingDto } from '@shared/api/moderation'
import { moderationEndpoints } from '@shared/api/endpoints/moderation'
import { apiWithHeaders } from '@/lib/api'
import { adminKeys } from '@/lib/query-keys'
import { totalOf, type Page } from '@/lib/admin/total-count'
import { apiSearch, type ModerationSearch } from '../lib/moderation-url'

/** GET /api/admin/listings/search: a page of listings in any status, newest first. */
export async function getModerationListings(search: ModerationSearch, signal?: AbortSignal): Promise<Page<AdminListingDto>> {
  const { body, headers } = await apiWithHeaders(
    moderationEndpoints.getAdminListingsSearch,
    { query: new URLSearchParams(apiSearch(search)) },
    { signal },
  )
  const items = body === null ? [] : adminListingListSchema.parse(body)
  return { items, total: totalOf(headers, items.length) }
}

export const moderationListingsQueryOptions = (search: ModerationSearch) =>
  queryOptions({ queryKey: adminKeys.moderationListingList(search), queryFn: ({ signal }) => getModerationListings(search, signal) })

export function useModerationListings(search: ModerationSearch) {
  return useQuery({ ...moderationListingsQueryOptions(search), placeholderData: keepPreviousData })
}
