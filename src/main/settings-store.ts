import { nodeFiles, replaceFile, type JsonFiles } from './json-file'

/**
 * The app's settings in a small JSON file in userData (settings.json). People edit such files by hand, so
 * reading never throws: a file that is not JSON, or a value of the wrong type, is ignored with a log line.
 * Writes go through a temporary file and a rename, so a crash mid-write leaves the previous file whole.
 */

export interface AppSettings {
  /** The server address chosen on the offline screen; HANDOVER_SERVER_URL still wins over it. */
  serverUrl?: string
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
      if (stored.serverUrl === undefined) return {}
      if (typeof stored.serverUrl === 'string') return { serverUrl: stored.serverUrl }
      warn(`[handover] ignoring serverUrl in ${path}: it is not a string`)
      return {}
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

function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT'
}
