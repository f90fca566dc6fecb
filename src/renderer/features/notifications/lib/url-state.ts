import { NOTIFICATION_PAGE, NOTIFICATION_TYPES, type NotificationType } from '@shared/api/notifications'
import { NOTIFICATION_FILTER_TYPES } from '@/lib/notification-display'

/** The /notifications page's state in its URL (`?type=&page=`), so reload, Back and a shared link keep it. */
export interface NotificationFilters {
  /** null: every type */
  type: NotificationType | null
  page: number
}

const isFilterType = (value: string | null): value is NotificationType => value !== null && (NOTIFICATION_TYPES as readonly string[]).includes(value)

/** Anything unreadable falls back to the default instead of an error: it came from a link or a hand-edit. */
export function parseNotificationSearch(params: URLSearchParams): NotificationFilters {
  const rawType = params.get('type')
  // balance_update is the other spelling of balance_updated (SPEC §3); the filter knows it by that one
  const type =
    rawType === 'balance_update' ? 'balance_updated' : isFilterType(rawType) && NOTIFICATION_FILTER_TYPES.includes(rawType) ? rawType : null
  const rawPage = params.get('page') ?? ''
  const page = /^\d{1,6}$/.test(rawPage) ? Number(rawPage) : 1
  return { type, page: page >= 1 && page <= NOTIFICATION_PAGE.maxPage ? page : 1 }
}

/** Writes the filters back, leaving defaults out so the plain address stays /notifications. */
export function writeNotificationSearch(filters: NotificationFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.type) params.set('type', filters.type)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/** "Showing 21-40 of 45"; a page past the end shows 0-0. */
export function showingText(page: number, pageSize: number, total: number): string {
  if (total <= 0 || (page - 1) * pageSize >= total) return `Showing 0-0 of ${Math.max(total, 0)}`
  return `Showing ${(page - 1) * pageSize + 1}-${Math.min(page * pageSize, total)} of ${total}`
}
