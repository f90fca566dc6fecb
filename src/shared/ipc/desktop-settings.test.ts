import { describe, expect, it } from 'vitest'
import { DEFAULT_DESKTOP_SETTINGS, desktopSettingsChangesSchema, desktopSettingsSchema, INVOKE_CHANNELS, invokeContract } from './contract'

describe('the desktop settings contract', () => {
  it('defaults to no login item and every admin alert on', () => {
    expect(desktopSettingsSchema.parse(DEFAULT_DESKTOP_SETTINGS)).toEqual({
      openAtLogin: false,
      adminAlerts: { stuckPayment: true, dispute: true, withdrawal: true, listingReview: true },
    })
  })

  it('answers every setting, each a boolean', () => {
    expect(desktopSettingsSchema.safeParse({ openAtLogin: true }).success).toBe(false)
    expect(desktopSettingsSchema.safeParse({ ...DEFAULT_DESKTOP_SETTINGS, adminAlerts: { dispute: true } }).success).toBe(false)
    expect(desktopSettingsSchema.safeParse({ ...DEFAULT_DESKTOP_SETTINGS, openAtLogin: 'false' }).success).toBe(false)
  })

  it('takes any part of the settings as a change, each admin alert on its own', () => {
    expect(desktopSettingsChangesSchema.parse({})).toEqual({})
    expect(desktopSettingsChangesSchema.parse({ openAtLogin: true })).toEqual({ openAtLogin: true })
    expect(desktopSettingsChangesSchema.parse({ adminAlerts: { withdrawal: false } })).toEqual({ adminAlerts: { withdrawal: false } })
  })

  it('drops keys it does not know, at both levels', () => {
    expect(desktopSettingsChangesSchema.parse({ serverUrl: 'https://evil.example', adminAlerts: { dispute: false, all: false } })).toEqual({
      adminAlerts: { dispute: false },
    })
  })

  it.each([{ openAtLogin: 'yes' }, { openAtLogin: null }, { adminAlerts: null }, { adminAlerts: { stuckPayment: 0 } }, 'openAtLogin', null])(
    'refuses the change %j',
    (changes) => {
      expect(desktopSettingsChangesSchema.safeParse(changes).success).toBe(false)
    },
  )

  it('validates both channels: no argument to read, a change to write, the whole settings back', () => {
    expect(invokeContract[INVOKE_CHANNELS.getSettings].input.safeParse(undefined).success).toBe(true)
    expect(invokeContract[INVOKE_CHANNELS.getSettings].input.safeParse({}).success).toBe(false)
    expect(invokeContract[INVOKE_CHANNELS.setSettings].input).toBe(desktopSettingsChangesSchema)
    expect(invokeContract[INVOKE_CHANNELS.getSettings].output).toBe(desktopSettingsSchema)
    expect(invokeContract[INVOKE_CHANNELS.setSettings].output).toBe(desktopSettingsSchema)
  })
})
