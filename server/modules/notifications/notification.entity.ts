import { EntitySchema, OptionalProps } from '@mikro-orm/core'
import type { NotificationType } from '@shared/api/notifications'
import { User } from '../users/user.entity'

export type NotificationData = Record<string, unknown>

export class Notification {
  [OptionalProps]?: 'isRead' | 'data' | 'createdAt'
  id!: number
  user!: User
  type!: NotificationType
  title!: string
  message!: string
  isRead: boolean = false
  data: NotificationData = {}
  createdAt: Date = new Date()
}

export const NotificationSchema = new EntitySchema<Notification>({
  class: Notification,
  tableName: 'notifications',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    user: { kind: 'm:1', entity: () => User },
    type: { type: 'string', length: 40 },
    title: { type: 'string', length: 200 },
    message: { type: 'text' },
    isRead: { type: 'boolean', default: false },
    data: { type: 'json' },
    createdAt: { type: 'datetime', length: 3, defaultRaw: 'now()' },
  },
})
