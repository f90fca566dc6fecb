import { DEFAULT_DESKTOP_SETTINGS, type DesktopSettings, type DesktopSettingsChanges } from '@shared/ipc/contract'
import type { SettingsStore } from './settings-store'

/**
 * The desktop:get-settings / desktop:set-settings services: this computer's switches, kept in settings.json.
 * The file is the truth the switch shows; the OS login item is set from it whenever it changes.
 */

export interface DesktopSettingsService {
  get(): DesktopSettings
  set(changes: DesktopSettingsChanges): DesktopSettings
}

export function createDesktopSettings(store: SettingsStore, applyLoginItem: (openAtLogin: boolean) => void): DesktopSettingsService {
  function get(): DesktopSettings {
    const stored = store.load()
    return {
      openAtLogin: stored.openAtLogin ?? DEFAULT_DESKTOP_SETTINGS.openAtLogin,
      adminAlerts: { ...DEFAULT_DESKTOP_SETTINGS.adminAlerts, ...stored.adminAlerts },
    }
  }

  return {
    get,
    set(changes) {
      const stored = store.load()
      // The OS first: if it refuses, nothing is saved and the switch keeps showing what is true.
      if (changes.openAtLogin !== undefined && changes.openAtLogin !== (stored.openAtLogin ?? false)) applyLoginItem(changes.openAtLogin)
      store.save({
        ...(changes.openAtLogin === undefined ? {} : { openAtLogin: changes.openAtLogin }),
        ...(changes.adminAlerts === undefined ? {} : { adminAlerts: { ...stored.adminAlerts, ...changes.adminAlerts } }),
      })
      return get()
    },
  }
}
