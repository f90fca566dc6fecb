import { useMutation } from '@tanstack/react-query'
import { passwordChangedSchema, type PasswordChangeRequest } from '@shared/api/account-settings'
import { apiSend } from '@/lib/api-client'

/** POST /api/settings/password: every other session ends; this one stays signed in. */
export async function changePassword(input: PasswordChangeRequest) {
  return passwordChangedSchema.parse(await apiSend<unknown>('POST', '/api/settings/password', input))
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword })
