import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { DEFAULT_PREFERENCES, userPreferencesSchema, type PreferencesUpdate, type UserPreferences } from '@shared/api/preferences'
import { CURRENT_USER_QUERY } from '@shared/constants'
import { accountSettingsEndpoints } from '@shared/api/endpoints/account-settings'
import { api } from './api'
import { accountKeys } from './query-keys'

/**
 * The user's notification and sound preferences, stored on the server (GET/PUT /api/settings/preferences).
 * Here rather than in the settings feature because the live layer (app/) reads them for every sound and
 * desktop alert, straight from the query cache, so a change applies to the next event.
 */

export async function getPreferences(signal?: AbortSignal): Promise<UserPreferences> {
  const body = await api(accountSettingsEndpoints.getSettingsPreferences, {}, { signal })
  // signed out: nobody to ask, and no live events to ring for either
  return body === null ? DEFAULT_PREFERENCES : userPreferencesSchema.parse(body)
}

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.preferences(),
    queryFn: ({ signal }) => getPreferences(signal),
    staleTime: CURRENT_USER_QUERY.staleMs,
    gcTime: CURRENT_USER_QUERY.gcMs,
  })

export const usePreferences = (enabled = true) => useQuery({ ...preferencesQueryOptions(), enabled })

/** What the cache holds now; all on until the preferences are known. */
export function cachedPreferences(queryClient: QueryClient): UserPreferences {
  return queryClient.getQueryData<UserPreferences>(accountKeys.preferences()) ?? DEFAULT_PREFERENCES
}

/** Saves one or more preferences; the cache shows the change at once and goes back if the server refuses. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (patch: PreferencesUpdate) =>
      userPreferencesSchema.parse(await api(accountSettingsEndpoints.putSettingsPreferences, { body: patch })),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: accountKeys.preferences() })
      const before = queryClient.getQueryData<UserPreferences>(accountKeys.preferences())
      queryClient.setQueryData<UserPreferences>(accountKeys.preferences(), { ...(before ?? DEFAULT_PREFERENCES), ...patch })
      return { before }
    },
    onError: (_error, _patch, context) => queryClient.setQueryData(accountKeys.preferences(), context?.before),
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.preferences(), saved),
  })
}
