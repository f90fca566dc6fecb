import type { EntityManager } from '@mikro-orm/postgresql'
import { centsToDecimalString } from '@shared/money'
import { DEFAULT_SETTINGS, settingsSchema, type Settings, type SettingsUpdate, type SiteInfo, type TradingTerms } from '@shared/api/settings'
import { changedFields, recordAudit } from '../audit/audit.service'
import { runPreparedOn } from '../../db/prepared'
import { Setting } from './setting.entity'

export const SETTING_KEYS = Object.keys(settingsSchema.shape) as (keyof Settings)[]

export type StoredSetting = Pick<Setting, 'key' | 'value'>

/** The SQL of the stored rows of the settings `keys` (an SQL text array), for a statement that reads them with something else. */
export const storedSettingsSql = (keys: string) => `select key, value from settings where key = any(${keys})`

const SETTINGS_GET_SQL = storedSettingsSql('?::text[]')

/**
 * Taken for the length of a settings change, so two admins saving at once change one after the other and
 * each audit entry's "before" is exactly what its change replaced. A fixed number: the lock guards one thing.
 */
const SETTINGS_LOCK = 0x5e771265

/** Marketplace settings: stored values over DEFAULT_SETTINGS, one row per key that was ever changed. */
export class SettingsService {
  /** Read by every purchase and quote: one prepared statement, on the caller's transaction when it has one. */
  async get(em: EntityManager): Promise<Settings> {
    return this.fromRows(await runPreparedOn<StoredSetting>(em, 'settings_get', SETTINGS_GET_SQL, [SETTING_KEYS]))
  }

  /** The settings from their stored rows (read with something else: a purchase reads them with its listing). */
  fromRows(rows: StoredSetting[]): Settings {
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

  /**
   * An admin's change: the settings and its audit entry (only the fields that changed) in one transaction,
   * so the log never shows a change that did not happen or misses one that did. Saving the same values
   * again changes nothing and writes no entry.
   */
  async update(em: EntityManager, adminId: number, patch: SettingsUpdate): Promise<Settings> {
    return em.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?)', [SETTINGS_LOCK])
      const before = await this.get(tx)
      // a countdown left out keeps the value it has now, read under the lock
      const { countdownDays, ...rest } = patch
      const after = await this.set(tx, countdownDays ? { ...rest, countdownDays: { ...before.countdownDays, ...countdownDays } } : rest)
      const changed = changedFields(before, after)
      if (Object.keys(changed.after).length > 0) {
        recordAudit(tx, { adminId, action: 'settings.update', targetType: 'settings', targetId: 'marketplace', ...changed })
      }
      return after
    })
  }

  /** The public part: what every page shows. */
  async siteInfo(em: EntityManager): Promise<SiteInfo> {
    const { maintenanceBanner, welcomeBonusCents } = await this.get(em)
    return { maintenanceBanner: maintenanceBanner === '' ? null : maintenanceBanner, welcomeBonus: centsToDecimalString(welcomeBonusCents) }
  }

  /** The public rules of a deal, so the FAQ and the guides quote what a purchase really costs and how long it waits. */
  async tradingTerms(em: EntityManager): Promise<TradingTerms> {
    const { escrowFeeBps, escrowFeeMinCents, countdownDays, reservationMinutes, listingApprovalRequired } = await this.get(em)
    return { escrowFeeBps, escrowFeeMinCents, countdownDays, reservationMinutes, listingApprovalRequired }
  }
}
