import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminUserDtoSchema, type AdminUserDto } from '@shared/api/moderation'
import { apiSend } from '@/lib/api-client'
import { adminKeys, listingKeys } from '@/lib/query-keys'
import type { ActionBody, UserAction } from '../lib/moderation-actions'

export interface UserModeration {
  id: number
  action: UserAction
  body: ActionBody
}

/** POST /api/admin/users/{id}/{ban|unban|flag|delete}: answers the user as it is now. */
export async function moderateUser({ id, action, body }: UserModeration): Promise<AdminUserDto> {
  return adminUserDtoSchema.parse(await apiSend<unknown>('POST', `/api/admin/users/${id}/${action}`, body))
}

export function useModerateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: moderateUser,
    onSettled: (_data, _error, { action }) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.moderation() })
      // a deleted account's listings leave the catalogue
      if (action === 'delete') void queryClient.invalidateQueries({ queryKey: listingKeys.all })
    },
  })
}
