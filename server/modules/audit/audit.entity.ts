import { EntitySchema, OptionalProps } from '@mikro-orm/core'
import type { AuditAction, AuditTarget } from '@shared/api/audit'
import { User } from '../users/user.entity'

/** One admin action: who, what, on which object, the fields before and after, and why. Never updated. */
export class AuditEntry {
  [OptionalProps]?: 'before' | 'after' | 'reason' | 'createdAt'
  id!: number
  admin!: User
  action!: AuditAction
  targetType!: AuditTarget
  targetId!: string
  before: Record<string, unknown> | null = null
  after: Record<string, unknown> | null = null
  reason: string | null = null
  createdAt: Date = new Date()
}

export const AuditEntrySchema = new EntitySchema<AuditEntry>({
  class: AuditEntry,
  tableName: 'admin_audit_log',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    admin: { kind: 'm:1', entity: () => User },
    action: { type: 'string', length: 40 },
    targetType: { type: 'string', length: 20 },
    targetId: { type: 'string', length: 64 },
    before: { type: 'json', nullable: true },
    after: { type: 'json', nullable: true },
    reason: { type: 'text', nullable: true },
    createdAt: { type: 'datetime', length: 3, defaultRaw: 'now()' },
  },
})
