import { refundResultSchema, type RefundResult } from '@shared/api/admin-payments'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { api } from '@/lib/api'
import { useOrderDecision } from './order-decision'

/** POST /api/admin/payments/orders/{orderId}/refund: a held payment back to the payer; a repeat changes nothing. */
export async function refundOrder(orderId: string, reason: string): Promise<RefundResult> {
  return refundResultSchema.parse(await api(adminEndpoints.postAdminPaymentsOrdersRefund, { params: { orderId }, body: { reason } }))
}

export const useRefundOrder = (onSuccess: (result: RefundResult, orderId: string) => void) => useOrderDecision(refundOrder, onSuccess)
