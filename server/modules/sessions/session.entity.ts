import { EntitySchema } from '@mikro-orm/core'

/** koa-session's external store: one row per browser session, so any instance can read it. */
export class SessionRecord {
  id!: string
  /** what the owner's list of sessions names it by: the id is a hash of the cookie's key and stays on the server */
  publicId!: string
  userId: number | null = null
  data!: Record<string, unknown>
  expiresAt!: Date
  updatedAt: Date = new Date()
  /** the sign-in: every sign-in starts a new session */
  createdAt: Date = new Date()
  /** the last request it made, kept to the minute */
  lastSeenAt: Date | null = null
  userAgent: string | null = null
  ip: string | null = null
}

export const SessionSchema = new EntitySchema<SessionRecord>({
  class: SessionRecord,
  tableName: 'sessions',
  properties: {
    id: { type: 'string', length: 128, primary: true },
    publicId: { type: 'uuid', unique: true, defaultRaw: 'gen_random_uuid()' },
    userId: { type: 'integer', nullable: true, index: true },
    data: { type: 'json' },
    expiresAt: { type: 'datetime', index: true },
    updatedAt: { type: 'datetime', defaultRaw: 'now()' },
    createdAt: { type: 'datetime', defaultRaw: 'now()' },
    lastSeenAt: { type: 'datetime', nullable: true },
    userAgent: { type: 'string', length: 512, nullable: true },
    ip: { type: 'string', length: 64, nullable: true },
  },
})
