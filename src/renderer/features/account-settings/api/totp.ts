import { useMutation, useQueryClient } from '@tanstack/react-query'
import { recoveryCodesResponseSchema, totpSetupResponseSchema } from '@shared/api/two-factor'
import { twoFactorEndpoints } from '@shared/api/endpoints/two-factor'
import { api } from '@/lib/api'
import { accountKeys, authKeys } from '@/lib/query-keys'

/** POST /api/auth/2fa/totp/setup: a new secret waiting for its first code (asking again replaces it). */
export async function setupTotp() {
  return totpSetupResponseSchema.parse(await api(twoFactorEndpoints.postAuth2faTotpSetup))
}

/** POST /api/auth/2fa/totp/enable: the first code turns the app on; the answer is ten recovery codes, shown once. */
export async function enableTotp(code: string) {
  return recoveryCodesResponseSchema.parse(await api(twoFactorEndpoints.postAuth2faTotpEnable, { body: { code } })).recoveryCodes
}

export const useSetupTotp = () => useMutation({ mutationFn: setupTotp })

export function useEnableTotp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: enableTotp,
    // an admin's area opens with it: the admin check is asked again
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() }),
        queryClient.invalidateQueries({ queryKey: authKeys.adminMe() }),
      ]),
  })
}
