import {
  markAllReadResultSchema,
  notificationDtoSchema,
  notificationListQuerySchema,
  notificationListSchema,
  unreadCountSchema,
} from '@shared/api/notifications'
import { routeDocs, serialIdParam } from '../../http/route-docs'

/** /api/notifications (notifications.routes.ts): the signed-in user's own */
export const notificationsRouteDocs = routeDocs('notifications', [
  {
    method: 'GET',
    path: '/api/notifications',
    summary: 'The user’s notifications, newest first, filtered and paged',
    auth: 'signed-in',
    query: notificationListQuerySchema,
    response: { schema: notificationListSchema },
    pageHeader: 'X-Total-Count',
  },
  {
    method: 'GET',
    path: '/api/notifications/unread-count',
    summary: 'How many are unread',
    auth: 'signed-in',
    response: { schema: unreadCountSchema },
  },
  {
    method: 'PATCH',
    path: '/api/notifications/read-all',
    summary: 'Mark every notification read',
    auth: 'signed-in',
    response: { schema: markAllReadResultSchema },
  },
  {
    method: 'PATCH',
    path: '/api/notifications/:id/read',
    summary: 'Mark one of the user’s notifications read',
    auth: 'signed-in',
    params: { id: serialIdParam },
    response: { schema: notificationDtoSchema },
  },
])
