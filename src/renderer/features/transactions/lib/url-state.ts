import { TRANSACTION_STATUSES, type TransactionStatus } from '@shared/api/transactions'

/** /transactions keeps its filters and page in the URL (`?status=&role=&page=`): reload, Back and links keep them. */
export type StatusFilter = TransactionStatus | 'active'
export type RoleFilter = 'buyer' | 'seller'

export interface TransactionFilters {
  status: StatusFilter | null
  role: RoleFilter | null
  page: number
}

export const STATUS_FILTERS: readonly StatusFilter[] = ['active', ...TRANSACTION_STATUSES]
const MAX_PAGE = 100_000

/** Anything unreadable falls back to the default: it came from a link or a hand edit, not from us. */
export function parseTransactionSearch(params: URLSearchParams): TransactionFilters {
  const rawStatus = params.get('status')
  const status = rawStatus !== null && (STATUS_FILTERS as readonly string[]).includes(rawStatus) ? (rawStatus as StatusFilter) : null
  const rawRole = params.get('role')
  const role = rawRole === 'buyer' || rawRole === 'seller' ? rawRole : null
  const rawPage = params.get('page') ?? ''
  const page = /^\d{1,6}$/.test(rawPage) ? Number(rawPage) : 1
  return { status, role, page: page >= 1 && page <= MAX_PAGE ? page : 1 }
}

/** Defaults stay out, so the plain address remains /transactions. */
export function writeTransactionSearch(filters: TransactionFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.status) params.set('status', filters.status)
  if (filters.role) params.set('role', filters.role)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}
