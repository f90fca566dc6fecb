import { useMutation, useQueryClient } from '@tanstack/react-query'
import { otherSessionsEndedSchema, type OtherSessionsEnded } from '@shared/api/sessions'
import { apiSend } from '@/lib/api-client'
import { accountKeys } from '@/lib/query-keys'

/** POST /api/auth/sessions/sign-out-others: every browser but this one is signed out; how many were. */
export async function signOutOtherSessions(): Promise<OtherSessionsEnded> {
  return otherSessionsEndedSchema.parse(await apiSend<unknown>('POST', '/api/auth/sessions/sign-out-others'))
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: signOutOtherSessions, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }) })
}
