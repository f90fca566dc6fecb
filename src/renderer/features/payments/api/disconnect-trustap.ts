import { useMutation, useQueryClient } from '@tanstack/react-query'
import { trustapConnectionSchema, type TrustapConnectionDto } from '@shared/api/payments'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { api } from '@/lib/api'
import { trustapKeys } from '@/lib/query-keys'

/** DELETE /api/trustap/connection: Handover forgets the Trustap user id and email; answers the (now empty) connection. */
export async function disconnectTrustap(): Promise<TrustapConnectionDto> {
  return trustapConnectionSchema.parse(await api(paymentsEndpoints.deleteTrustapConnection))
}

export function useDisconnectTrustap() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: disconnectTrustap,
    onSuccess: (connection) => client.setQueryData(trustapKeys.connection(), connection),
  })
}
