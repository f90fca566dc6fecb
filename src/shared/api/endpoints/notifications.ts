import {
  markAllReadResultSchema,
  notificationDtoSchema,
  notificationListQuerySchema,
  notificationListSchema,
  unreadCountSchema,
} from '../notifications'
import { endpoints, serialIdParam } from '../endpoint'

/** /api/notifications (notifications.routes.ts): the signed-in user's own */
export const notificationsEndpoints = endpoints('notifications', {
  getNotifications: {
    method: 'GET',
    path: '/api/notifications',
    summary: 'The user’s notifications, newest first, filtered and paged',
    auth: 'signed-in',
    query: notificationListQuerySchema,
    response: { schema: notificationListSchema },
    pageHeader: 'X-Total-Count',
  },
  getNotificationsUnreadCount: {
    method: 'GET',
    path: '/api/notifications/unread-count',
    summary: 'How many are unread',
    auth: 'signed-in',
    response: { schema: unreadCountSchema },
  },
  patchNotificationsReadAll: {
    method: 'PATCH',
    path: '/api/notifications/read-all',
    summary: 'Mark every notification read',
    auth: 'signed-in',
    response: { schema: markAllReadResultSchema },
  },
  patchNotificationsRead: {
    method: 'PATCH',
    path: '/api/notifications/:id/read',
    summary: 'Mark one of the user’s notifications read',
    auth: 'signed-in',
    params: { id: serialIdParam },
    response: { schema: notificationDtoSchema },
  },
})
