import type { NotifyInput } from '@shared/ipc/contract'

/**
 * Native notifications for the desktop:notify channel, against a small port over Electron's
 * Notification class so click routing is tested without Electron.
 */

export interface NativeNotification {
  onClick(callback: () => void): void
  onClose(callback: () => void): void
  show(): void
}

export interface NotificationPort {
  isSupported(): boolean
  create(options: { title: string; body: string }): NativeNotification
}

// Electron drops click handlers of notifications that get garbage-collected, so shown ones are kept
// until closed; the cap bounds memory on platforms that never report "close".
const MAX_LIVE_NOTIFICATIONS = 50

/** Returns the notify service: shows a notification; a click opens its route (or just the window). */
export function createNotifier(port: NotificationPort, openRoute: (route?: string) => void): (input: NotifyInput) => void {
  const live = new Set<NativeNotification>()

  return function notify(input: NotifyInput): void {
    if (!port.isSupported()) return
    const notification = port.create({ title: input.title, body: input.body })
    live.add(notification)
    if (live.size > MAX_LIVE_NOTIFICATIONS) {
      const [oldest] = live
      live.delete(oldest)
    }
    notification.onClick(() => {
      live.delete(notification)
      openRoute(input.route)
    })
    notification.onClose(() => live.delete(notification))
    notification.show()
  }
}
