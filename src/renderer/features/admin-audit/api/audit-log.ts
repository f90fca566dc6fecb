import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { auditEntryListSchema, type AuditEntryView, type AuditQuery } from '@shared/api/audit'
import { auditEndpoints } from '@shared/api/endpoints/audit'
import { apiWithHeaders } from '@/lib/api'
import { adminKeys } from '@/lib/query-keys'
import { totalOf } from '@/lib/admin/total-count'
import { auditSearchParams } from '../lib/audit-filters'

export interface AuditPage {
  items: AuditEntryView[]
  /** every entry matching the filters, from X-Total-Count */
  total: number
}

/** GET /api/admin/audit: one page of the log, newest first, with the matching total. */
export async function getAuditPage(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  const { body, headers } = await apiWithHeaders(auditEndpoints.getAdminAudit, { query: auditSearchParams(query) }, { signal })
  const items = body === null ? [] : auditEntryListSchema.parse(body)
  return { items, total: totalOf(headers, items.length) }
}

export const auditPageQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: adminKeys.auditList(query),
    queryFn: ({ signal }) => getAuditPage(query, signal),
    // other admins act all the time: every visit reads the log again rather than trusting the cache
    staleTime: 0,
    // the old page stays on screen while the next one loads, so paging does not flash an empty table
    placeholderData: keepPreviousData,
  })

export const useAuditPage = (query: AuditQuery) => useQuery(auditPageQueryOptions(query))
