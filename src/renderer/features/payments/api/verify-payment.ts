import { useMutation } from '@tanstack/react-query'
import { verifyPaymentResponseSchema, type VerifyPaymentRequest, type VerifyPaymentResponse } from '@shared/api/payments'
import { apiSend } from '@/lib/api-client'

/** SPEC §7 POST /api/trustap/verify-payment: the server asks the provider and credits a paid order once. */
export async function verifyPayment(request: VerifyPaymentRequest): Promise<VerifyPaymentResponse> {
  return verifyPaymentResponseSchema.parse(await apiSend<unknown>('POST', '/api/trustap/verify-payment', request))
}

export function useVerifyPayment() {
  return useMutation({ mutationFn: verifyPayment })
}
