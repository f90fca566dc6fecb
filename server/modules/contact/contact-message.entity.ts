import { EntitySchema, OptionalProps } from '@mikro-orm/core'
import { User } from '../users/user.entity'

/** A message sent through the contact form; kept so no request is lost if the email to the admins is. */
export class ContactMessage {
  [OptionalProps]?: 'user' | 'createdAt'
  id!: number
  name!: string
  email!: string
  subject!: string
  message!: string
  /** the sender's account, when they were signed in */
  user: User | null = null
  createdAt: Date = new Date()
}

export const ContactMessageSchema = new EntitySchema<ContactMessage>({
  class: ContactMessage,
  tableName: 'contact_messages',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    name: { type: 'string', length: 100 },
    email: { type: 'string', length: 254 },
    subject: { type: 'string', length: 150 },
    message: { type: 'text' },
    user: { kind: 'm:1', entity: () => User, nullable: true },
    createdAt: { type: 'datetime', length: 3, defaultRaw: 'now()' },
  },
})
