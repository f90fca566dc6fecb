import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiSend } from '@/lib/api-client'
import { listingKeys } from '@/lib/query-keys'

/** DELETE /api/accounts/:id (owner only, 204): the listing becomes `removed`. */
export function deleteListing(id: number): Promise<unknown> {
  return apiSend<unknown>('DELETE', `/api/accounts/${id}`)
}

export function useDeleteListing() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  })
}
