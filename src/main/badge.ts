import { unreadLabel } from './tray-menu'

/**
 * The unread count outside the window (desktop:set-badge): the dock on macOS and the launcher on Linux
 * count natively, Windows has no count, only a small overlay image on the taskbar button. The tray shows
 * the same number. Written against a port so every platform's path is tested on any machine.
 */

export interface BadgePort {
  /** app.setBadgeCount: the macOS dock and Unity-style Linux launchers; 0 clears. */
  setAppBadge(count: number): void
  /** BrowserWindow.setOverlayIcon with an image from resources/; null clears it. */
  setOverlay(image: string | null, description: string): void
  setTrayUnread(count: number): void
}

// A taskbar overlay is 16 px: two digits do not fit legibly, so everything past 9 is one "9+" image.
const MAX_OVERLAY_DIGIT = 9

/** The overlay image (a file in resources/, drawn by scripts/make-icons.ts) for a count; null for none. */
export function overlayImage(count: number): string | null {
  if (count <= 0) return null
  return count > MAX_OVERLAY_DIGIT ? 'overlay-9plus.png' : `overlay-${count}.png`
}

/** Returns the setBadge service for `platform` (process.platform). */
export function createBadge(platform: string, port: BadgePort): (count: number) => void {
  return function setBadge(count: number): void {
    if (platform === 'win32') {
      const image = overlayImage(count)
      // The description is what screen readers announce for the taskbar button.
      port.setOverlay(image, image ? unreadLabel(count) : '')
    } else {
      port.setAppBadge(count)
    }
    port.setTrayUnread(count)
  }
}
