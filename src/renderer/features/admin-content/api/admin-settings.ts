import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { settingsSchema, type Settings, type SettingsUpdate } from '@shared/api/settings'
import { settingsEndpoints } from '@shared/api/endpoints/settings'
import { api } from '@/lib/api'
import { adminKeys, siteKeys } from '@/lib/query-keys'

/** GET /api/admin/settings: every marketplace setting as stored (money in cents, the fee in basis points). */
export async function getAdminSettings(signal?: AbortSignal): Promise<Settings> {
  return settingsSchema.parse(await api(settingsEndpoints.getAdminSettings, {}, { signal }))
}

export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => getAdminSettings(signal),
    // the form is rebuilt from every fresh copy, so a background refetch must not wipe what is being typed
    staleTime: Infinity,
    refetchOnReconnect: false,
  })

export const useAdminSettings = () => useQuery(adminSettingsQueryOptions())

/** PUT /api/admin/settings with the changed settings only; answers every setting as now stored. */
export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (patch: SettingsUpdate) => settingsSchema.parse(await api(settingsEndpoints.putAdminSettings, { body: patch })),
    onSuccess: () => {
      // read back what the server stored; the site's banner may have changed too
      void queryClient.invalidateQueries({ queryKey: adminKeys.settings() })
      void queryClient.invalidateQueries({ queryKey: siteKeys.all })
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() })
    },
  })
}
