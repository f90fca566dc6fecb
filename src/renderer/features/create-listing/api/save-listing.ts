import { useMutation, useQueryClient } from '@tanstack/react-query'
import { listingDtoSchema, type ListingDto } from '@shared/api/listings'
import { apiSend } from '@/lib/api-client'
import { listingKeys } from '@/lib/query-keys'

/** Bodies are what the inputs hold (dollars, handle as typed); the server parses them with the shared schema. */
export type ListingBody = Record<string, unknown>

export type SaveRequest = { kind: 'create'; body: ListingBody } | { kind: 'update'; id: number; body: ListingBody }

/** POST /api/accounts or PATCH /api/accounts/:id with only the changed fields. */
export async function saveListing(request: SaveRequest): Promise<ListingDto> {
  const answer =
    request.kind === 'create'
      ? await apiSend<unknown>('POST', '/api/accounts', request.body)
      : await apiSend<unknown>('PATCH', `/api/accounts/${request.id}`, request.body)
  return listingDtoSchema.parse(answer)
}

export function useSaveListing() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  })
}
