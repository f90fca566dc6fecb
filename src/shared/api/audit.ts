import { z } from 'zod'

/** What admins do that the audit log records; `{area}.{verb}`. */
export const AUDIT_ACTIONS = [
  'listing.approve',
  'listing.reject',
  'listing.suspend',
  'listing.restore',
  'listing.verify',
  'listing.flag',
  'user.ban',
  'user.unban',
  'user.flag',
  'user.delete',
  'transaction.start_countdown',
  'transaction.cancel',
  'transaction.refund',
  'transaction.resolve_release',
  'transaction.resolve_refund',
  'withdrawal.approve',
  'withdrawal.reject',
  'payment.reconcile',
  'payment.refund',
  'payment.resolve_reversal',
  'settings.update',
  'handover_steps.update',
  'blog.create',
  'blog.update',
  'blog.publish',
  'blog.unpublish',
  'blog.delete',
  'review.remove',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const AUDIT_TARGETS = [
  'listing',
  'user',
  'transaction',
  'withdrawal',
  'payment_order',
  'settings',
  'handover_steps',
  'blog_post',
  'review',
] as const
export type AuditTarget = (typeof AUDIT_TARGETS)[number]

export const AUDIT_PAGE_SIZE = 50

export const auditQuerySchema = z
  .object({
    action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
    targetType: z.enum(AUDIT_TARGETS, { error: `targetType must be one of ${AUDIT_TARGETS.join(', ')}` }).optional(),
    targetId: z.string().trim().min(1).max(64).optional(),
    adminId: z.coerce.number({ error: 'adminId must be a number' }).int().positive().optional(),
    page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(100_000).default(1),
  })
  .strict()
export type AuditQuery = z.infer<typeof auditQuerySchema>

export interface AuditEntryDto {
  id: number
  admin: { id: number; username: string }
  action: AuditAction
  targetType: AuditTarget
  targetId: string
  /** the changed fields before and after; null where there was nothing before (or nothing after) */
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  reason: string | null
  createdAt: string
}

/**
 * A page of the log as the website reads it. Action and target stay plain text here, so an entry of a kind
 * this build does not know yet still shows instead of failing the whole page.
 */
export const auditEntryListSchema = z.array(
  z.object({
    id: z.number().int(),
    admin: z.object({ id: z.number().int(), username: z.string() }),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    reason: z.string().nullable(),
    createdAt: z.string(),
  }),
)
export type AuditEntryView = z.infer<typeof auditEntryListSchema>[number]
