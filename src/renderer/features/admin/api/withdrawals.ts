import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { adminWithdrawalDtoSchema, type AdminWithdrawalDto } from '@shared/api/payments'
import { apiGetWithHeaders, apiSend } from '@/lib/api-client'
import { adminKeys } from '@/lib/query-keys'
import { adminQueryKeys } from './keys'
import { totalOf, type Page } from './total-count'

/**
 * GET /api/admin/withdrawals?status=requested&page=: one page of the withdrawals waiting for a decision, the longest
 * waiting first, and how many wait in all.
 */
export async function getPendingWithdrawals(page: number, signal?: AbortSignal): Promise<Page<AdminWithdrawalDto>> {
  const query = new URLSearchParams({ status: 'requested' })
  if (page > 1) query.set('page', String(page))
  const { body, headers } = await apiGetWithHeaders<unknown>(`/api/admin/withdrawals?${query}`, { signal })
  const items = body === null ? [] : adminWithdrawalDtoSchema.array().parse(body)
  return { items, total: totalOf(headers, items.length) }
}

export const pendingWithdrawalsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminQueryKeys.withdrawals(page),
    queryFn: ({ signal }) => getPendingWithdrawals(page, signal),
    refetchInterval: 30_000,
    // the next page keeps this one on screen until it arrives
    placeholderData: keepPreviousData,
  })

export function usePendingWithdrawals(page: number) {
  return useQuery(pendingWithdrawalsQueryOptions(page))
}

export type WithdrawalDecision = { id: number; action: 'approve' } | { id: number; action: 'reject'; reason: string }

/**
 * Approve pays out through the provider; reject gives the money back with the reason. The server decides each
 * withdrawal once under its lock, so repeating the same decision answers the same and moves nothing.
 */
export function useDecideWithdrawal() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (decision: WithdrawalDecision) =>
      decision.action === 'approve'
        ? apiSend<unknown>('POST', `/api/admin/withdrawals/${decision.id}/approve`)
        : apiSend<unknown>('POST', `/api/admin/withdrawals/${decision.id}/reject`, { reason: decision.reason }),
    // the queue and the figures
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
