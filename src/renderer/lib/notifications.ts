import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { NOTIFICATION_PAGE, notificationListSchema, type NotificationDto, type NotificationListQuery } from '@shared/api/notifications'
import { HEADER_STALE } from '@shared/constants'
import { toast } from '@/hooks/use-toast'
import { notificationsEndpoints } from '@shared/api/endpoints/notifications'
import { api, apiWithHeaders } from './api'
import { describeError } from './api-client'
import { HIGH_PRIORITY_QUERY } from './query-client'
import { notificationKeys } from './query-keys'

/**
 * The signed-in user's notifications (SPEC §7), shared by the header bell and the /notifications page,
 * which live in different features. Marking read updates every cached page and the unread count at
 * once, puts them back if the server refuses, and refetches both either way.
 */

export interface NotificationPage {
  items: NotificationDto[]
  /** every notification matching the query (X-Total-Count) */
  total: number
}

export const MARK_READ_FAILED = { one: 'Failed to mark as read', all: 'Failed to mark all as read' } as const

export const notificationQuery = (overrides: Partial<NotificationListQuery> = {}): NotificationListQuery => ({
  page: 1,
  pageSize: NOTIFICATION_PAGE.defaultSize,
  type: [],
  exclude: [],
  unreadOnly: false,
  ...overrides,
})

/** The query string for GET /api/notifications, leaving out what the server assumes anyway. */
export function notificationSearch(query: NotificationListQuery): string {
  const params = new URLSearchParams()
  if (query.page !== 1) params.set('page', String(query.page))
  if (query.pageSize !== NOTIFICATION_PAGE.defaultSize) params.set('pageSize', String(query.pageSize))
  if (query.type.length > 0) params.set('type', query.type.join(','))
  if (query.exclude.length > 0) params.set('exclude', query.exclude.join(','))
  if (query.unreadOnly) params.set('unreadOnly', 'true')
  const search = params.toString()
  return search ? `?${search}` : ''
}

function totalOf(headers: Headers, loaded: number): number {
  const header = headers.get(TOTAL_COUNT_HEADER)
  const total = Number(header)
  return header !== null && Number.isInteger(total) && total >= loaded ? total : loaded
}

export async function getNotifications(query: NotificationListQuery, signal?: AbortSignal): Promise<NotificationPage> {
  const { body, headers } = await apiWithHeaders(
    notificationsEndpoints.getNotifications,
    { query: new URLSearchParams(notificationSearch(query)) },
    { signal },
  )
  const items = body === null ? [] : notificationListSchema.parse(body)
  return { items, total: totalOf(headers, items.length) }
}

export const notificationsQueryOptions = (query: NotificationListQuery) =>
  queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => getNotifications(query, signal),
    staleTime: HEADER_STALE.notificationsMs,
  })

/** Badge data only: any failure reads as zero unread rather than an error in the header. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  try {
    const body = await api(notificationsEndpoints.getNotificationsUnreadCount, {}, { signal })
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
    ...HIGH_PRIORITY_QUERY,
    // SPEC §9 names the unread count's own stale time beside the priority loader's
    staleTime: HEADER_STALE.unreadCountMs,
  })

/** Fetched only for a signed-in user (SPEC §6); every `pollMs` while something shows it live (the open dropdown). */
export function useUnreadCount(enabled: boolean, pollMs?: number): number {
  const query = useQuery({ ...unreadCountQueryOptions(), enabled, ...(pollMs ? { refetchInterval: pollMs } : {}) })
  return enabled ? (query.data ?? 0) : 0
}

type Snapshot = [QueryKey, unknown][]

/** Marks the matching notifications read in every cached page; answers how many were unread. */
function markReadInCache(client: QueryClient, matches: (n: NotificationDto) => boolean): number {
  const unread = new Set<number>()
  client.setQueriesData<NotificationPage>({ queryKey: notificationKeys.lists() }, (page) => {
    if (!page) return page
    return {
      ...page,
      items: page.items.map((n) => {
        if (n.isRead || !matches(n)) return n
        unread.add(n.id)
        return { ...n, isRead: true }
      }),
    }
  })
  return unread.size
}

async function beginOptimistic(client: QueryClient): Promise<Snapshot> {
  await client.cancelQueries({ queryKey: notificationKeys.all })
  return client.getQueriesData({ queryKey: notificationKeys.all })
}

function restore(client: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, data] of snapshot ?? []) client.setQueryData(key, data)
}

const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: notificationKeys.all })

/** PATCH /api/notifications/{id}/read; a failure shows "Failed to mark as read" (SPEC §8). */
export function useMarkNotificationRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api(notificationsEndpoints.patchNotificationsRead, { params: { id } }),
    onMutate: async (id) => {
      const snapshot = await beginOptimistic(client)
      if (markReadInCache(client, (n) => n.id === id) > 0) {
        client.setQueryData<number>(notificationKeys.unreadCount(), (count) => Math.max(0, (count ?? 0) - 1))
      }
      return { snapshot }
    },
    onError: (error, _id, context) => {
      restore(client, context?.snapshot)
      toast({ variant: 'destructive', title: MARK_READ_FAILED.one, description: describeError(error, 'Please try again.') })
    },
    onSettled: () => refresh(client),
  })
}

/** PATCH /api/notifications/read-all; a failure shows "Failed to mark all as read" (SPEC §8). */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => api(notificationsEndpoints.patchNotificationsReadAll),
    onMutate: async () => {
      const snapshot = await beginOptimistic(client)
      markReadInCache(client, () => true)
      client.setQueryData<number>(notificationKeys.unreadCount(), 0)
      return { snapshot }
    },
    onError: (error, _vars, context) => {
      restore(client, context?.snapshot)
      toast({ variant: 'destructive', title: MARK_READ_FAILED.all, description: describeError(error, 'Please try again.') })
    },
    onSettled: () => refresh(client),
  })
}
