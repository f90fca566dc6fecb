/**
 * Windows users expect an app with news to flash its taskbar button until they look. macOS bounces the dock
 * icon for that, which for every chat message would be too much; Linux has no common equivalent.
 */

export interface FlashableWindow {
  isFocused(): boolean
  /** A window hidden to the tray has no taskbar button to flash. */
  isVisible(): boolean
  flashFrame(flag: boolean): void
  onFocus(callback: () => void): void
}

export function shouldFlash(platform: string, window: { isFocused(): boolean; isVisible(): boolean }): boolean {
  return platform === 'win32' && window.isVisible() && !window.isFocused()
}

/** Returns what the notify path calls for each notification; the flashing stops when the window gets focus. */
export function createTaskbarFlash(platform: string, window: FlashableWindow): () => void {
  if (platform !== 'win32') return () => {}
  // Windows keeps flashing until told to stop, even after the user has come back.
  window.onFocus(() => window.flashFrame(false))
  return () => {
    if (shouldFlash(platform, window)) window.flashFrame(true)
  }
}
