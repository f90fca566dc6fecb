import { queryOptions, useQuery } from '@tanstack/react-query'
import { trustapConnectionSchema, type TrustapConnectionDto } from '@shared/api/payments'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { api } from '@/lib/api'
import { trustapKeys } from '@/lib/query-keys'

/** GET /api/trustap/connection: the seller's connected Trustap account (`connected: false` when none); null signed out. */
export async function getTrustapConnection(signal?: AbortSignal): Promise<TrustapConnectionDto | null> {
  const body = await api(paymentsEndpoints.getTrustapConnection, {}, { signal })
  return body === null ? null : trustapConnectionSchema.parse(body)
}

// staleTime 0: per-user data that changes in another tab or after the callback; always re-read on opening the page
export const trustapConnectionQueryOptions = () =>
  queryOptions({ queryKey: trustapKeys.connection(), queryFn: ({ signal }) => getTrustapConnection(signal), staleTime: 0 })

export function useTrustapConnection(enabled: boolean) {
  return useQuery({ ...trustapConnectionQueryOptions(), enabled })
}
