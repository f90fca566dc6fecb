import { useMutation } from '@tanstack/react-query'
import type { SignupRequest } from '@shared/api/auth'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { api } from '@/lib/api'

/** The server always asks for verification today; the spec also allows signing in straight away. */
export interface SignupResult {
  requiresVerification?: boolean
  email?: string
}

export function signup(input: SignupRequest): Promise<SignupResult> {
  return api(authEndpoints.postAuthSignup, { body: input })
}

export function useSignup(options: { onSuccess: (data: SignupResult, input: SignupRequest) => void; onError: (error: Error) => void }) {
  return useMutation({ mutationFn: signup, ...options })
}
