import { useSyncExternalStore } from 'react'
import { readThemePreference, saveThemePreference, subscribeToTheme, type ThemePreference } from '@/lib/theme'

/** The saved theme preference (light, dark or system) and the function that changes it, in every tab. */
export function useThemePreference(): [ThemePreference, (preference: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribeToTheme, readThemePreference, () => 'system' as const)
  return [preference, saveThemePreference]
}
