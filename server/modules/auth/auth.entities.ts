import { EntitySchema } from '@mikro-orm/core'
import { User } from '../users/user.entity'

/** A sign-up waiting for its emailed code; the account exists only after verification. */
export class PendingSignup {
  id!: number
  email!: string
  username!: string
  usernameKey!: string
  passwordHash!: string
  codeHash!: string
  codeExpiresAt!: Date
  attempts: number = 0
  lastSentAt!: Date
  createdAt: Date = new Date()
}

export const PendingSignupSchema = new EntitySchema<PendingSignup>({
  class: PendingSignup,
  tableName: 'pending_signups',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    email: { type: 'string', length: 254, unique: true },
    username: { type: 'string', length: 50 },
    usernameKey: { type: 'string', length: 50, index: true },
    passwordHash: { type: 'string', length: 255 },
    codeHash: { type: 'string', length: 128 },
    codeExpiresAt: { type: 'datetime' },
    attempts: { type: 'integer', default: 0 },
    lastSentAt: { type: 'datetime' },
    createdAt: { type: 'datetime', defaultRaw: 'now()' },
  },
})

export class PasswordReset {
  id!: number
  user!: User
  tokenHash!: string
  expiresAt!: Date
  usedAt: Date | null = null
  createdAt: Date = new Date()
}

export const PasswordResetSchema = new EntitySchema<PasswordReset>({
  class: PasswordReset,
  tableName: 'password_resets',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    user: { kind: 'm:1', entity: () => User, deleteRule: 'cascade' },
    tokenHash: { type: 'string', length: 128, unique: true },
    expiresAt: { type: 'datetime' },
    usedAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()' },
  },
})
