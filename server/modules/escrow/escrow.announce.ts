import type { Logger } from '../../logger'
import type { Delivery, EventBus } from '../../realtime/bus'
import type { Notification } from '../notifications/notification.entity'
import type { NotificationService } from '../notifications/notifications.service'

/** What a committed step tells the world: stored notifications, live events, and its line in the chat. */
export interface Announcement {
  notifications: Notification[]
  deliveries: Delivery[]
  /** publishes the chat line written with the step */
  chat: (() => Promise<void>) | null
}

/** After the commit; never throws: the step is stored, and a lost event is caught up by the clients' next fetch. */
export async function announce(deps: { bus: EventBus; notifications: NotificationService; logger: Logger }, announcement: Announcement): Promise<void> {
  try {
    if (announcement.deliveries.length > 0) await deps.bus.publishMany(announcement.deliveries)
    await announcement.chat?.()
  } catch (err) {
    deps.logger.warn({ err }, 'escrow step committed but its live events were not published')
  }
  for (const notification of announcement.notifications) await deps.notifications.publishCreated(notification)
}
