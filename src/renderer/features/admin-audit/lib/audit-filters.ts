import type { z } from 'zod'
import { auditQuerySchema, type AuditQuery } from '@shared/api/audit'

/**
 * The audit log's filters and page live in the URL (?action=&targetType=&targetId=&adminId=&page=), so a
 * reload, Back or a link to a colleague shows the same entries. The API refuses unknown or malformed
 * parameters, so each one is read through the shared schema and a bad one is dropped, not sent.
 */

export const AUDIT_FILTER_KEYS = ['action', 'targetType', 'targetId', 'adminId'] as const
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number]

const fields = auditQuerySchema.shape

function read<S extends z.ZodType>(schema: S, raw: string | null): z.infer<S> | undefined {
  if (raw === null || raw.trim() === '') return undefined
  const parsed = schema.safeParse(raw)
  return parsed.success ? parsed.data : undefined
}

export function readAuditQuery(params: URLSearchParams): AuditQuery {
  const query: AuditQuery = { page: read(fields.page, params.get('page')) ?? 1 }
  const action = read(fields.action, params.get('action'))
  const targetType = read(fields.targetType, params.get('targetType'))
  const targetId = read(fields.targetId, params.get('targetId'))
  const adminId = read(fields.adminId, params.get('adminId'))
  if (action) query.action = action
  if (targetType) query.targetType = targetType
  if (targetId) query.targetId = targetId
  if (adminId) query.adminId = adminId
  return query
}

/** The query as URL parameters: only the filters in use, and the page only past the first. */
export function auditSearchParams(query: AuditQuery): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of AUDIT_FILTER_KEYS) {
    const value = query[key]
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  if (query.page > 1) params.set('page', String(query.page))
  return params
}

export const hasAuditFilters = (query: AuditQuery): boolean => AUDIT_FILTER_KEYS.some((key) => query[key] !== undefined)

/** A new filter starts again at page 1; an empty value removes the filter. */
export function withAuditFilters(query: AuditQuery, changes: Partial<Record<AuditFilterKey, string>>): URLSearchParams {
  const params = auditSearchParams({ ...query, page: 1 })
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue
    if (value.trim() === '') params.delete(key)
    else params.set(key, value.trim())
  }
  // through the reader again, so a value the API would refuse never reaches the URL
  return auditSearchParams(readAuditQuery(params))
}
