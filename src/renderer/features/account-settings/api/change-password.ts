import { useMutation } from '@tanstack/react-query'
import { passwordChangedSchema, type PasswordChangeRequest } from '@shared/api/account-settings'
import { accountSettingsEndpoints } from '@shared/api/endpoints/account-settings'
import { api } from '@/lib/api'

/** POST /api/settings/password: every other session ends; this one stays signed in. */
export async function changePassword(input: PasswordChangeRequest) {
  return passwordChangedSchema.parse(await api(accountSettingsEndpoints.postSettingsPassword, { body: input }))
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword })
