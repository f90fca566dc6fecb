import { useMutation, useQueryClient } from '@tanstack/react-query'
import { resolveReversalResultSchema, type ResolveReversalResult } from '@shared/api/admin-payments'
import { apiSend } from '@/lib/api-client'
import { paymentMonitorKeys } from './payment-monitor-keys'

/** POST /api/admin/payments/orders/{orderId}/resolve-reversal: the money of a reversed payment recovered; a repeat changes nothing. */
export async function resolveReversal(orderId: string, note: string): Promise<ResolveReversalResult> {
  return resolveReversalResultSchema.parse(await apiSend<unknown>('POST', `/api/admin/payments/orders/${encodeURIComponent(orderId)}/resolve-reversal`, { note }))
}

/** As the refund's: the answer is told by the mutation, since the order's live event can take the row's button away first. */
export function useResolveReversal(onSuccess: (result: ResolveReversalResult, orderId: string) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, note }: { orderId: string; note: string }) => resolveReversal(orderId, note),
    onSuccess: (result, { orderId }) => onSuccess(result, orderId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMonitorKeys.all }),
  })
}
