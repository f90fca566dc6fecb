import { queryOptions, useQuery } from '@tanstack/react-query'
import { transactionDetailSchema, type TransactionDetailDto } from '@shared/api/transactions'
import { HEADER_STALE } from '@shared/constants'
import { transactionEndpoints } from '@shared/api/endpoints/transactions'
import { api } from '@/lib/api'
import { ApiError } from '@/lib/api-client'
import { HIGH_PRIORITY_QUERY } from '@/lib/query-client'
import { transactionKeys } from '@/lib/query-keys'

/** GET /api/transactions/{id}; a deal that does not exist or is not the viewer's (404) is null. */
export async function getTransaction(id: number, signal?: AbortSignal): Promise<TransactionDetailDto | null> {
  try {
    const body = await api(transactionEndpoints.getTransactionsById, { params: { id } }, { signal })
    return body === null ? null : transactionDetailSchema.parse(body)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export const transactionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: transactionKeys.detail(id),
    queryFn: ({ signal }) => getTransaction(id, signal),
    ...HIGH_PRIORITY_QUERY,
    // SPEC §9 names the deals' own stale time beside the priority loader's
    staleTime: HEADER_STALE.transactionsMs,
  })

export function useTransaction(id: number, enabled: boolean) {
  return useQuery({ ...transactionQueryOptions(id), enabled })
}
