import { useMutation, useQueryClient } from '@tanstack/react-query'
import { refundResultSchema, type RefundResult } from '@shared/api/admin-payments'
import { apiSend } from '@/lib/api-client'
import { paymentMonitorKeys } from './payment-monitor-keys'

/** POST /api/admin/payments/orders/{orderId}/refund: a held payment back to the payer; a repeat changes nothing. */
export async function refundOrder(orderId: string, reason: string): Promise<RefundResult> {
  return refundResultSchema.parse(await apiSend<unknown>('POST', `/api/admin/payments/orders/${encodeURIComponent(orderId)}/refund`, { reason }))
}

/**
 * `onSuccess` belongs to the mutation, not to one `mutate` call: the refund's own live event refetches the table and
 * takes the row's button (and its dialog) away before the answer arrives, and the answer must still be told.
 */
export function useRefundOrder(onSuccess: (result: RefundResult, orderId: string) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) => refundOrder(orderId, reason),
    onSuccess: (result, { orderId }) => onSuccess(result, orderId),
    // whatever the answer, the lists and the stuck counts show the order as it is now
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMonitorKeys.all }),
  })
}
