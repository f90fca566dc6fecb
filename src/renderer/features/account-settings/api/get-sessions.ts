import { queryOptions, useQuery } from '@tanstack/react-query'
import { signedInSessionListSchema, type SignedInSession } from '@shared/api/sessions'
import { sessionsEndpoints } from '@shared/api/endpoints/sessions'
import { api } from '@/lib/api'
import { accountKeys } from '@/lib/query-keys'

/** GET /api/auth/sessions: where the user is signed in, the most recently used first, this browser marked. */
export async function getSessions(signal?: AbortSignal): Promise<SignedInSession[] | null> {
  const body = await api(sessionsEndpoints.getAuthSessions, {}, { signal })
  return body === null ? null : signedInSessionListSchema.parse(body)
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: accountKeys.sessions(), queryFn: ({ signal }) => getSessions(signal) })

export const useSessions = () => useQuery(sessionsQueryOptions())
