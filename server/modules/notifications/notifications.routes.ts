import Router from '@koa/router'
import { TOTAL_COUNT_HEADER } from '@shared/api/listings'
import { notificationsEndpoints } from '@shared/api/endpoints/notifications'
import { notFound } from '../../http/errors'
import { queryOf } from '../../http/validation'
import { requireSessionUserId, type AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { toNotificationDto } from '../../realtime/announce'
import type { NotificationService } from './notifications.service'

const NOT_FOUND = 'Notification not found'

/** SPEC §7: the signed-in user's own notifications; every route is 401 when signed out. */
export function notificationRoutes(deps: { notifications: NotificationService }): Router<AppState> {
  const router = new Router<AppState>()
  const on = notificationsEndpoints
  const { notifications } = deps

  mount(router, on.getNotifications, async (ctx) => {
    const userId = requireSessionUserId(ctx)
    const { items, total } = await notifications.list(ctx.state.em, userId, queryOf(ctx, on.getNotifications))
    ctx.set(TOTAL_COUNT_HEADER, String(total))
    ctx.body = items.map(toNotificationDto)
  })

  mount(router, on.getNotificationsUnreadCount, async (ctx) => {
    const userId = requireSessionUserId(ctx)
    ctx.body = { count: await notifications.unreadCount(ctx.state.em, userId) }
  })

  mount(router, on.patchNotificationsReadAll, async (ctx) => {
    const userId = requireSessionUserId(ctx)
    ctx.body = { updated: await notifications.markAllRead(ctx.state.em, userId), unreadCount: 0 }
  })

  mount(router, on.patchNotificationsRead, async (ctx) => {
    const userId = requireSessionUserId(ctx)
    const id = /^\d{1,9}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : NaN
    const notification = Number.isSafeInteger(id) ? await notifications.markRead(ctx.state.em, userId, id) : null
    if (!notification) throw notFound(NOT_FOUND)
    ctx.body = toNotificationDto(notification)
  })

  return router
}
