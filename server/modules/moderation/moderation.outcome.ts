import type { EntityManager } from '@mikro-orm/postgresql'
import type { Logger } from '../../logger'
import type { Delivery, EventBus } from '../../realtime/bus'
import type { Notification } from '../notifications/notification.entity'
import type { NotificationService } from '../notifications/notifications.service'

/** What a moderation action answers, and what it tells people once its transaction has committed. */
export interface Outcome<T> {
  value: T
  notifications?: Notification[]
  /** live events in order: a ban's `session_ended` goes after the notification that explains it */
  deliveries?: Delivery[]
  /** what another module announces of its own changes in the same transaction (a ban's deals), after the rest */
  after?: () => Promise<void>
}

export interface AnnounceDeps {
  notifications: NotificationService
  bus: EventBus
  logger: Logger
}

/**
 * Runs one moderation action in a transaction (its audit entry, notifications and change commit together or not
 * at all), then announces it. A lost live event is only logged: the change stands, clients catch up on their next
 * fetch, and a socket whose session was deleted still closes at the gateway's next heartbeat.
 */
export async function runModeration<T>(em: EntityManager, deps: AnnounceDeps, action: (tx: EntityManager) => Promise<Outcome<T>>): Promise<T> {
  const outcome = await em.transactional(action)
  for (const notification of outcome.notifications ?? []) await deps.notifications.publishCreated(notification)
  if (outcome.deliveries?.length) {
    try {
      await deps.bus.publishMany(outcome.deliveries)
    } catch (err) {
      deps.logger.warn({ err }, 'moderation action committed but its live events were not published')
    }
  }
  await outcome.after?.()
  return outcome.value
}
