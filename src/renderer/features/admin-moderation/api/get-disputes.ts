import { queryOptions, useQuery } from '@tanstack/react-query'
import { adminDisputeListSchema, type AdminDisputeDto } from '@shared/api/admin-dashboard'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { apiWithHeaders } from '@/lib/api'
import { adminKeys } from '@/lib/query-keys'
import { totalOf, type Page } from '@/lib/admin/total-count'

/** GET /api/admin/disputes: the longest-waiting disputes (one page) and how many wait in all. */
export async function getDisputes(signal?: AbortSignal): Promise<Page<AdminDisputeDto>> {
  const { body, headers } = await apiWithHeaders(adminEndpoints.getAdminDisputes, {}, { signal })
  const items = body === null ? [] : adminDisputeListSchema.parse(body)
  return { items, total: totalOf(headers, items.length) }
}

export const disputesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.disputes(),
    queryFn: ({ signal }) => getDisputes(signal),
    // a dispute opened between two strangers sends admins no live event
    refetchInterval: 30_000,
  })

export function useDisputes() {
  return useQuery(disputesQueryOptions())
}
