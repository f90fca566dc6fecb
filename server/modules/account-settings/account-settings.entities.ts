import { EntitySchema, OptionalProps } from '@mikro-orm/core'
import type { CodeChallenge } from '../auth/code-challenge'

/** A user's notification and sound preferences; a user without a row has the defaults (all on). */
export class UserPreferenceRecord {
  [OptionalProps]?: 'updatedAt'
  userId!: number
  messageSound!: boolean
  notificationSound!: boolean
  desktopNotifications!: boolean
  updatedAt: Date = new Date()
}

export const UserPreferenceSchema = new EntitySchema<UserPreferenceRecord>({
  class: UserPreferenceRecord,
  tableName: 'user_preferences',
  properties: {
    userId: { type: 'integer', primary: true, autoincrement: false },
    messageSound: { type: 'boolean', default: true },
    notificationSound: { type: 'boolean', default: true },
    desktopNotifications: { type: 'boolean', default: true },
    updatedAt: { type: 'datetime', length: 3, defaultRaw: 'now()', onUpdate: () => new Date() },
  },
})

/** A new email address waiting for the code sent to it; the address in use changes only when the code comes back. */
export class EmailChange implements CodeChallenge {
  [OptionalProps]?: 'attempts' | 'createdAt'
  userId!: number
  newEmail!: string
  codeHash!: string
  codeExpiresAt!: Date
  attempts: number = 0
  lastSentAt!: Date
  createdAt: Date = new Date()
}

export const EmailChangeSchema = new EntitySchema<EmailChange>({
  class: EmailChange,
  tableName: 'email_changes',
  properties: {
    userId: { type: 'integer', primary: true, autoincrement: false },
    newEmail: { type: 'string', length: 254 },
    codeHash: { type: 'string', length: 128 },
    codeExpiresAt: { type: 'datetime' },
    attempts: { type: 'integer', default: 0 },
    lastSentAt: { type: 'datetime' },
    createdAt: { type: 'datetime', defaultRaw: 'now()' },
  },
})
