import { EntitySchema } from '@mikro-orm/core'

export class User {
  id!: number
  username!: string
  /** lower-cased username: uniqueness is case-insensitive */
  usernameKey!: string
  email!: string
  passwordHash!: string
  isAdmin: boolean = false
  avatar: string | null = null
  bannedAt: Date | null = null
  banReason: string | null = null
  /** set when an admin deleted the account: the row stays, anonymised, for the ledger and the history */
  deletedAt: Date | null = null
  /** when two-factor sign-in turned on (an authenticator app or a passkey); null while it is off */
  twoFactorSince: Date | null = null
  /** set when too many failed passwords locked sign-in; a second factor or the emailed unlock link lifts it */
  loginLockedAt: Date | null = null
  createdAt: Date = new Date()
}

export const UserSchema = new EntitySchema<User>({
  class: User,
  tableName: 'users',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    username: { type: 'string', length: 50 },
    usernameKey: { type: 'string', length: 50, unique: true },
    email: { type: 'string', length: 254, unique: true },
    passwordHash: { type: 'string', length: 255, hidden: true },
    isAdmin: { type: 'boolean', default: false },
    avatar: { type: 'string', length: 2048, nullable: true },
    bannedAt: { type: 'datetime', nullable: true },
    banReason: { type: 'string', length: 500, nullable: true },
    deletedAt: { type: 'datetime', nullable: true },
    twoFactorSince: { type: 'datetime', nullable: true },
    loginLockedAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()' },
  },
})
