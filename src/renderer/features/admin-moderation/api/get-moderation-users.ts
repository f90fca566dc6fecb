import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { adminUserListSchema, type AdminUserDto } from '@shared/api/moderation'
import { moderationEndpoints } from '@shared/api/endpoints/moderation'
import { apiWithHeaders } from '@/lib/api'
import { adminKeys } from '@/lib/query-keys'
import { totalOf, type Page } from '@/lib/admin/total-count'
import { apiSearch, type ModerationSearch } from '../lib/moderation-url'

/** GET /api/admin/users: a page of accounts, newest first. */
export async function getModerationUsers(search: ModerationSearch, signal?: AbortSignal): Promise<Page<AdminUserDto>> {
  const { body, headers } = await apiWithHeaders(moderationEndpoints.getAdminUsers, { query: new URLSearchParams(apiSearch(search)) }, { signal })
  const items = body === null ? [] : adminUserListSchema.parse(body)
  return { items, total: totalOf(headers, items.length) }
}

export const moderationUsersQueryOptions = (search: ModerationSearch) =>
  queryOptions({ queryKey: adminKeys.moderationUserList(search), queryFn: ({ signal }) => getModerationUsers(search, signal) })

export function useModerationUsers(search: ModerationSearch) {
  return useQuery({ ...moderationUsersQueryOptions(search), placeholderData: keepPreviousData })
}
