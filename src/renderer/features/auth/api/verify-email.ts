import { useMutation } from '@tanstack/react-query'
import type { AuthSuccess, VerifyEmailRequest } from '@shared/api/auth'
import { apiSend } from '@/lib/api-client'

export function verifyEmail(input: VerifyEmailRequest): Promise<AuthSuccess> {
  return apiSend<AuthSuccess>('POST', '/api/auth/verify-email', input)
}

export function useVerifyEmail(options: { onSuccess: (data: AuthSuccess) => void; onError: (error: Error) => void }) {
  return useMutation({ mutationFn: verifyEmail, ...options })
}
