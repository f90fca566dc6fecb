import { QueryClient } from '@tanstack/react-query'
import { CURRENT_USER_QUERY, QUERY_DEFAULTS } from '@shared/constants'
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
