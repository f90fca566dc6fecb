import { z } from 'zod'

/**
 * Marketplace settings stored in the database (table `settings`, one row per key). The admin settings
 * screen edits them; each module reads its own through SettingsService with these defaults.
 */
export const settingsSchema = z.object({
  /** new listings wait for an admin's approval before they appear */
  listingApprovalRequired: z.boolean(),
})
export type Settings = z.infer<typeof settingsSchema>

export const DEFAULT_SETTINGS: Settings = {
  listingApprovalRequired: true,
}
