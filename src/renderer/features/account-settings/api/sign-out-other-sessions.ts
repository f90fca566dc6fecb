import { useMutation, useQueryClient } from '@tanstack/react-query'
import { otherSessionsEndedSchema, type OtherSessionsEnded } from '@shared/api/sessions'
import { sessionsEndpoints } from '@shared/api/endpoints/sessions'
import { api } from '@/lib/api'
import { accountKeys } from '@/lib/query-keys'

/** POST /api/auth/sessions/sign-out-others: every browser but this one is signed out; how many were. */
export async function signOutOtherSessions(): Promise<OtherSessionsEnded> {
  return otherSessionsEndedSchema.parse(await api(sessionsEndpoints.postAuthSessionsSignOutOthers))
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: signOutOtherSessions, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }) })
}
