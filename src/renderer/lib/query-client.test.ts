import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { chatUnreadCountQueryOptions } from './chat-unread'
import { unreadCountQueryOptions } from './notifications'
import {
  createQueryClient,
  currentUserRetryDelay,
  highPriorityRetryDelay,
  queryRetryDelay,
  shouldRetryCurrentUser,
  shouldRetryHighPriority,
  shouldRetryQuery,
} from './query-client'

const http = (status: number) => new ApiError(`${status}: x`, status)

describe('read retry policy', () => {
  it('never retries 401 or 403', () => {
    expect(shouldRetryQuery(0, http(401))).toBe(false)
    expect(shouldRetryQuery(0, http(403))).toBe(false)
  })

  it('retries a server error exactly once', () => {
    expect(shouldRetryQuery(0, http(500))).toBe(true)
    expect(shouldRetryQuery(0, http(503))).toBe(true)
    expect(shouldRetryQuery(1, http(500))).toBe(false)
  })

  it('does not retry other client errors', () => {
    expect(shouldRetryQuery(0, http(404))).toBe(false)
    expect(shouldRetryQuery(0, http(422))).toBe(false)
  })

  it('doubles the delay from 1 s and caps it at 3 s', () => {
    expect([0, 1, 2, 3].map(queryRetryDelay)).toEqual([1000, 2000, 3000, 3000])
  })
})

describe('current-user retry policy', () => {
  it('retries up to 3 times on 5xx only', () => {
    expect(shouldRetryCurrentUser(0, http(502))).toBe(true)
    expect(shouldRetryCurrentUser(2, http(502))).toBe(true)
    expect(shouldRetryCurrentUser(3, http(502))).toBe(false)
    expect(shouldRetryCurrentUser(0, http(404))).toBe(false)
  })

  it('waits min(1000 * 2^n, 5000)', () => {
    expect([0, 1, 2, 3].map(currentUserRetryDelay)).toEqual([1000, 2000, 4000, 5000])
  })
})

describe('query client defaults', () => {
  it('applies the SPEC §9 cache settings and never retries writes', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions()
    expect(queries).toMatchObject({
      staleTime: 300_000,
      gcTime: 600_000,
      refetchOnWindowFocus: false,
      refetchOnMount: true,
      refetchOnReconnect: true,
    })
    expect(mutations?.retry).toBe(false)
  })
})

describe('high-priority queries (SPEC §9 priority loader)', () => {
  it('retry up to 3 times on anything but 401 and 403', () => {
    expect(shouldRetryHighPriority(0, http(401))).toBe(false)
    expect(shouldRetryHighPriority(0, http(403))).toBe(false)
    for (const error of [http(500), http(404), new Error('Network connection failed')]) {
      expect(shouldRetryHighPriority(2, error)).toBe(true)
      expect(shouldRetryHighPriority(3, error)).toBe(false)
    }
  })

  it('wait 500 ms, doubling, at most 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(highPriorityRetryDelay)).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000])
  })

  it('refetch on focus and every 30 s, kept 1 min: both unread counts, with the header stale time of 1 s', () => {
    for (const options of [unreadCountQueryOptions(), chatUnreadCountQueryOptions()]) {
      expect(options).toMatchObject({
        staleTime: 1_000,
        gcTime: 60_000,
        refetchOnWindowFocus: true,
        refetchInterval: 30_000,
        retry: shouldRetryHighPriority,
        retryDelay: highPriorityRetryDelay,
      })
    }
  })
})
