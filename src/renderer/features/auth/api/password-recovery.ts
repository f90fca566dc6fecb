import { useMutation } from '@tanstack/react-query'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { api } from '@/lib/api'

interface MessageResult {
  success: boolean
  message: string
}

export function requestPasswordReset(email: string): Promise<MessageResult> {
  return api(authEndpoints.postAuthForgotPassword, { body: { email } })
}

export function resetPassword(input: { token: string; password: string; confirmPassword: string }): Promise<MessageResult> {
  return api(authEndpoints.postAuthResetPassword, { body: input })
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
