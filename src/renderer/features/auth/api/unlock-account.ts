import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { messageResponseSchema } from '@shared/api/auth'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { api } from '@/lib/api'

type UnlockResult = z.infer<typeof messageResponseSchema>

export function unlockAccount(token: string): Promise<UnlockResult> {
  return api(authEndpoints.postAuthUnlock, { body: { token } })
}

export function useUnlockAccount() {
  return useMutation({ mutationFn: unlockAccount })
}
