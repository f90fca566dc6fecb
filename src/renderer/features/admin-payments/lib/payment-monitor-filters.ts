import type { z } from 'zod'
import { adminDealQuerySchema, adminOrderQuerySchema, type AdminDealQuery, type AdminOrderQuery } from '@shared/api/admin-payments'

/**
 * The payment monitor's filters and pages live in the URL, so a reload, Back or a link to a colleague shows the
 * same rows: `?status=&provider=&kind=&page=` for orders, `?txStatus=&txPage=` for escrow deals, and `olderThan`
 * and `stuck` for both. Each value is read through the shared schema; one the API would refuse is dropped.
 */
export interface MonitorFilters {
  status?: AdminOrderQuery['status']
  provider?: AdminOrderQuery['provider']
  kind?: AdminOrderQuery['kind']
  /** minutes since the order or deal was opened */
  olderThan?: number
  /** only what the server flags as stuck */
  stuck: boolean
  page: number
  txStatus?: AdminDealQuery['status']
  txPage: number
}

export type MonitorFilterKey = 'status' | 'provider' | 'kind' | 'olderThan' | 'stuck' | 'txStatus'

const orderFields = adminOrderQuerySchema.shape
const dealFields = adminDealQuerySchema.shape

function read<S extends z.ZodType>(schema: S, raw: string | null): z.infer<S> | undefined {
  if (raw === null || raw.trim() === '') return undefined
  const parsed = schema.safeParse(raw)
  return parsed.success ? parsed.data : undefined
}

export function readMonitorFilters(params: URLSearchParams): MonitorFilters {
  return {
    status: read(orderFields.status, params.get('status')),
    provider: read(orderFields.provider, params.get('provider')),
    kind: read(orderFields.kind, params.get('kind')),
    olderThan: read(orderFields.olderThan, params.get('olderThan')),
    stuck: read(orderFields.stuck, params.get('stuck')) === true,
    page: read(orderFields.page, params.get('page')) ?? 1,
    txStatus: read(dealFields.status, params.get('txStatus')),
    txPage: read(dealFields.page, params.get('txPage')) ?? 1,
  }
}

/** Only the filters in use, and pages past the first. */
export function monitorSearchParams(filters: MonitorFilters): URLSearchParams {
  const params = new URLSearchParams()
  const set = (key: string, value: string | number | undefined) => value !== undefined && params.set(key, String(value))
  set('status', filters.status)
  set('provider', filters.provider)
  set('kind', filters.kind)
  set('olderThan', filters.olderThan)
  if (filters.stuck) params.set('stuck', 'true')
  if (filters.page > 1) params.set('page', String(filters.page))
  set('txStatus', filters.txStatus)
  if (filters.txPage > 1) params.set('txPage', String(filters.txPage))
  return params
}

/** A changed filter starts its lists again at page 1; an empty value removes it. */
export function withMonitorFilter(filters: MonitorFilters, key: MonitorFilterKey, value: string): URLSearchParams {
  const params = monitorSearchParams(filters)
  params.delete(key === 'txStatus' ? 'txPage' : 'page')
  if (key === 'olderThan' || key === 'stuck') params.delete('txPage')
  if (value.trim() === '') params.delete(key)
  else params.set(key, value.trim())
  // through the reader again, so a value the API would refuse never reaches the URL
  return monitorSearchParams(readMonitorFilters(params))
}

/** Whether the orders table, the deals table, or either is narrowed (age and "stuck only" narrow both). */
export const hasOrderFilters = (f: MonitorFilters): boolean =>
  f.status !== undefined || f.provider !== undefined || f.kind !== undefined || f.olderThan !== undefined || f.stuck
export const hasDealFilters = (f: MonitorFilters): boolean => f.txStatus !== undefined || f.olderThan !== undefined || f.stuck
export const hasMonitorFilters = (f: MonitorFilters): boolean => hasOrderFilters(f) || hasDealFilters(f)

export const orderQueryOf = (f: MonitorFilters): AdminOrderQuery => ({
  status: f.status,
  provider: f.provider,
  kind: f.kind,
  olderThan: f.olderThan,
  stuck: f.stuck || undefined,
  page: f.page,
})

export const dealQueryOf = (f: MonitorFilters): AdminDealQuery => ({
  status: f.txStatus,
  olderThan: f.olderThan,
  stuck: f.stuck || undefined,
  page: f.txPage,
})

/** The query string of a monitor list (its CSV export leaves the page out): only what is set. */
export function listSearch(query: Partial<AdminOrderQuery> | Partial<AdminDealQuery>, withPage = true): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || (key === 'page' && (!withPage || value === 1))) continue
    params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `?${search}` : ''
}

/** The age filter's choices, in minutes; a value from a link that is not among them is offered too. */
export const AGE_CHOICES: readonly { minutes: number; label: string }[] = [
  { minutes: 5, label: 'Older than 5 minutes' },
  { minutes: 15, label: 'Older than 15 minutes' },
  { minutes: 30, label: 'Older than 30 minutes' },
  { minutes: 60, label: 'Older than 1 hour' },
  { minutes: 360, label: 'Older than 6 hours' },
  { minutes: 1440, label: 'Older than 1 day' },
  { minutes: 10_080, label: 'Older than 7 days' },
]

export function ageLabel(minutes: number): string {
  return AGE_CHOICES.find((choice) => choice.minutes === minutes)?.label ?? `Older than ${minutes.toLocaleString('en-US')} minutes`
}
