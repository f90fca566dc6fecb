import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { z } from 'zod'
import { CURRENT_USER_QUERY } from '@shared/constants'
import type { CurrentUser } from '@shared/api/auth'
import type { SecondFactorRequest } from '@shared/api/two-factor'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { twoFactorEndpoints } from '@shared/api/endpoints/two-factor'
import { paths } from '@/config/paths'
import { api } from './api'
import { ApiError } from './api-client'
import { DEFAULT_BALANCE } from './money-display'
import { authKeys, conversationKeys, notificationKeys, transactionKeys } from './query-keys'
import { currentUserRetryDelay, shouldRetryCurrentUser } from './query-client'
import { isHydrating } from './hydration'

/**
 * The session, shared by every feature (bulletproof-react keeps it in lib/auth for the same reason):
 * signed-in means the current-user call returned an id (SPEC §6).
 */

// Tolerant on purpose: older servers sent balance as a number or left it out (SPEC §1, §3).
const currentUserWireSchema = z.object({
  id: z.number(),
  username: z.string(),
  avatar: z.string().nullish(),
  balance: z.union([z.string(), z.number()]).nullish(),
})

export function toCurrentUser(raw: unknown): CurrentUser | null {
  const parsed = currentUserWireSchema.safeParse(raw)
  if (!parsed.success) return null
  const { id, username, avatar, balance } = parsed.data
  return { id, username, avatar: avatar ?? null, balance: balance == null ? DEFAULT_BALANCE : String(balance) }
}

/** 401 and other client errors mean "no user"; only server errors (5xx) and network failures throw. */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return toCurrentUser(await api(authEndpoints.getAuthMe, {}, { signal }))
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && error.status < 500) return null
    throw error
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: CURRENT_USER_QUERY.staleMs,
    gcTime: CURRENT_USER_QUERY.gcMs,
    retry: shouldRetryCurrentUser,
    retryDelay: currentUserRetryDelay,
    refetchOnWindowFocus: false,
  })

/** Not asked while a page the server rendered hydrates: mountApp asks once it has (see lib/hydration). */
const unlessHydrating = () => !isHydrating()

export function useCurrentUser() {
  const query = useQuery({ ...currentUserQueryOptions(), enabled: unlessHydrating })
  const user = query.data ?? null
  return { user, isSignedIn: user !== null && user.id > 0, isLoading: query.isPending }
}

/** An account's admin standing: an admin's powers open only once two-factor sign-in is on. */
export interface AdminStatus {
  isAdmin: boolean
  twoFactorEnabled: boolean
}

/** The separate admin session check of SPEC §6 (admin-me → user.isAdmin), with whether two-factor is on. */
export const adminMeQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: authKeys.adminMe(),
    queryFn: async ({ signal }): Promise<AdminStatus> => {
      const body = await api(authEndpoints.getAuthAdminMe, {}, { signal })
      return { isAdmin: body?.user?.isAdmin === true, twoFactorEnabled: body?.user?.twoFactorEnabled === true }
    },
    enabled,
    staleTime: CURRENT_USER_QUERY.staleMs,
    gcTime: CURRENT_USER_QUERY.gcMs,
    retry: shouldRetryCurrentUser,
    retryDelay: currentUserRetryDelay,
    refetchOnWindowFocus: false,
  })

/** Whether the signed-in account acts as an admin: an admin with two-factor on (the server's rule too). */
export function useIsAdmin(signedIn: boolean): boolean {
  const data = useQuery(adminMeQueryOptions(signedIn)).data
  return data?.isAdmin === true && data.twoFactorEnabled
}

/** Finishes a sign-in that waits for its second factor (after the password, on either sign-in form). */
export async function verifySecondFactor(input: SecondFactorRequest): Promise<{ user: unknown }> {
  return api(twoFactorEndpoints.postAuth2faVerify, { body: input })
}

/** Stores a user the server just signed in (login, verification) so the header updates at once. */
export function useSetSignedInUser() {
  const queryClient = useQueryClient()
  return (raw?: unknown) => {
    const user = raw === undefined ? null : toCurrentUser(raw)
    if (user) queryClient.setQueryData(authKeys.me(), user)
    return queryClient.invalidateQueries({ queryKey: authKeys.all })
  }
}

/** SPEC §4: clear the cached user, refresh per-user data, go home — whatever the server answered. */
export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => api(authEndpoints.postAuthLogout),
    onSettled: async () => {
      queryClient.setQueryData(authKeys.me(), null)
      queryClient.removeQueries({ queryKey: authKeys.adminMe() })
      await Promise.all(
        [conversationKeys.all, transactionKeys.all, notificationKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      )
      navigate(paths.home)
    },
  })
}
