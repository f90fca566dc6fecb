import { useMutation, useQueryClient } from '@tanstack/react-query'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import { api } from '@/lib/api'
import { listingKeys } from '@/lib/query-keys'

/** DELETE /api/accounts/:id (owner only, 204): the listing becomes `removed`. */
export function deleteListing(id: number): Promise<unknown> {
  return api(listingsEndpoints.deleteAccountsById, { params: { id } })
}

export function useDeleteListing() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  })
}
