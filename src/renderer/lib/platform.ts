/**
 * The renderer's only door to the desktop shell. The preload may expose `window.desktop`; on the
 * website every call falls back to a web API, so one bundle serves both.
 */

export interface DesktopBridge {
  notify?: (notification: { title: string; body: string; route?: string }) => void
  setBadgeCount?: (count: number) => void
  openExternal?: (url: string) => void
}

// Read structurally rather than augmenting Window, so the preload's own typing can land without a clash.
function bridge(): DesktopBridge | undefined {
  return typeof window === 'undefined' ? undefined : (window as Window & { desktop?: DesktopBridge }).desktop
}

export function isDesktopApp(): boolean {
  return bridge() !== undefined
}

// The web badge is a "(3) " title prefix, so page titles must be set through setDocumentTitle.
let badgeCount = 0
let baseTitle = typeof document === 'undefined' ? '' : document.title

function renderTitle() {
  document.title = badgeCount > 0 ? `(${badgeCount}) ${baseTitle}` : baseTitle
}

export function setDocumentTitle(title: string): void {
  baseTitle = title
  renderTitle()
}

export function setBadgeCount(count: number): void {
  const desktop = bridge()
  if (desktop?.setBadgeCount) {
    desktop.setBadgeCount(count)
    return
  }
  badgeCount = Math.max(0, count)
  renderTitle()
}

/** Native notification when allowed; silently nothing otherwise (the in-app toast still shows). */
export function notify(title: string, body: string, route?: string): void {
  const desktop = bridge()
  if (desktop?.notify) {
    desktop.notify({ title, body, route })
    return
  }
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
  const notification = new Notification(title, { body })
  if (route) {
    notification.onclick = () => {
      window.focus()
      window.location.assign(route)
    }
  }
}

export function openExternal(url: string): void {
  const desktop = bridge()
  if (desktop?.openExternal) {
    desktop.openExternal(url)
    return
  }
  window.open(url, '_blank', 'noopener,noreferrer')
}
