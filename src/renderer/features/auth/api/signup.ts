import { useMutation } from '@tanstack/react-query'
import type { SignupRequest } from '@shared/api/auth'
import { apiSend } from '@/lib/api-client'

/** The server always asks for verification today; the spec also allows signing in straight away. */
export interface SignupResult {
  requiresVerification?: boolean
  email?: string
}

export function signup(input: SignupRequest): Promise<SignupResult> {
  return apiSend<SignupResult>('POST', '/api/auth/signup', input)
}

export function useSignup(options: { onSuccess: (data: SignupResult, input: SignupRequest) => void; onError: (error: Error) => void }) {
  return useMutation({ mutationFn: signup, ...options })
}
