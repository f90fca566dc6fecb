import { z } from 'zod'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from './channels'
import { isAppRoute, isExternalHttpUrl, MAX_URL_LENGTH } from './url-rules'

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

/** The desktop app's server: absolute http(s), a host, no credentials (the same rule as external links). */
export const serverUrlSchema = z
  .string()
  .max(MAX_URL_LENGTH)
  .refine(isExternalHttpUrl, { message: 'Expected an absolute http(s) address without a user name or password' })

export const setServerUrlInputSchema = z.object({ url: serverUrlSchema })

export const serverUrlInfoSchema = z.object({
  url: serverUrlSchema,
  /** HANDOVER_SERVER_URL is set: it wins over the saved address until it is removed. */
  fromEnvironment: z.boolean(),
})

/** channel → schemas. z.object strips unknown keys, so nothing unvalidated reaches a handler. */
export const invokeContract = {
  [INVOKE_CHANNELS.notify]: { input: notifyInputSchema, output: z.void() },
  [INVOKE_CHANNELS.setBadge]: { input: setBadgeInputSchema, output: z.void() },
  [INVOKE_CHANNELS.openExternal]: { input: openExternalInputSchema, output: z.void() },
  // invoke() without an argument arrives as undefined.
  [INVOKE_CHANNELS.getInfo]: { input: z.undefined(), output: desktopInfoSchema },
  [INVOKE_CHANNELS.getServerUrl]: { input: z.undefined(), output: serverUrlInfoSchema },
  [INVOKE_CHANNELS.setServerUrl]: { input: setServerUrlInputSchema, output: serverUrlInfoSchema },
} as const

export const eventContract = {
  [EVENT_CHANNELS.deepLink]: deepLinkEventSchema,
} as const

export type NotifyInput = z.infer<typeof notifyInputSchema>
export type SetBadgeInput = z.infer<typeof setBadgeInputSchema>
export type OpenExternalInput = z.infer<typeof openExternalInputSchema>
export type DesktopInfo = z.infer<typeof desktopInfoSchema>
export type DesktopPlatform = DesktopInfo['platform']
export type DeepLinkEvent = z.infer<typeof deepLinkEventSchema>
export type SetServerUrlInput = z.infer<typeof setServerUrlInputSchema>
export type ServerUrlInfo = z.infer<typeof serverUrlInfoSchema>

/** What the preload exposes as `window.desktop`: one named function per channel. */
export interface DesktopBridge {
  notify(input: NotifyInput): Promise<void>
  setBadge(input: SetBadgeInput): Promise<void>
  openExternal(input: OpenExternalInput): Promise<void>
  getInfo(): Promise<DesktopInfo>
  getServerUrl(): Promise<ServerUrlInfo>
  /** Saves the server address and, unless HANDOVER_SERVER_URL overrides it, reloads the window there. */
  setServerUrl(input: SetServerUrlInput): Promise<ServerUrlInfo>
  /** Subscribes to routes opened from outside (handover:// links, notification clicks); returns unsubscribe. */
  onDeepLink(callback: (event: DeepLinkEvent) => void): () => void
}
