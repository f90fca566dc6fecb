import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { adminWithdrawalDtoSchema, type AdminWithdrawalDto, type WithdrawalStatus } from '@shared/api/payments'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { api, apiUrl, apiWithHeaders } from '@/lib/api'
import { idempotencyHeaders, requestScope, type ActionKeys } from '@/lib/idempotency'
import { adminKeys } from '@/lib/query-keys'
import { totalOf, type Page } from '@/lib/admin/total-count'

/**
 * GET /api/admin/withdrawals?status=requested&page=: one page of the withdrawals waiting for a decision, the longest
 * waiting first, and how many wait in all.
 */
export async function getPendingWithdrawals(page: number, signal?: AbortSignal): Promise<Page<AdminWithdrawalDto>> {
  const query = new URLSearchParams({ status: 'requested' })
  if (page > 1) query.set('page', String(page))
  const { body, headers } = await apiWithHeaders(paymentsEndpoints.getAdminWithdrawals, { query }, { signal })
  const items = body === null ? [] : adminWithdrawalDtoSchema.array().parse(body)
  return { items, total: totalOf(headers, items.length) }
}

export const pendingWithdrawalsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.withdrawals(page),
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
 * Approve pays out through the provider; reject gives the money back with the reason. Each goes under the action's
 * Idempotency-Key, so a double click or a retry after a lost answer moves the money once; the server decides each
 * withdrawal once under its lock and answers another admin's decision, or another reason, with a 409.
 */
export async function decideWithdrawal(decision: WithdrawalDecision, keys: ActionKeys): Promise<AdminWithdrawalDto> {
  const { endpoint, path, body } = decisionRequest(decision)
  const answer = await api(endpoint, { params: { id: decision.id }, body }, { headers: idempotencyHeaders(keys, endpoint.method, path, body) })
  return adminWithdrawalDtoSchema.parse(answer)
}

function decisionRequest(decision: WithdrawalDecision) {
  const endpoint = decision.action === 'reject' ? paymentsEndpoints.postAdminWithdrawalsReject : paymentsEndpoints.postAdminWithdrawalsApprove
  return {
    endpoint,
    path: apiUrl(endpoint, { params: { id: decision.id } }),
    body: decision.action === 'reject' ? { reason: decision.reason } : undefined,
  }
}

export function useDecideWithdrawal(keys: ActionKeys) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (decision: WithdrawalDecision) => decideWithdrawal(decision, keys),
    // only this request's key: the queue holds one set for every withdrawal, and another's lost answer keeps its own
    onSuccess: (_answer, decision) => {
      const { path, body } = decisionRequest(decision)
      keys.settle(requestScope('POST', path, body))
    },
    // the queue and the figures
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.all }),
  })
}

/** GET /api/admin/withdrawals/{id}: one withdrawal as it stands, decided or not. */
export async function getWithdrawal(id: number, signal?: AbortSignal): Promise<AdminWithdrawalDto | null> {
  const body = await api(paymentsEndpoints.getAdminWithdrawalsById, { params: { id } }, { signal })
  return body === null ? null : adminWithdrawalDtoSchema.parse(body)
}

/**
 * The withdrawal's status as it is now, read afresh whenever `enabled` turns on: whether one that left the queue
 * while an admin was deciding it was decided, and how ('requested' when it only moved to another page of the queue).
 */
export function useWithdrawalStatus(id: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.withdrawal(id),
    queryFn: ({ signal }) => getWithdrawal(id, signal),
    enabled,
    staleTime: 0,
    select: (withdrawal): WithdrawalStatus | null => withdrawal?.status ?? null,
  })
}
