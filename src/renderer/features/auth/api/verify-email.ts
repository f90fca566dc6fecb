import { useMutation } from '@tanstack/react-query'
import type { AuthSuccess, VerifyEmailRequest } from '@shared/api/auth'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { api } from '@/lib/api'

export function verifyEmail(input: VerifyEmailRequest): Promise<AuthSuccess> {
  return api(authEndpoints.postAuthVerifyEmail, { body: input })
}

export function useVerifyEmail(options: { onSuccess: (data: AuthSuccess) => void; onError: (error: Error) => void }) {
  return useMutation({ mutationFn: verifyEmail, ...options })
}
