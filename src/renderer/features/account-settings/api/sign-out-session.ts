import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sessionsEndpoints } from '@shared/api/endpoints/sessions'
import { api } from '@/lib/api'
import { accountKeys } from '@/lib/query-keys'

/** DELETE /api/auth/sessions/{id}: that browser is signed out at once, its live connection closed. */
export async function signOutSession(id: string): Promise<void> {
  await api(sessionsEndpoints.deleteAuthSessionsById, { params: { id } })
}

export function useSignOutSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signOutSession,
    // a session already gone elsewhere (404) leaves the list as stale as a success does
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  })
}
