import { describe, expect, it } from 'vitest'
import { highPriorityRetryDelay, shouldRetryHighPriority } from '@/lib/query-client'
import { balanceQueryOptions } from './get-balance'

describe('balanceQueryOptions', () => {
  it('is a high-priority query (SPEC §9): fresh 30 s, kept 1 min, refetched on focus and every 30 s, its retries', () => {
    expect(balanceQueryOptions()).toMatchObject({
      staleTime: 30_000,
      gcTime: 60_000,
      refetchOnWindowFocus: true,
      refetchInterval: 30_000,
      retry: shouldRetryHighPriority,
      retryDelay: highPriorityRetryDelay,
    })
  })
})
