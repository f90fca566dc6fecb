import { useMutation, useQueryClient } from '@tanstack/react-query'
import { twoFactorEndpoints } from '@shared/api/endpoints/two-factor'
import { api } from '@/lib/api'
import { accountKeys } from '@/lib/query-keys'

/** POST /api/auth/2fa/disable: the password and a code (from the app, or a recovery code) turn the app off. */
export async function disableTwoFactor(input: { password: string; code: string }) {
  await api(twoFactorEndpoints.postAuth2faDisable, { body: input })
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() }) })
}
