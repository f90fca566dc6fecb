import { queryOptions, useQuery } from '@tanstack/react-query'
import { diagnosticReportSchema, type DiagnosticReport } from '@shared/api/diagnostics'
import { diagnosticsEndpoints } from '@shared/api/endpoints/diagnostics'
import { api } from '@/lib/api'
import { ApiError } from '@/lib/api-client'
import { diagnosticKeys } from '@/lib/query-keys'

/** 503 carries the same report (a required component is down): a result to show, not an error. */
async function fetchDiagnostic(signal: AbortSignal): Promise<DiagnosticReport> {
  try {
    return diagnosticReportSchema.parse(await api(diagnosticsEndpoints.getDiagnostic, {}, { signal }))
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) {
      const parsed = diagnosticReportSchema.safeParse(safeJson(error.message.replace(/^503: /, '')))
      if (parsed.success) return parsed.data
    }
    throw error
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

export const diagnosticQueryOptions = () =>
  queryOptions({ queryKey: diagnosticKeys.report(), queryFn: ({ signal }) => fetchDiagnostic(signal), staleTime: 0, retry: false })

export const useDiagnostic = () => useQuery(diagnosticQueryOptions())
