import type { EntityManager } from '@mikro-orm/postgresql'
import type { NotificationDto, NotificationType } from '@shared/api/notifications'
import type { Logger } from '../logger'
import type { Delivery, EventBus } from './bus'

/** A stored notification: the entity, or the row a step wrote in its own statement. */
export interface StoredNotification {
  id: number
  type: NotificationType
  title: string
  message: string
  isRead: boolean
  createdAt: Date
  data: Record<string, unknown>
  user: { id: number }
}

export function toNotificationDto(n: StoredNotification): NotificationDto {
  return { id: n.id, type: n.type, title: n.title, message: n.message, isRead: n.isRead, createdAt: n.createdAt.toISOString(), data: { ...n.data } }
}

/** The live event of a stored notification, to its owner's tabs. */
export function notificationDelivery(n: StoredNotification): Delivery {
  return { audience: { userIds: [n.user.id] }, event: { type: 'new_notification', notification: toNotificationDto(n) } }
}

/**
 * What a committed change tells people: the live events of the notifications it stored, then its other live events,
 * in that order (a ban's `session_ended` goes after the notification that explains it).
 */
export interface Announcement {
  notifications?: StoredNotification[]
  deliveries?: Delivery[]
}

/** A change's result and what to announce once the transaction that made it has committed. */
export interface Effects<T> extends Announcement {
  value: T
}

export interface AnnounceDeps {
  bus: EventBus
  logger: Logger
}

/** Several announcements as one, each after the one before. */
export function combine(...parts: (Announcement | null | undefined)[]): Announcement {
  const deliveries = parts.flatMap((part) => (part ? [...(part.notifications ?? []).map(notificationDelivery), ...(part.deliveries ?? [])] : []))
  return { deliveries }
}

/**
 * After the commit, in one message on the bus (one hop between instances, the events in order). Never throws: the
 * change is stored, and a lost event is caught up by the clients' next fetch; the log says which events were lost, for
 * whom, and of what (`what`: "escrow step", "withdrawal"...).
 */
export async function announce(deps: AnnounceDeps, what: string, announcement: Announcement): Promise<void> {
  const deliveries = combine(announcement).deliveries!.filter((d) => 'all' in d.audience || d.audience.userIds.length > 0)
  if (deliveries.length === 0) return
  try {
    await deps.bus.publishMany(deliveries)
  } catch (err) {
    const userIds = [...new Set(deliveries.flatMap((d) => ('userIds' in d.audience ? d.audience.userIds : [])))]
    deps.logger.warn({ err, types: deliveries.map((d) => d.event.type), userIds }, `${what} committed but its live events were not published`)
  }
}

/** Runs `work` in one transaction, then announces what it says once that has committed, and answers its value. */
export async function commitThenAnnounce<T>(
  em: EntityManager,
  deps: AnnounceDeps,
  what: string,
  work: (tx: EntityManager) => Promise<Effects<T>>,
): Promise<T> {
  const effects = await em.transactional(work)
  await announce(deps, what, effects)
  return effects.value
}
