import { EntitySchema } from '@mikro-orm/core'

/** Mail kept here instead of being sent when no SMTP server is configured; shown at /email/preview. */
export class OutboxEmail {
  id!: number
  to!: string
  subject!: string
  text!: string
  createdAt: Date = new Date()
}

export const OutboxEmailSchema = new EntitySchema<OutboxEmail>({
  class: OutboxEmail,
  tableName: 'email_outbox',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    to: { type: 'string', length: 254, index: true },
    subject: { type: 'string', length: 255 },
    text: { type: 'text' },
    createdAt: { type: 'datetime', defaultRaw: 'now()' },
  },
})
