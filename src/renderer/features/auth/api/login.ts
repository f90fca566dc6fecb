import { useMutation } from '@tanstack/react-query'
import type { AuthSuccess, LoginRequest } from '@shared/api/auth'
import { apiSend } from '@/lib/api-client'

export function login(input: LoginRequest): Promise<AuthSuccess> {
  return apiSend<AuthSuccess>('POST', '/api/auth/login', input)
}

export function useLogin(options: { onSuccess: (data: AuthSuccess) => void; onError: (error: Error) => void }) {
  return useMutation({ mutationFn: login, ...options })
}
