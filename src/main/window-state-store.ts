import { nodeFiles, replaceFile, type JsonFiles } from './json-file'
import { parseWindowState, type WindowState } from './window-state'

/**
 * Keeps the window state in a small JSON file in userData. Written through a temporary file and a
 * rename, so a crash or a full disk mid-write leaves the previous file whole rather than half a file.
 */

export type StateFiles = JsonFiles

export interface WindowStateStore {
  /** The saved state; null on first start or when the file is unreadable, corrupt or from elsewhere. */
  load(): WindowState | null
  /** Never throws: losing a window position is not worth an error dialog. */
  save(state: WindowState): void
}

export function createWindowStateStore(
  path: string,
  files: StateFiles = nodeFiles,
  warn: (message: string, error: unknown) => void = console.warn,
): WindowStateStore {
  return {
    load() {
      try {
        return parseWindowState(JSON.parse(files.readFile(path)))
      } catch {
        // Missing or not JSON: start at the default place; the next save replaces the file.
        return null
      }
    },
    save(state) {
      try {
        replaceFile(files, path, JSON.stringify(state))
      } catch (error) {
        warn('[handover] could not save the window position:', error)
      }
    },
  }
}

/** The parts of a BrowserWindow the tracker needs; window.ts adapts Electron's. */
export interface TrackedWindow {
  /** Normal bounds (also while maximised) and whether it is maximised. */
  getState(): WindowState
  /** Called on move, resize, maximise and unmaximise. */
  onChange(listener: () => void): void
  /** Called on close, while the window (and so its bounds) still exists. */
  onClose(listener: () => void): void
}

// Dragging fires dozens of move events a second; the file is written once the window has been still this long.
export const SAVE_DELAY_MS = 500

/** Saves the window's state once it settles after a move or resize, and at once when it closes. */
export function trackWindowState(window: TrackedWindow, store: Pick<WindowStateStore, 'save'>, delayMs = SAVE_DELAY_MS): void {
  let timer: ReturnType<typeof setTimeout> | undefined

  function saveNow(): void {
    clearTimeout(timer)
    timer = undefined
    store.save(window.getState())
  }

  window.onChange(() => {
    clearTimeout(timer)
    timer = setTimeout(saveNow, delayMs)
  })
  window.onClose(saveNow)
}
