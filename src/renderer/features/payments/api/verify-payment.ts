import { useMutation } from '@tanstack/react-query'
import { verifyPaymentResponseSchema, type VerifyPaymentRequest, type VerifyPaymentResponse } from '@shared/api/payments'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { api } from '@/lib/api'

/** SPEC §7 POST /api/trustap/verify-payment: the server asks the provider and credits a paid order once. */
export async function verifyPayment(request: VerifyPaymentRequest): Promise<VerifyPaymentResponse> {
  return verifyPaymentResponseSchema.parse(await api(paymentsEndpoints.postTrustapVerifyPayment, { body: request }))
}

export function useVerifyPayment() {
  return useMutation({ mutationFn: verifyPayment })
}
