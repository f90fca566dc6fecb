import { EntitySchema } from '@mikro-orm/core'

/** koa-session's external store: one row per browser session, so any instance can read it. */
export class SessionRecord {
  id!: string
  userId: number | null = null
  data!: Record<string, unknown>
  expiresAt!: Date
  updatedAt: Date = new Date()
}

export const SessionSchema = new EntitySchema<SessionRecord>({
  class: SessionRecord,
  tableName: 'sessions',
  properties: {
    id: { type: 'string', length: 128, primary: true },
    userId: { type: 'integer', nullable: true, index: true },
    data: { type: 'json' },
    expiresAt: { type: 'datetime', index: true },
    updatedAt: { type: 'datetime', defaultRaw: 'now()' },
  },
})
