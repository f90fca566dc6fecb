import { queryOptions, useQuery } from '@tanstack/react-query'
import type { EmailDiagnostic } from '@shared/api/email'
import { emailEndpoints } from '@shared/api/endpoints/email'
import { api } from '@/lib/api'
import { ApiError } from '@/lib/api-client'
import { emailKeys } from '@/lib/query-keys'

/** Refreshed every few seconds for an admin, so a code sent from another tab shows up without a reload; nobody else is asked again. */
export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: emailKeys.outbox(),
    queryFn: ({ signal }) => api(emailEndpoints.getEmailOutbox, {}, { signal }),
    refetchInterval: (query) => (query.state.data ? 5_000 : false),
  })

export const useOutbox = () => useQuery(outboxQueryOptions())

/** The diagnostic answers 503 with the same body when the check fails; that is a result, not an error. */
async function fetchDiagnostic(signal: AbortSignal): Promise<EmailDiagnostic> {
  try {
    const result = await api(emailEndpoints.getEmailDiagnostic, {}, { signal })
    if (!result) throw new ApiError('401: Sign in to run the email check', 401)
    return result
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) {
      const body = error.message.replace(/^503: /, '')
      try {
        return JSON.parse(body) as EmailDiagnostic
      } catch {
        return { transport: 'smtp', ok: false, status: 'down', message: body }
      }
    }
    throw error
  }
}

export const useEmailDiagnostic = () => useQuery({ queryKey: emailKeys.diagnostic(), queryFn: ({ signal }) => fetchDiagnostic(signal), staleTime: 0 })
