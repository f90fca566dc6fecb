import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiSend } from '@/lib/api-client'
import { accountKeys } from '@/lib/query-keys'

/** POST /api/auth/2fa/disable: the password and a code (from the app, or a recovery code) turn the app off. */
export async function disableTwoFactor(input: { password: string; code: string }) {
  await apiSend<unknown>('POST', '/api/auth/2fa/disable', input)
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() }) })
}
