import type { AdminAlertSettings } from '@shared/ipc/contract'
import { nodeFiles, replaceFile, type JsonFiles } from './json-file'

/**
 * The app's settings in a small JSON file in userData (settings.json). People edit such files by hand, so
 * reading never throws: a file that is not JSON, or a value of the wrong type, is ignored with a log line.
 * Writes go through a temporary file and a rename, so a crash mid-write leaves the previous file whole.
 */

export interface AppSettings {
  /** The server address chosen on the offline screen; HANDOVER_SERVER_URL still wins over it. */
  serverUrl?: string
  /** Whether the user asked for a login item; what the OS has is set from it (login-item.ts). */
  openAtLogin?: boolean
  /** Only the switches the user changed; the rest keep their default (on). */
  adminAlerts?: Partial<AdminAlertSettings>
  /** The "still running" hint after the first close was shown; it is shown once per computer. */
  closeHintShown?: boolean
  /** Chromium zoom level (0 is 100 %) per server origin: each server's pages keep their own size. */
  zoomLevels?: Record<string, number>
}

type Field<T> = { is: (value: unknown) => value is T; expected: string }

const FIELDS: { [K in keyof AppSettings]-?: Field<NonNullable<AppSettings[K]>> } = {
  serverUrl: { is: (value): value is string => typeof value === 'string', expected: 'a string' },
  openAtLogin: { is: isBoolean, expected: 'true or false' },
  adminAlerts: {
    is: (value): value is Partial<AdminAlertSettings> => isObject(value) && Object.values(value).every(isBoolean),
    expected: 'an object of true/false switches',
  },
  closeHintShown: { is: isBoolean, expected: 'true or false' },
  zoomLevels: {
    is: (value): value is Record<string, number> => isObject(value) && Object.values(value).every(Number.isFinite),
    expected: 'an object of numbers',
  },
}

export type SettingsFiles = JsonFiles

export interface SettingsStore {
  load(): AppSettings
  /** Merges `changes` into the file. Throws when it cannot be written, so the caller can tell the user. */
  save(changes: AppSettings): void
}

export function createSettingsStore(path: string, files: SettingsFiles = nodeFiles, warn: (message: string) => void = console.warn): SettingsStore {
  function readObject(): Record<string, unknown> {
    let text: string
    try {
      text = files.readFile(path)
    } catch (error) {
      // No file yet is the normal first start; anything else (permissions) is worth a line.
      if (!isMissingFile(error)) warn(`[handover] could not read ${path}: ${String(error)}`)
      return {}
    }
    try {
      const parsed: unknown = JSON.parse(text)
      if (isObject(parsed)) return parsed
    } catch {
      // Reported below together with JSON that is not an object.
    }
    warn(`[handover] ignoring ${path}: it does not hold a JSON object`)
    return {}
  }

  return {
    load() {
      const stored = readObject()
      const settings: AppSettings = {}
      // Each setting on its own: one hand-edited mistake must not reset the others.
      for (const key of Object.keys(FIELDS) as (keyof AppSettings)[]) {
        const value = stored[key]
        if (value === undefined) continue
        if (FIELDS[key].is(value)) Object.assign(settings, { [key]: value })
        else warn(`[handover] ignoring ${key} in ${path}: it is not ${FIELDS[key].expected}`)
      }
      return settings
    },
    save(changes) {
      // Keys this version does not know are kept: a newer version of the app may have written them.
      const next = { ...readObject(), ...changes }
      replaceFile(files, path, `${JSON.stringify(next, null, 2)}\n`)
    },
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean'
}

function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT'
}
