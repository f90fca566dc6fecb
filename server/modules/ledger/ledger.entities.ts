import { BigIntType, EntitySchema } from '@mikro-orm/core'
import { User } from '../users/user.entity'

/** `withdrawal_hold`: a user's money set aside for one withdrawal until an admin decides (`withdrawal:{id}`). */
export const LEDGER_ACCOUNT_KINDS = ['user_wallet', 'escrow', 'platform_fees', 'promotions', 'provider_clearing', 'withdrawal_hold'] as const
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number]

/** Balances are never stored: they are the sum of an account's entries. */
export class LedgerAccount {
  id!: number
  code!: string
  kind!: LedgerAccountKind
  user: User | null = null
  /** wallets may not go below zero; system accounts (promotions, clearing) may */
  allowNegative: boolean = false
  createdAt: Date = new Date()
}

export const LedgerAccountSchema = new EntitySchema<LedgerAccount>({
  class: LedgerAccount,
  tableName: 'ledger_accounts',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    code: { type: 'string', length: 100, unique: true },
    kind: { type: 'string', length: 32 },
    user: { kind: 'm:1', entity: () => User, nullable: true, index: true },
    allowNegative: { type: 'boolean', default: false },
    createdAt: { type: 'datetime', defaultRaw: 'now()' },
  },
})

export class LedgerTransfer {
  id!: number
  kind!: string
  idempotencyKey!: string
  memo!: string
  createdAt: Date = new Date()
}

export const LedgerTransferSchema = new EntitySchema<LedgerTransfer>({
  class: LedgerTransfer,
  tableName: 'ledger_transfers',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    kind: { type: 'string', length: 64 },
    idempotencyKey: { type: 'string', length: 200, unique: true },
    memo: { type: 'string', length: 500 },
    createdAt: { type: 'datetime', defaultRaw: 'now()' },
  },
})

export class LedgerEntry {
  id!: number
  transfer!: LedgerTransfer
  account!: LedgerAccount
  /** signed integer cents: positive credits the account */
  amountCents!: number
  createdAt: Date = new Date()
}

export const LedgerEntrySchema = new EntitySchema<LedgerEntry>({
  class: LedgerEntry,
  tableName: 'ledger_entries',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    transfer: { kind: 'm:1', entity: () => LedgerTransfer, index: true },
    /** indexed with the entry's id by a migration, `(account_id, id desc)`: balances and the history read it */
    account: { kind: 'm:1', entity: () => LedgerAccount },
    amountCents: { type: new BigIntType('number'), columnType: 'bigint' },
    createdAt: { type: 'datetime', defaultRaw: 'now()' },
  },
})
