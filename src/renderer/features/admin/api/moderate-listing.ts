import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminListingDtoSchema, type AdminListingDto } from '@shared/api/moderation'
import { apiSend } from '@/lib/api-client'
import { adminKeys, listingKeys } from '@/lib/query-keys'
import type { ActionBody, ListingAction } from '../lib/moderation-actions'

export interface ListingModeration {
  id: number
  action: ListingAction
  body: ActionBody
}

/** POST /api/admin/listings/{id}/{suspend|restore|verify|flag}: answers the listing as it is now. */
export async function moderateListing({ id, action, body }: ListingModeration): Promise<AdminListingDto> {
  return adminListingDtoSchema.parse(await apiSend<unknown>('POST', `/api/admin/listings/${id}/${action}`, body))
}

export function useModerateListing() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: moderateListing,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.moderation() })
      // cached catalogue pages and listing details follow a suspension, a restore or a new badge
      void queryClient.invalidateQueries({ queryKey: listingKeys.all })
    },
  })
}
