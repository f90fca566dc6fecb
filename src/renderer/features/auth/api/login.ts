import { useMutation } from '@tanstack/react-query'
import type { AuthSuccess, LoginRequest } from '@shared/api/auth'
import type { TwoFactorChallenge } from '@shared/api/two-factor'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { api } from '@/lib/api'

/** Signed in, or (two-factor on) a challenge: the session waits for a second factor before it is signed in. */
export type LoginResult = AuthSuccess | TwoFactorChallenge

export function login(input: LoginRequest): Promise<LoginResult> {
  return api(authEndpoints.postAuthLogin, { body: input })
}

export function useLogin(options: { onSuccess: (data: LoginResult) => void; onError: (error: Error) => void }) {
  return useMutation({ mutationFn: login, ...options })
}
