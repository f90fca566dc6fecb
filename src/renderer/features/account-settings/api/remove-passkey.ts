import { useMutation, useQueryClient } from '@tanstack/react-query'
import { webauthnEndpoints } from '@shared/api/endpoints/webauthn'
import { api } from '@/lib/api'
import { accountKeys } from '@/lib/query-keys'

/** DELETE /api/auth/webauthn/credentials/{id}: after a fresh second factor (the step-up dialog asks for one). */
export async function removePasskey(id: number): Promise<void> {
  await api(webauthnEndpoints.deleteAuthWebauthnCredentialsById, { params: { id } })
}

export function useRemovePasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removePasskey,
    // one already gone elsewhere (404) leaves the list as stale as a success; the last one turns two-factor off
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.passkeys() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() }),
      ]),
  })
}
