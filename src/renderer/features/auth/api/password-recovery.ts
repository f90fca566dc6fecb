import { useMutation } from '@tanstack/react-query'
import { apiSend } from '@/lib/api-client'

interface MessageResult {
  success: boolean
  message: string
}

export function requestPasswordReset(email: string): Promise<MessageResult> {
  return apiSend<MessageResult>('POST', '/api/auth/forgot-password', { email })
}

export function resetPassword(input: { token: string; password: string; confirmPassword: string }): Promise<MessageResult> {
  return apiSend<MessageResult>('POST', '/api/auth/reset-password', input)
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
