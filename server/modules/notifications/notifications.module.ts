import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import type { Logger } from '../../logger'
import type { EventBus } from '../../realtime/bus'
import { notificationRoutes } from './notifications.routes'
import { NotificationService } from './notifications.service'

export interface NotificationsModule {
  notifications: NotificationService
  router: Router<AppState>
}

export function createNotificationsModule(deps: { bus: EventBus; logger: Logger }): NotificationsModule {
  const notifications = new NotificationService(deps.bus, deps.logger)
  return { notifications, router: notificationRoutes({ notifications }) }
}
