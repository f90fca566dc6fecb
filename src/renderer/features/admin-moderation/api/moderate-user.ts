import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminUserDtoSchema, type AdminUserDto } from '@shared/api/moderation'
import type { Endpoint } from '@shared/api/endpoint'
import { moderationEndpoints } from '@shared/api/endpoints/moderation'
import { api } from '@/lib/api'
import { adminKeys, listingKeys } from '@/lib/query-keys'
import type { ActionBody, UserAction } from '../lib/moderation-actions'

export interface UserModeration {
  id: number
  action: UserAction
  body: ActionBody
}

/** Each action on a user by its name. */
const USER_ENDPOINTS = {
  ban: moderationEndpoints.banUser,
  unban: moderationEndpoints.unbanUser,
  flag: moderationEndpoints.flagUser,
  delete: moderationEndpoints.deleteUser,
} as const satisfies Record<UserAction, Endpoint>

/** POST /api/admin/users/{id}/{ban|unban|flag|delete}: answers the user as it is now. */
export async function moderateUser({ id, action, body }: UserModeration): Promise<AdminUserDto> {
  return adminUserDtoSchema.parse(await api(USER_ENDPOINTS[action], { params: { id }, body }))
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
