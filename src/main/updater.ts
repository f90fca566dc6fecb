/**
 * Background update checks (electron-updater against the feed the installer was built with, HANDOVER_UPDATE_URL at
 * `npm run dist`). Development runs, and builds made without a feed, never check: there is no placeholder host. A
 * failed check (offline, feed down, bad signature) is logged and retried on the next round; it never reaches the user
 * as a crash.
 */

export interface UpdaterPort {
  /** app.isPackaged: only installed builds carry the update configuration. */
  isPackaged: boolean
  /** The generic feed's address from app-config.json; null: updates are off. */
  feedUrl: string | null
  /** autoUpdater.setFeedURL: called once, before the first check. */
  useFeed(url: string): void
  /** autoUpdater.checkForUpdatesAndNotify: downloads in the background, installs on quit. */
  checkForUpdates(): Promise<unknown>
}

export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000

export interface UpdateChecks {
  stop(): void
}

export function startUpdateChecks(
  port: UpdaterPort,
  logError: (message: string, error: unknown) => void = console.error,
  intervalMs = UPDATE_CHECK_INTERVAL_MS,
): UpdateChecks {
  if (!port.isPackaged || port.feedUrl === null) return { stop: () => {} }
  port.useFeed(port.feedUrl)

  let checking = false
  async function check(): Promise<void> {
    // A slow download can outlast the interval; a second check would start a second download.
    if (checking) return
    checking = true
    try {
      await port.checkForUpdates()
    } catch (error) {
      logError('[handover] update check failed:', error)
    } finally {
      checking = false
    }
  }

  void check()
  const timer = setInterval(() => void check(), intervalMs)
  // Pending checks must not keep the process alive at quit.
  timer.unref?.()
  return { stop: () => clearInterval(timer) }
}
