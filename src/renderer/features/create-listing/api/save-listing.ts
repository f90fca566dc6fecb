import { useMutation, useQueryClient } from '@tanstack/react-query'
import { listingDtoSchema, type ListingDto } from '@shared/api/listings'
import type { BodyOf } from '@shared/api/endpoint'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import { api } from '@/lib/api'
import { listingKeys } from '@/lib/query-keys'

/** Bodies are what the inputs hold (dollars, handle as typed); the server parses them with the shared schema. */
export type ListingBody = Record<string, unknown>

export type SaveRequest = { kind: 'create'; body: ListingBody } | { kind: 'update'; id: number; body: ListingBody }

/**
 * POST /api/accounts or PATCH /api/accounts/:id with only the changed fields. The form has already checked the body
 * against the same schema the server parses it with (lib/validation.ts), so it is sent as that schema's input.
 */
export async function saveListing(request: SaveRequest): Promise<ListingDto> {
  const answer =
    request.kind === 'create'
      ? await api(listingsEndpoints.postAccounts, { body: request.body as BodyOf<typeof listingsEndpoints.postAccounts> })
      : await api(listingsEndpoints.patchAccountsById, {
          params: { id: request.id },
          body: request.body as BodyOf<typeof listingsEndpoints.patchAccountsById>,
        })
  return listingDtoSchema.parse(answer)
}

export function useSaveListing() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  })
}
