import { useMutation, useQueryClient } from '@tanstack/react-query'
import { trustapConnectionSchema, type TrustapConnectionDto, type TrustapOAuthCallbackRequest } from '@shared/api/payments'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { api } from '@/lib/api'
import { trustapKeys } from '@/lib/query-keys'

/** POST /api/trustap/oauth/callback {code, state}: the server checks the one-time state, swaps the code, keeps the account. */
export async function finishTrustapOAuth(request: TrustapOAuthCallbackRequest): Promise<TrustapConnectionDto> {
  return trustapConnectionSchema.parse(await api(paymentsEndpoints.postTrustapOauthCallback, { body: request }))
}

export function useFinishTrustapOAuth() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: finishTrustapOAuth,
    onSuccess: (connection) => client.setQueryData(trustapKeys.connection(), connection),
    // the state in any start URL still cached is used now (or was refused): the next Connect must ask again
    onSettled: () => client.removeQueries({ queryKey: trustapKeys.start() }),
  })
}
