import type { EntityManager } from '@mikro-orm/postgresql'
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '@shared/api/settings'
import { Setting } from './setting.entity'

const settingKeys = Object.keys(settingsSchema.shape) as (keyof Settings)[]

/** Marketplace settings: stored values over DEFAULT_SETTINGS, one row per key that was ever changed. */
export class SettingsService {
  async get(em: EntityManager): Promise<Settings> {
    const rows = await em.find(Setting, { key: { $in: settingKeys } })
    const settings: Settings = { ...DEFAULT_SETTINGS }
    for (const row of rows) {
      const key = row.key as keyof Settings
      const parsed = settingsSchema.shape[key].safeParse(row.value)
      // a value that no longer fits the schema (an older format) falls back to the default rather than failing every request
      if (parsed.success) Object.assign(settings, { [key]: parsed.data })
    }
    return settings
  }

  /** Validates the patch (unknown keys and wrong types throw a ZodError: a 400) and stores each given key. */
  async set(em: EntityManager, patch: Partial<Settings>): Promise<Settings> {
    const valid = settingsSchema.partial().strict().parse(patch)
    const entries = Object.entries(valid).filter(([, value]) => value !== undefined)
    for (const [key, value] of entries) {
      await em.upsert(Setting, { key, value, updatedAt: new Date() })
    }
    return this.get(em)
  }
}
