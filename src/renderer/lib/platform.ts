import type {
  AdminAlertSettings,
  ConnectionState,
  DeepLinkEvent,
  DesktopBridge,
  DesktopSettings,
  DesktopSettingsChanges,
  ServerUrlInfo,
} from '@shared/ipc/contract'

/**
 * The renderer's only door to the desktop shell. The preload exposes `window.desktop` (typed by the
 * IPC contract) inside the app; on the website it is undefined and every call falls back to a web API,
 * so one bundle serves both. Bridge failures are logged quietly: a missed badge must not break a page.
 */

function bridge(): DesktopBridge | undefined {
  return typeof window === 'undefined' ? undefined : window.desktop
}

function quietly(promise: Promise<unknown>, what: string): void {
  promise.catch((error: unknown) => console.debug(`Desktop ${what} failed`, error))
}

export function isDesktopApp(): boolean {
  return bridge() !== undefined
}

/** Whether the user is looking at the app: OS notifications are for when they are not. */
export function isWindowFocused(): boolean {
  if (typeof document === 'undefined') return false
  return document.visibilityState !== 'hidden' && document.hasFocus()
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
  const next = Math.max(0, Math.floor(count))
  const desktop = bridge()
  if (desktop) {
    quietly(desktop.setBadge({ count: next }), 'badge')
    return
  }
  badgeCount = next
  renderTitle()
}

/** Native notification when allowed; silently nothing otherwise (the in-app toast still shows). */
export function notify(title: string, body: string, route?: string): void {
  const desktop = bridge()
  if (desktop) {
    quietly(desktop.notify({ title, body, route }), 'notification')
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

export type AlertPermission = NotificationPermission | 'unsupported'

/** Whether native alerts can be shown: always in the desktop app, by the browser's permission on the website. */
export function alertPermission(): AlertPermission {
  if (bridge()) return 'granted'
  if (typeof Notification === 'undefined') return 'unsupported'
  return Notification.permission
}

/** Asks the browser once (it must follow a click); the desktop app needs no asking. */
export async function requestAlertPermission(): Promise<AlertPermission> {
  const current = alertPermission()
  if (current !== 'default') return current
  try {
    return await Notification.requestPermission()
  } catch {
    return alertPermission()
  }
}

export function openExternal(url: string): void {
  const desktop = bridge()
  if (desktop) {
    quietly(desktop.openExternal({ url }), 'open external')
    return
  }
  window.open(url, '_blank', 'noopener,noreferrer')
}

/**
 * Opens a link someone wrote (a chat message). The desktop app opens only allow-listed hosts in the
 * browser and refuses the rest; resolves false then, so the caller can show the address instead.
 */
export async function openWrittenLink(url: string): Promise<boolean> {
  const desktop = bridge()
  if (!desktop) {
    window.open(url, '_blank', 'noopener,noreferrer')
    return true
  }
  try {
    await desktop.openExternal({ url })
    return true
  } catch {
    return false
  }
}

const ALL_ADMIN_ALERTS_ON: AdminAlertSettings = { stuckPayment: true, dispute: true, withdrawal: true, listingReview: true }

/**
 * The desktop app's admin alert switches (Settings → Desktop), read afresh each time so a change applies at once;
 * null on the website, which raises no admin alerts. An app from before the switches, or a failed call, counts as
 * all on: an admin who never turned one off must not miss a stuck payment because the settings could not be read.
 */
export async function adminAlertSwitches(): Promise<AdminAlertSettings | null> {
  try {
    const settings = await getDesktopSettings()
    return settings && { ...ALL_ADMIN_ALERTS_ON, ...settings.adminAlerts }
  } catch (error) {
    console.debug('Desktop settings could not be read', error)
    return ALL_ADMIN_ALERTS_ON
  }
}

/** Routes opened from outside the app (handover:// links, notification clicks). No-op on the web. */
export function onDeepLink(callback: (event: DeepLinkEvent) => void): () => void {
  return bridge()?.onDeepLink(callback) ?? (() => {})
}

/** Wakes from sleep and screen unlocks, which only the desktop app hears of. No-op on the web. */
export function onResume(callback: () => void): () => void {
  return bridge()?.onResume(() => callback()) ?? (() => {})
}

/** Tells the tray how the live connection is doing; the website has no tray. */
export function setConnectionState(state: ConnectionState): void {
  const desktop = bridge()
  if (desktop) quietly(desktop.setConnection({ state }), 'connection state')
}

/** The server the desktop app talks to; null on the website, which only ever talks to its own origin. */
export async function getServerUrl(): Promise<ServerUrlInfo | null> {
  const desktop = bridge()
  return desktop ? desktop.getServerUrl() : null
}

/**
 * Points the desktop app at another server; it then reloads there (unless HANDOVER_SERVER_URL overrides
 * the setting, which the answer says). Rejects on the website, and for an address main refuses.
 */
export async function setServerUrl(url: string): Promise<ServerUrlInfo> {
  const desktop = bridge()
  if (!desktop) throw new Error('The server address can only be changed in the desktop app')
  return desktop.setServerUrl({ url })
}

/** This computer's desktop settings (login item, admin alert switches); null on the website, which has none. */
export async function getDesktopSettings(): Promise<DesktopSettings | null> {
  const desktop = bridge()
  return desktop ? desktop.getSettings() : null
}

/** Changes some of them and answers all of them as saved; rejects on the website. */
export async function setDesktopSettings(changes: DesktopSettingsChanges): Promise<DesktopSettings> {
  const desktop = bridge()
  if (!desktop) throw new Error('Desktop settings exist only in the desktop app')
  return desktop.setSettings(changes)
}
