import { balanceKeys, trustapKeys } from '@/lib/query-keys'

/** The balance key factory, under the shared root that balance_updated and deal events invalidate. */
export const balanceQueryKeys = {
  all: balanceKeys.all,
  summary: () => [...balanceKeys.all, 'summary'] as const,
  histories: () => [...balanceKeys.all, 'history'] as const,
  history: (page: number) => [...balanceQueryKeys.histories(), page] as const,
  withdrawals: () => [...balanceKeys.all, 'withdrawals'] as const,
}

/** The seller's Trustap connection and the OAuth start URL (both per user, under the shared trustap root). */
export const trustapQueryKeys = {
  all: trustapKeys.all,
  connection: () => [...trustapKeys.all, 'connection'] as const,
  start: () => [...trustapKeys.all, 'oauth-start'] as const,
}
