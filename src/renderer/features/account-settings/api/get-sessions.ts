import { queryOptions, useQuery } from '@tanstack/react-query'
import { signedInSessionListSchema, type SignedInSession } from '@shared/api/sessions'
import { apiGet } from '@/lib/api-client'
import { accountKeys } from '@/lib/query-keys'

/** GET /api/auth/sessions: where the user is signed in, the most recently used first, this browser marked. */
export async function getSessions(signal?: AbortSignal): Promise<SignedInSession[] | null> {
  const body = await apiGet<unknown>('/api/auth/sessions', { signal })
  return body === null ? null : signedInSessionListSchema.parse(body)
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: accountKeys.sessions(), queryFn: ({ signal }) => getSessions(signal) })

export const useSessions = () => useQuery(sessionsQueryOptions())
