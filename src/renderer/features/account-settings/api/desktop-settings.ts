import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DesktopSettings, DesktopSettingsChanges } from '@shared/ipc/contract'
import { getDesktopSettings, setDesktopSettings } from '@/lib/platform'
import { desktopKeys } from '@/lib/query-keys'

/** The desktop app's settings on this computer, kept by its main process (settings.json), not by the server. */
export const desktopSettingsQueryOptions = () =>
  queryOptions({
    queryKey: desktopKeys.settings(),
    queryFn: getDesktopSettings,
    // Only this screen changes them, and it writes the answer into the cache.
    staleTime: Infinity,
  })

export const useDesktopSettings = () => useQuery(desktopSettingsQueryOptions())

function applied(settings: DesktopSettings, changes: DesktopSettingsChanges): DesktopSettings {
  return {
    openAtLogin: changes.openAtLogin ?? settings.openAtLogin,
    adminAlerts: { ...settings.adminAlerts, ...changes.adminAlerts },
  }
}

/** Saves a change; the switch moves at once and goes back if the app refuses (the OS may refuse a login item). */
export function useUpdateDesktopSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setDesktopSettings,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: desktopKeys.settings() })
      const before = queryClient.getQueryData<DesktopSettings | null>(desktopKeys.settings())
      if (before) queryClient.setQueryData<DesktopSettings>(desktopKeys.settings(), applied(before, changes))
      return { before }
    },
    onError: (_error, _changes, context) => queryClient.setQueryData(desktopKeys.settings(), context?.before),
    onSuccess: (saved) => queryClient.setQueryData(desktopKeys.settings(), saved),
  })
}
