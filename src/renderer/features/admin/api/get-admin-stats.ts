import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { adminStatsSchema, type AdminStatsDto } from '@shared/api/admin-dashboard'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { api } from '@/lib/api'
import { adminKeys } from '@/lib/query-keys'

/** GET /api/admin/stats?days=: the figures now and a point per day. */
export async function getAdminStats(days: number, signal?: AbortSignal): Promise<AdminStatsDto | null> {
  const body = await api(adminEndpoints.getAdminStats, { query: { days } }, { signal })
  return body === null ? null : adminStatsSchema.parse(body)
}

export const adminStatsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: adminKeys.stats(days),
    queryFn: ({ signal }) => getAdminStats(days, signal),
    // the figures move with every deal on the site; admins get no live event for most of them
    refetchInterval: 30_000,
    // another range keeps the charts on screen until its own points arrive
    placeholderData: keepPreviousData,
  })

export function useAdminStats(days: number) {
  return useQuery(adminStatsQueryOptions(days))
}
