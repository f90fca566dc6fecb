import { useMutation, useQueryClient } from '@tanstack/react-query'
import { recoveryCodesResponseSchema } from '@shared/api/two-factor'
import { twoFactorEndpoints } from '@shared/api/endpoints/two-factor'
import { api } from '@/lib/api'
import { accountKeys } from '@/lib/query-keys'

/** POST /api/auth/2fa/recovery-codes: ten new codes replace every earlier one (a fresh second factor first). */
export async function regenerateRecoveryCodes() {
  return recoveryCodesResponseSchema.parse(await api(twoFactorEndpoints.postAuth2faRecoveryCodes)).recoveryCodes
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: regenerateRecoveryCodes, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() }) })
}
