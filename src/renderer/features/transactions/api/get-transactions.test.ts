import { describe, expect, it } from 'vitest'
import { highPriorityRetryDelay, shouldRetryHighPriority } from '@/lib/query-client'
import { transactionQueryOptions } from './get-transaction'
import { transactionsQueryOptions } from './get-transactions'

describe('the deals queries', () => {
  it('are high-priority (SPEC §9): kept 1 min, refetched on focus and every 30 s, its retries; stale after the header 2 min', () => {
    const list = transactionsQueryOptions({ status: null, role: null, page: 1, limit: 20 })
    for (const options of [list, transactionQueryOptions(7)]) {
      expect(options).toMatchObject({
        staleTime: 120_000,
        gcTime: 60_000,
        refetchOnWindowFocus: true,
        refetchInterval: 30_000,
        retry: shouldRetryHighPriority,
        retryDelay: highPriorityRetryDelay,
      })
    }
  })
})
