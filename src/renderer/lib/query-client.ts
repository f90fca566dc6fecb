import { QueryClient } from '@tanstack/react-query'
import { CURRENT_USER_QUERY, PRIORITY_LOADER, QUERY_DEFAULTS } from '@shared/constants'
import { errorStatus } from './api-client'

/** Reads: never retry 401/403, retry a server error (≥ 500) once, anything else not at all (SPEC §8). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error)
  if (status === 401 || status === 403) return false
  if (status >= 500) return failureCount < 1
  return false
}

/** 1 s, 2 s, then capped at 3 s (SPEC §9). */
export function queryRetryDelay(attemptIndex: number): number {
  return Math.min(QUERY_DEFAULTS.retryDelayBaseMs * 2 ** attemptIndex, QUERY_DEFAULTS.retryDelayCapMs)
}

/** The current-user call rides out short server hiccups: up to 3 retries, on 5xx only. */
export function shouldRetryCurrentUser(failureCount: number, error: unknown): boolean {
  return errorStatus(error) >= 500 && failureCount < CURRENT_USER_QUERY.maxRetries
}

export function currentUserRetryDelay(attemptIndex: number): number {
  return Math.min(CURRENT_USER_QUERY.retryDelayBaseMs * 2 ** attemptIndex, CURRENT_USER_QUERY.retryDelayCapMs)
}

/** SPEC §9's priority loader, high priority: up to 3 retries, none on 401/403. */
export function shouldRetryHighPriority(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error)
  if (status === 401 || status === 403) return false
  return failureCount < PRIORITY_LOADER.high.retries
}

/** 500 ms, doubling, capped at 10 s. */
export function highPriorityRetryDelay(attemptIndex: number): number {
  return Math.min(PRIORITY_LOADER.high.backoffBaseMs * 2 ** attemptIndex, PRIORITY_LOADER.backoffCapMs)
}

/**
 * What the high-priority queries share (SPEC §9: the balance, deals and unread counts): kept 1 min, fresh 30 s, and
 * refetched on window focus and every 30 s, where the defaults never poll nor refetch on focus.
 */
export const HIGH_PRIORITY_QUERY = {
  staleTime: PRIORITY_LOADER.high.staleMs,
  gcTime: PRIORITY_LOADER.high.gcMs,
  refetchOnWindowFocus: true,
  refetchInterval: PRIORITY_LOADER.high.refetchIntervalMs,
  retry: shouldRetryHighPriority,
  retryDelay: highPriorityRetryDelay,
} as const

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleMs,
        gcTime: QUERY_DEFAULTS.gcMs,
        refetchOnWindowFocus: false,
        refetchOnMount: true,
        refetchOnReconnect: true,
        refetchInterval: false,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
      },
      // A repeated write could double a payment or a message: writes never retry.
      mutations: { retry: false },
    },
  })
}
