import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { adminListingListSchema, type AdminListingDto } from '@shared/api/moderation'
import { apiGetWithHeaders } from '@/lib/api-client'
import { adminKeys } from '@/lib/query-keys'
import { apiSearch, type ModerationSearch } from '../lib/moderation-url'
import { totalOf, type Page } from './total-count'

/** GET /api/admin/listings/search: a page of listings in any status, newest first. */
export async function getModerationListings(search: ModerationSearch, signal?: AbortSignal): Promise<Page<AdminListingDto>> {
  const { body, headers } = await apiGetWithHeaders<unknown>(`/api/admin/listings/search${apiSearch(search)}`, { signal })
  const items = body === null ? [] : adminListingListSchema.parse(body)
  return { items, total: totalOf(headers, items.length) }
}

export const moderationListingsQueryOptions = (search: ModerationSearch) =>
  queryOptions({ queryKey: adminKeys.moderationListingList(search), queryFn: ({ signal }) => getModerationListings(search, signal) })

export function useModerationListings(search: ModerationSearch) {
  return useQuery({ ...moderationListingsQueryOptions(search), placeholderData: keepPreviousData })
}
