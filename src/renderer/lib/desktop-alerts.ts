import { DEFAULT_PREFERENCES, type UserPreferences } from '@shared/api/preferences'
import type { MessageDto } from '@shared/api/conversations'
import { notificationDtoSchema } from '@shared/api/notifications'
import { ADMIN_SENDER_ID, DESKTOP_ALERTS } from '@shared/constants'
import type { AdminAlertSettings } from '@shared/ipc/contract'
import type { AdminAlertKind, ServerEvent } from '@shared/realtime/events'
import { paths } from '@/config/paths'
import { isChatNotification, notificationTarget } from './notification-display'
import { adminAlertSwitches, isWindowFocused, notify } from './platform'

/**
 * Native notifications for what arrives while the user is looking elsewhere: another person's message and a new
 * notification. In the desktop app they go to the OS (a click opens the route); on the website to Web
 * Notifications when allowed. The sound layer rings independently, with its own rules. Admins in the desktop app
 * also get the server's admin alerts (work waiting for them), each kind behind its own switch.
 */

export interface Alert {
  title: string
  body: string
  route: string
  /** alerts with the same key are throttled together */
  key: string
}

// the bridge refuses titles over 200 characters; bodies are cut far shorter so a notification stays readable
const TITLE_MAX = 200

/** One line of at most `max` characters, an ellipsis where it was cut. */
export function shorten(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`
}

/**
 * A message worth an alert: someone else's, typed (a deal's system line comes with the step's own notification,
 * which alerts already), from the support desk under its own name.
 */
export function messageAlert(message: MessageDto, ownUserId: number): Alert | null {
  if (message.senderId === ownUserId || message.isSystem) return null
  const fromSupport = message.isFromAdmin || message.senderId === ADMIN_SENDER_ID
  const title = fromSupport ? DESKTOP_ALERTS.supportTitle : message.sender.username
  return {
    title: shorten(title, TITLE_MAX) || 'New message',
    body: shorten(message.content, DESKTOP_ALERTS.bodyMaxChars),
    route: paths.chat(message.conversationId),
    key: `chat:${message.conversationId}`,
  }
}

/** A notification worth an alert: any the bell shows; chat types are left to the message itself (SPEC §3). */
export function notificationAlert(raw: unknown): Alert | null {
  const parsed = notificationDtoSchema.safeParse(raw)
  if (!parsed.success || isChatNotification(parsed.data.type)) return null
  const notification = parsed.data
  return {
    title: shorten(notification.title, TITLE_MAX) || 'Handover',
    body: shorten(notification.message, DESKTOP_ALERTS.bodyMaxChars),
    route: notificationTarget(notification) ?? paths.notifications,
    key: 'notifications',
  }
}

type AdminAlertEvent = Extract<ServerEvent, { type: 'admin_alert' }>

/** The admin screen where each kind of waiting work is done: the monitor filtered to stuck orders, the dashboard's queues. */
export const ADMIN_ALERT_ROUTES: Record<AdminAlertKind, string> = {
  stuck_payment: `${paths.paymentMonitor}?stuck=true`,
  dispute: `${paths.adminDashboard}#disputes`,
  withdrawal: `${paths.adminDashboard}#withdrawals`,
  listing_review: `${paths.adminDashboard}#listings`,
}

/** Each kind's switch in the desktop app's settings. */
export const ADMIN_ALERT_SWITCHES: Record<AdminAlertKind, keyof AdminAlertSettings> = {
  stuck_payment: 'stuckPayment',
  dispute: 'dispute',
  withdrawal: 'withdrawal',
  listing_review: 'listingReview',
}

/** An admin alert as the OS shows it; throttled by kind, so a burst (a sweep finding ten stuck orders) is one alert. */
export function adminAlert(event: AdminAlertEvent): Alert {
  return {
    title: shorten(event.title, TITLE_MAX) || 'Handover',
    body: shorten(event.body, DESKTOP_ALERTS.bodyMaxChars),
    route: ADMIN_ALERT_ROUTES[event.kind],
    key: `admin:${event.kind}`,
  }
}

export function alertFor(event: ServerEvent, ownUserId: number): Alert | null {
  if (event.type === 'new_message') return messageAlert(event.message, ownUserId)
  if (event.type === 'new_notification') return notificationAlert(event.notification)
  return null
}

export interface DesktopAlertsDeps {
  notify: (title: string, body: string, route: string) => void
  isFocused: () => boolean
  /** the desktop app's admin alert switches; null on the website, which shows no admin alerts */
  adminSwitches?: () => Promise<AdminAlertSettings | null>
  now?: () => number
}

export interface DesktopAlerts {
  /**
   * Shows what a live event calls for while the window is away, unless the user turned desktop notifications off
   * in the settings; answers the alert shown, or null.
   */
  handleEvent(event: ServerEvent, ownUserId: number, preferences?: Pick<UserPreferences, 'desktopNotifications'>): Alert | null
  /**
   * The same for an admin alert, which waits for the desktop app's switches: answers the alert shown, or null (on the
   * website, its switch off, the window in front, throttled). handleEvent starts it and answers null.
   */
  handleAdminAlert(event: AdminAlertEvent, preferences?: Pick<UserPreferences, 'desktopNotifications'>): Promise<Alert | null>
}

export function createDesktopAlerts({ notify: show, isFocused, adminSwitches = async () => null, now = Date.now }: DesktopAlertsDeps): DesktopAlerts {
  const lastShown = new Map<string, number>()
  /** Shows the alert unless one with its key was shown within the throttle. */
  const showThrottled = (alert: Alert): Alert | null => {
    const at = now()
    const last = lastShown.get(alert.key)
    if (last !== undefined && at - last < DESKTOP_ALERTS.throttleMs) return null
    lastShown.set(alert.key, at)
    show(alert.title, alert.body, alert.route)
    return alert
  }
  const handleAdminAlert = async (event: AdminAlertEvent, preferences: Pick<UserPreferences, 'desktopNotifications'> = DEFAULT_PREFERENCES) => {
    // the account's desktop notifications switch silences these too; the app's switches then choose among them
    if (!preferences.desktopNotifications) return null
    const switches = await adminSwitches()
    if (!switches?.[ADMIN_ALERT_SWITCHES[event.kind]]) return null
    // read after the switches: the window may have come to the front meanwhile
    if (isFocused()) return null
    return showThrottled(adminAlert(event))
  }
  return {
    handleEvent(event, ownUserId, preferences = DEFAULT_PREFERENCES) {
      if (event.type === 'admin_alert') {
        handleAdminAlert(event, preferences).catch((error: unknown) => console.debug('Admin alert not shown', error))
        return null
      }
      if (event.type !== 'new_message' && event.type !== 'new_notification') return null
      if (!preferences.desktopNotifications || isFocused()) return null
      const alert = alertFor(event, ownUserId)
      return alert ? showThrottled(alert) : null
    },
    handleAdminAlert,
  }
}

/** The app's one alert layer, fed by the live connection. */
export const desktopAlerts: DesktopAlerts = createDesktopAlerts({ notify, isFocused: isWindowFocused, adminSwitches: adminAlertSwitches })
