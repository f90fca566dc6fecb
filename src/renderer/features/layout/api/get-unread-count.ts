import { queryOptions, useQuery } from '@tanstack/react-query'
import { HEADER_STALE } from '@shared/constants'
import { apiGet } from '@/lib/api-client'
import { notificationKeys } from '@/lib/query-keys'

interface UnreadCountResponse {
  count: number
}

/** Badge data only: any failure (including the endpoint not existing yet) reads as zero unread. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  try {
    const body = await apiGet<UnreadCountResponse>('/api/notifications/unread-count', { signal })
    const count = Number(body?.count ?? 0)
    return Number.isFinite(count) && count > 0 ? count : 0
  } catch {
    return 0
  }
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: HEADER_STALE.unreadCountMs,
  })

/** Fetched only for a signed-in user (SPEC §6). */
export function useUnreadCount(enabled: boolean): number {
  const query = useQuery({ ...unreadCountQueryOptions(), enabled })
  return enabled ? (query.data ?? 0) : 0
}
