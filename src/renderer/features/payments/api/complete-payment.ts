import { useMutation } from '@tanstack/react-query'
import { completePaymentResponseSchema } from '@shared/api/payments'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { api } from '@/lib/api'

/** SPEC §7 POST /api/trustap/complete-payment {order_id, confirm_payment: true}: "Complete Payment Manually". */
export async function completePayment(orderId: string) {
  return completePaymentResponseSchema.parse(
    await api(paymentsEndpoints.postTrustapCompletePayment, { body: { order_id: orderId, confirm_payment: true } }),
  )
}

export function useCompletePayment() {
  return useMutation({ mutationFn: completePayment })
}
