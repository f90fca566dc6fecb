import { z } from 'zod'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from './channels'
import { isAllowedServerUrl, isAppRoute, isExternalHttpUrl, MAX_URL_LENGTH, SERVER_URL_HTTPS_MESSAGE } from './url-rules'

/**
 * The desktop bridge contract: every channel's input and output schema. Main validates every call with
 * it (the renderer is a web page and may be compromised); the preload and renderer use its types.
 */

export { EVENT_CHANNELS, INVOKE_CHANNELS } from './channels'
export type { EventChannel, InvokeChannel } from './channels'

/** A path on the app's own origin, e.g. "/chat/12". */
export const appRouteSchema = z.string().max(MAX_URL_LENGTH).refine(isAppRoute, { message: 'Expected an in-app route starting with a single "/"' })

// Limits keep a runaway renderer from pushing megabytes into the OS notification centre.
export const notifyInputSchema = z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(2000),
  /** Where a click on the notification takes the user. */
  route: appRouteSchema.optional(),
})

export const setBadgeInputSchema = z.object({ count: z.int().nonnegative() })

export const openExternalInputSchema = z.object({
  url: z.string().max(MAX_URL_LENGTH).refine(isExternalHttpUrl, { message: 'Only http(s) links without credentials open externally' }),
})

// The app ships for these three only (electron-builder targets); anything else is a packaging mistake.
export const desktopInfoSchema = z.object({
  version: z.string().min(1),
  platform: z.enum(['darwin', 'win32', 'linux']),
})

export const deepLinkEventSchema = z.object({ route: appRouteSchema })

/** The machine woke from sleep or its screen was unlocked: the live connection may have died meanwhile. */
export const resumeEventSchema = z.object({ reason: z.enum(['resume', 'unlock-screen']) })

/** How the live connection is doing, for the tray: nothing shows while connected. */
export const setConnectionInputSchema = z.object({ state: z.enum(['connected', 'connecting', 'offline']) })

/** The desktop app's server: absolute http(s), a host, no credentials, and https unless it is this computer. */
export const serverUrlSchema = z
  .string()
  .max(MAX_URL_LENGTH)
  .refine(isExternalHttpUrl, { message: 'Expected an absolute http(s) address without a user name or password', abort: true })
  .refine(isAllowedServerUrl, { message: SERVER_URL_HTTPS_MESSAGE })

export const setServerUrlInputSchema = z.object({ url: serverUrlSchema })

export const serverUrlInfoSchema = z.object({
  url: serverUrlSchema,
  /** HANDOVER_SERVER_URL is set: it wins over the saved address until it is removed. */
  fromEnvironment: z.boolean(),
})

/** The admin alerts the desktop app raises, one switch per kind. */
export const adminAlertSettingsSchema = z.object({
  stuckPayment: z.boolean(),
  dispute: z.boolean(),
  withdrawal: z.boolean(),
  listingReview: z.boolean(),
})

/** Settings of this computer's app (main's settings.json), not of the account: another computer may differ. */
export const desktopSettingsSchema = z.object({
  /** Start Handover, hidden, when the user signs in to the computer. */
  openAtLogin: z.boolean(),
  adminAlerts: adminAlertSettingsSchema,
})

/** What the settings screen changes: any of the settings, each admin alert on its own. */
export const desktopSettingsChangesSchema = z.object({
  openAtLogin: z.boolean().optional(),
  adminAlerts: adminAlertSettingsSchema.partial().optional(),
})

export const DEFAULT_DESKTOP_SETTINGS: DesktopSettings = {
  openAtLogin: false,
  adminAlerts: { stuckPayment: true, dispute: true, withdrawal: true, listingReview: true },
}

/** channel → schemas. z.object strips unknown keys, so nothing unvalidated reaches a handler. */
export const invokeContract = {
  [INVOKE_CHANNELS.notify]: { input: notifyInputSchema, output: z.void() },
  [INVOKE_CHANNELS.setBadge]: { input: setBadgeInputSchema, output: z.void() },
  [INVOKE_CHANNELS.openExternal]: { input: openExternalInputSchema, output: z.void() },
  // invoke() without an argument arrives as undefined.
  [INVOKE_CHANNELS.getInfo]: { input: z.undefined(), output: desktopInfoSchema },
  [INVOKE_CHANNELS.getServerUrl]: { input: z.undefined(), output: serverUrlInfoSchema },
  [INVOKE_CHANNELS.setServerUrl]: { input: setServerUrlInputSchema, output: serverUrlInfoSchema },
  [INVOKE_CHANNELS.setConnection]: { input: setConnectionInputSchema, output: z.void() },
  [INVOKE_CHANNELS.getSettings]: { input: z.undefined(), output: desktopSettingsSchema },
  [INVOKE_CHANNELS.setSettings]: { input: desktopSettingsChangesSchema, output: desktopSettingsSchema },
} as const

export const eventContract = {
  [EVENT_CHANNELS.deepLink]: deepLinkEventSchema,
  [EVENT_CHANNELS.resume]: resumeEventSchema,
} as const

export type NotifyInput = z.infer<typeof notifyInputSchema>
export type SetBadgeInput = z.infer<typeof setBadgeInputSchema>
export type OpenExternalInput = z.infer<typeof openExternalInputSchema>
export type DesktopInfo = z.infer<typeof desktopInfoSchema>
export type DesktopPlatform = DesktopInfo['platform']
export type DeepLinkEvent = z.infer<typeof deepLinkEventSchema>
export type ResumeEvent = z.infer<typeof resumeEventSchema>
export type SetConnectionInput = z.infer<typeof setConnectionInputSchema>
export type ConnectionState = SetConnectionInput['state']
export type SetServerUrlInput = z.infer<typeof setServerUrlInputSchema>
export type ServerUrlInfo = z.infer<typeof serverUrlInfoSchema>
export type AdminAlertSettings = z.infer<typeof adminAlertSettingsSchema>
export type AdminAlertKind = keyof AdminAlertSettings
export type DesktopSettings = z.infer<typeof desktopSettingsSchema>
export type DesktopSettingsChanges = z.infer<typeof desktopSettingsChangesSchema>

/** What the preload exposes as `window.desktop`: one named function per channel. */
export interface DesktopBridge {
  notify(input: NotifyInput): Promise<void>
  setBadge(input: SetBadgeInput): Promise<void>
  openExternal(input: OpenExternalInput): Promise<void>
  getInfo(): Promise<DesktopInfo>
  getServerUrl(): Promise<ServerUrlInfo>
  /** Saves the server address and, unless HANDOVER_SERVER_URL overrides it, reloads the window there. */
  setServerUrl(input: SetServerUrlInput): Promise<ServerUrlInfo>
  getSettings(): Promise<DesktopSettings>
  /** Saves the changed settings (login item applied at once); answers all of them as they now are. */
  setSettings(changes: DesktopSettingsChanges): Promise<DesktopSettings>
  /** Subscribes to routes opened from outside (handover:// links, notification clicks); returns unsubscribe. */
  onDeepLink(callback: (event: DeepLinkEvent) => void): () => void
  /** Tells the tray how the live connection is doing. */
  setConnection(input: SetConnectionInput): Promise<void>
  /** Subscribes to wakes from sleep and screen unlocks; returns unsubscribe. */
  onResume(callback: (event: ResumeEvent) => void): () => void
}
