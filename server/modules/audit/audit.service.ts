import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql'
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntryDto, type AuditQuery, type AuditTarget } from '@shared/api/audit'
import { User } from '../users/user.entity'
import { AuditEntry } from './audit.entity'

export interface AuditRecord {
  adminId: number
  action: AuditAction
  targetType: AuditTarget
  targetId: string | number
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  reason?: string | null
}

/**
 * Writes an admin action into the audit log inside the action's own transaction (`tx`): the log holds an
 * entry exactly when the change committed. The entry is flushed with the caller's next flush or commit.
 */
export function recordAudit(tx: EntityManager, record: AuditRecord): AuditEntry {
  if (!tx.isInTransaction()) throw new Error('an audit entry is written in the transaction of the action it records')
  return tx.create(AuditEntry, {
    admin: tx.getReference(User, record.adminId),
    action: record.action,
    targetType: record.targetType,
    targetId: String(record.targetId),
    before: record.before ?? null,
    after: record.after ?? null,
    reason: record.reason ?? null,
    createdAt: new Date(),
  })
}

/** Only the fields that differ between two snapshots, so an entry reads as the change it was. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  )
  return { before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])), after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) }
}

export function toAuditDto(entry: AuditEntry): AuditEntryDto {
  return {
    id: entry.id,
    admin: { id: entry.admin.id, username: entry.admin.username },
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before,
    after: entry.after,
    reason: entry.reason,
    createdAt: entry.createdAt.toISOString(),
  }
}

/** The newest first, a page of AUDIT_PAGE_SIZE, filtered by any of action, target and admin. */
export async function listAudit(em: EntityManager, query: AuditQuery): Promise<{ items: AuditEntryDto[]; total: number }> {
  const where: FilterQuery<AuditEntry> = {}
  if (query.action) where.action = query.action
  if (query.targetType) where.targetType = query.targetType
  if (query.targetId) where.targetId = query.targetId
  if (query.adminId) where.admin = query.adminId
  const [items, total] = await em.findAndCount(AuditEntry, where, {
    orderBy: { id: 'desc' },
    limit: AUDIT_PAGE_SIZE,
    offset: (query.page - 1) * AUDIT_PAGE_SIZE,
    populate: ['admin'],
  })
  return { items: items.map(toAuditDto), total }
}
