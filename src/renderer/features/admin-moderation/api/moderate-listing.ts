import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminListingDtoSchema, type AdminListingDto } from '@shared/api/moderation'
import type { Endpoint } from '@shared/api/endpoint'
import { moderationEndpoints } from '@shared/api/endpoints/moderation'
import { api } from '@/lib/api'
import { adminKeys, listingKeys } from '@/lib/query-keys'
import type { ActionBody, ListingAction } from '../lib/moderation-actions'

export interface ListingModeration {
  id: number
  action: ListingAction
  body: ActionBody
}

/** Each action on a listing by its name. */
const LISTING_ENDPOINTS = {
  suspend: moderationEndpoints.suspendListing,
  restore: moderationEndpoints.restoreListing,
  verify: moderationEndpoints.verifyListing,
  flag: moderationEndpoints.flagListing,
} as const satisfies Record<ListingAction, Endpoint>

/** POST /api/admin/listings/{id}/{suspend|restore|verify|flag}: answers the listing as it is now. */
export async function moderateListing({ id, action, body }: ListingModeration): Promise<AdminListingDto> {
  return adminListingDtoSchema.parse(await api(LISTING_ENDPOINTS[action], { params: { id }, body }))
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
