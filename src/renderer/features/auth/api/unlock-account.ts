import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { messageResponseSchema } from '@shared/api/auth'
import { apiSend } from '@/lib/api-client'

type UnlockResult = z.infer<typeof messageResponseSchema>

export function unlockAccount(token: string): Promise<UnlockResult> {
  return apiSend<UnlockResult>('POST', '/api/auth/unlock', { token })
}

export function useUnlockAccount() {
  return useMutation({ mutationFn: unlockAccount })
}
