import { EntitySchema, OptionalProps } from '@mikro-orm/core'

/** One marketplace setting: a key of `Settings` and its JSON value. */
export class Setting {
  [OptionalProps]?: 'updatedAt'
  key!: string
  value!: unknown
  updatedAt: Date = new Date()
}

export const SettingSchema = new EntitySchema<Setting>({
  class: Setting,
  tableName: 'settings',
  properties: {
    key: { type: 'text', primary: true },
    value: { type: 'json' },
    updatedAt: { type: 'datetime', length: 3, defaultRaw: 'now()', onUpdate: () => new Date() },
  },
})
