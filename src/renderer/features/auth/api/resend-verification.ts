import { useMutation } from '@tanstack/react-query'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { api } from '@/lib/api'

interface ResendResult {
  success: boolean
  message?: string
  retryAfterSeconds?: number
}

export function resendVerification(email: string): Promise<ResendResult> {
  return api(authEndpoints.postAuthResendVerification, { body: { email } })
}

export function useResendVerification(options: { onSuccess: (data: ResendResult) => void; onError: (error: Error) => void }) {
  return useMutation({ mutationFn: resendVerification, ...options })
}
