import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiSend } from '@/lib/api-client'
import { accountKeys } from '@/lib/query-keys'

/** DELETE /api/auth/webauthn/credentials/{id}: after a fresh second factor (the step-up dialog asks for one). */
export async function removePasskey(id: number): Promise<void> {
  await apiSend<unknown>('DELETE', `/api/auth/webauthn/credentials/${id}`)
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
