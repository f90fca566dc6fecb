import { BigIntType, EntitySchema, OptionalProps } from '@mikro-orm/core'

/** A user's authenticator app: the secret in use and one being set up, both sealed (totp.ts); the last step used. */
export class UserTotp {
  [OptionalProps]?: 'updatedAt'
  userId!: number
  secret: string | null = null
  pendingSecret: string | null = null
  enabledAt: Date | null = null
  /** the newest 30 s step a code was accepted for: that step and older ones are refused, so a code works once */
  lastStep: number | null = null
  updatedAt: Date = new Date()
}

export const UserTotpSchema = new EntitySchema<UserTotp>({
  class: UserTotp,
  tableName: 'user_totp',
  properties: {
    userId: { type: 'integer', primary: true, autoincrement: false },
    secret: { type: 'string', length: 255, nullable: true, hidden: true },
    pendingSecret: { type: 'string', length: 255, nullable: true, hidden: true },
    enabledAt: { type: 'datetime', nullable: true },
    lastStep: { type: new BigIntType('number'), nullable: true },
    updatedAt: { type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() },
  },
})

/** One of the ten one-time recovery codes, as a keyed hash; used once, then kept as used until they are renewed. */
export class RecoveryCode {
  [OptionalProps]?: 'createdAt' | 'usedAt'
  id!: number
  userId!: number
  codeHash!: string
  usedAt: Date | null = null
  createdAt: Date = new Date()
}

export const RecoveryCodeSchema = new EntitySchema<RecoveryCode>({
  class: RecoveryCode,
  tableName: 'recovery_codes',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    userId: { type: 'integer', index: true },
    codeHash: { type: 'string', length: 128 },
    usedAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()' },
  },
})

/** A passkey: a WebAuthn credential's public key, its signature counter and the name its owner gave it. */
export class Passkey {
  [OptionalProps]?: 'createdAt' | 'lastUsedAt' | 'counter' | 'transports'
  id!: number
  userId!: number
  /** base64url, as the browser reports it */
  credentialId!: string
  publicKey!: Buffer
  counter: number = 0
  transports: string[] = []
  name!: string
  createdAt: Date = new Date()
  lastUsedAt: Date | null = null
}

export const PasskeySchema = new EntitySchema<Passkey>({
  class: Passkey,
  tableName: 'passkeys',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    userId: { type: 'integer', index: true },
    credentialId: { type: 'string', length: 1024, unique: true },
    publicKey: { type: 'blob' },
    counter: { type: new BigIntType('number'), default: 0 },
    transports: { type: 'json', default: '[]' },
    name: { type: 'string', length: 64 },
    createdAt: { type: 'datetime', defaultRaw: 'now()' },
    lastUsedAt: { type: 'datetime', nullable: true },
  },
})

/** An emailed link that lifts a sign-in lock (too many failed passwords); works once, like a reset link. */
export class AccountUnlock {
  [OptionalProps]?: 'createdAt' | 'usedAt'
  id!: number
  userId!: number
  tokenHash!: string
  expiresAt!: Date
  usedAt: Date | null = null
  createdAt: Date = new Date()
}

export const AccountUnlockSchema = new EntitySchema<AccountUnlock>({
  class: AccountUnlock,
  tableName: 'account_unlocks',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    userId: { type: 'integer' },
    tokenHash: { type: 'string', length: 128, unique: true },
    expiresAt: { type: 'datetime' },
    usedAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()' },
  },
})

/** A browser a user has signed in from: a hash of its device cookie's id with the user's, never the id itself. */
export class KnownDevice {
  [OptionalProps]?: 'createdAt' | 'lastSeenAt'
  userId!: number
  deviceHash!: string
  createdAt: Date = new Date()
  lastSeenAt: Date = new Date()
}

export const KnownDeviceSchema = new EntitySchema<KnownDevice>({
  class: KnownDevice,
  tableName: 'known_devices',
  properties: {
    userId: { type: 'integer', primary: true, autoincrement: false },
    deviceHash: { type: 'string', length: 128, primary: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()' },
    lastSeenAt: { type: 'datetime', defaultRaw: 'now()' },
  },
})
