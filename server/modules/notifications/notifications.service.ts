import type { FilterQuery } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { NotificationListQuery, NotificationType } from '@shared/api/notifications'
import type { ServerEvent } from '@shared/realtime/events'
import type { Logger } from '../../logger'
import { announce, notificationDelivery, type StoredNotification } from '../../realtime/announce'
import type { Delivery, EventBus } from '../../realtime/bus'
import { User } from '../users/user.entity'
import { Notification, type NotificationData } from './notification.entity'

export interface NotificationInput {
  type: NotificationType
  title: string
  message: string
  data?: NotificationData
}

export interface NotificationPage {
  items: Notification[]
  /** every notification matching the query, on any page */
  total: number
}

/**
 * The one way any module tells a user something. `notify` writes inside the caller's transaction;
 * once that transaction commits, the caller hands the result to `publishCreated`, so a socket never
 * hears of a notification that was rolled back.
 */
export class NotificationService {
  constructor(
    private readonly bus: EventBus,
    private readonly logger: Logger,
  ) {}

  notify(tx: EntityManager, userId: number, input: NotificationInput): Notification {
    return tx.create(Notification, {
      user: tx.getReference(User, userId),
      type: input.type,
      title: input.title,
      message: input.message,
      data: input.data ?? {},
      createdAt: new Date(),
    })
  }

  /** Never throws: the row is committed, and a missed live event is caught up by the client's next fetch. */
  async publishCreated(notification: StoredNotification): Promise<void> {
    await this.publish(notification.user.id, notificationDelivery(notification).event)
  }

  /** The live event of a stored notification, for a caller that publishes it with others in one message. */
  createdDelivery(notification: StoredNotification): Delivery {
    return notificationDelivery(notification)
  }

  /** One page, newest first (ties by id), with the total over every page. */
  async list(em: EntityManager, userId: number, query: NotificationListQuery): Promise<NotificationPage> {
    const where: FilterQuery<Notification> = { user: userId }
    if (query.unreadOnly) where.isRead = false
    if (query.type.length > 0 || query.exclude.length > 0) {
      where.type = {
        ...(query.type.length > 0 ? { $in: query.type } : {}),
        ...(query.exclude.length > 0 ? { $nin: query.exclude } : {}),
      }
    }
    const [items, total] = await em.findAndCount(Notification, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    })
    return { items, total }
  }

  unreadCount(em: EntityManager, userId: number): Promise<number> {
    return em.count(Notification, { user: userId, isRead: false })
  }

  /**
   * Marks one of the user's notifications read and tells the user's other tabs. null when it does not exist or
   * belongs to someone else: both are a 404 to the caller.
   */
  async markRead(em: EntityManager, userId: number, id: number): Promise<Notification | null> {
    const notification = await em.findOne(Notification, { id, user: userId })
    if (!notification) return null
    if (!notification.isRead) {
      // only the request that flips the flag announces it, so two tabs marking together tell the others once
      const flipped = await em.nativeUpdate(Notification, { id, user: userId, isRead: false }, { isRead: true })
      notification.isRead = true
      if (flipped > 0) await this.publish(userId, { type: 'notification_read', notificationId: id, unreadCount: await this.unreadCount(em, userId) })
    }
    return notification
  }

  /** Marks every unread notification read and tells the user's other tabs; answers how many changed. */
  async markAllRead(em: EntityManager, userId: number): Promise<number> {
    const updated = await em.nativeUpdate(Notification, { user: userId, isRead: false }, { isRead: true })
    await this.publish(userId, { type: 'notification_read_all', unreadCount: 0 })
    return updated
  }

  private async publish(userId: number, event: ServerEvent) {
    await announce({ bus: this.bus, logger: this.logger }, 'notification change', { deliveries: [{ audience: { userIds: [userId] }, event }] })
  }
}
