import type { NotificationDto, NotificationType } from '@shared/api/notifications'

/** A whole notification as the server sends it live (new_notification), for tests; each field can be overridden. */
export function makeNotification(type: NotificationType = 'listing_approved', over: Partial<NotificationDto> = {}): NotificationDto {
  return { id: 1, type, title: 't', message: 'm', isRead: false, createdAt: '2026-03-01T10:00:00.000Z', data: {}, ...over }
}
