import { useMutation, useQueryClient } from '@tanstack/react-query'
import { trustapConnectionSchema, type TrustapConnectionDto } from '@shared/api/payments'
import { apiSend } from '@/lib/api-client'
import { trustapKeys } from '@/lib/query-keys'

/** DELETE /api/trustap/connection: Handover forgets the Trustap user id and email; answers the (now empty) connection. */
export async function disconnectTrustap(): Promise<TrustapConnectionDto> {
  return trustapConnectionSchema.parse(await apiSend<unknown>('DELETE', '/api/trustap/connection'))
}

export function useDisconnectTrustap() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: disconnectTrustap,
    onSuccess: (connection) => client.setQueryData(trustapKeys.connection(), connection),
  })
}
