import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ACCOUNT_RULES, avatarResponseSchema } from '@shared/api/account-settings'
import type { CurrentUser } from '@shared/api/auth'
import { accountSettingsEndpoints } from '@shared/api/endpoints/account-settings'
import { api, apiForm } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'

/** POST /api/settings/avatar (multipart, one file in "avatar"): answers the stored picture's URL. */
export async function uploadAvatar(file: Blob): Promise<string | null> {
  const form = new FormData()
  form.append(ACCOUNT_RULES.avatarField, file)
  return avatarResponseSchema.parse(await apiForm(accountSettingsEndpoints.postSettingsAvatar, form)).avatar
}

/** DELETE /api/settings/avatar: back to the initial. */
export async function removeAvatar(): Promise<string | null> {
  return avatarResponseSchema.parse(await api(accountSettingsEndpoints.deleteSettingsAvatar)).avatar
}

/** The header, the menus and every screen reading the current user show the new picture at once. */
function useAvatarMutation<TInput>(mutationFn: (input: TInput) => Promise<string | null>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (avatar) => {
      queryClient.setQueryData<CurrentUser | null>(authKeys.me(), (user) => (user ? { ...user, avatar } : user))
      return queryClient.invalidateQueries({ queryKey: authKeys.me() })
    },
  })
}

export const useUploadAvatar = () => useAvatarMutation(uploadAvatar)
export const useRemoveAvatar = () => useAvatarMutation<void>(() => removeAvatar())
