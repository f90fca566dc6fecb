import { z } from 'zod'

/**
 * The user's notification and sound preferences (GET/PUT /api/settings/preferences), apart from the rest of the
 * account settings: the live layer of every page reads them, and this keeps the settings' forms off the home page.
 */

export const PREFERENCE_MESSAGES = {
  preference: (label: string) => `${label} must be on or off`,
  nothingToChange: 'Nothing to change',
} as const

const onOff = (label: string) => z.boolean({ error: PREFERENCE_MESSAGES.preference(label) })

/** What the user hears and is shown. The product sends no email notices besides security mail, which is not optional. */
export const userPreferencesSchema = z.strictObject({
  /** the chime for someone else's chat message */
  messageSound: onOff('Message sound'),
  /** the chime for a notification, and the purchase sound for a sale */
  notificationSound: onOff('Notification sound'),
  /** the desktop app's native notifications, or the browser's, while the window is in the background */
  desktopNotifications: onOff('Desktop notifications'),
})
export type UserPreferences = z.infer<typeof userPreferencesSchema>

export const DEFAULT_PREFERENCES: UserPreferences = { messageSound: true, notificationSound: true, desktopNotifications: true }

/** PUT /api/settings/preferences: any non-empty subset; what is left out keeps its value. Unknown keys are a 400. */
export const preferencesUpdateSchema = z
  .strictObject(userPreferencesSchema.shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `There is no preference called ${issue.keys.join(', ')}` : undefined),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, PREFERENCE_MESSAGES.nothingToChange)
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>
