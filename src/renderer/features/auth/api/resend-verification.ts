import { useMutation } from '@tanstack/react-query'
import { apiSend } from '@/lib/api-client'

interface ResendResult {
  success: boolean
  message?: string
  retryAfterSeconds?: number
}

export function resendVerification(email: string): Promise<ResendResult> {
  return apiSend<ResendResult>('POST', '/api/auth/resend-verification', { email })
}

export function useResendVerification(options: { onSuccess: (data: ResendResult) => void; onError: (error: Error) => void }) {
  return useMutation({ mutationFn: resendVerification, ...options })
}
