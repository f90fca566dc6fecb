import { describe, expect, it, vi } from 'vitest'
import { createDesktopSettings } from './desktop-settings'
import type { AppSettings, SettingsStore } from './settings-store'

function memoryStore(initial: AppSettings = {}) {
  let stored: Record<string, unknown> = { ...initial }
  const store: SettingsStore = {
    load: () => stored as AppSettings,
    save: vi.fn((changes: AppSettings) => {
      stored = { ...stored, ...changes }
    }),
  }
  return { store, stored: () => stored }
}

const ALL_ON = { stuckPayment: true, dispute: true, withdrawal: true, listingReview: true }

describe('createDesktopSettings', () => {
  it('answers the defaults on a new computer: no login item, every admin alert on', () => {
    const { store } = memoryStore()
    expect(createDesktopSettings(store, vi.fn()).get()).toEqual({ openAtLogin: false, adminAlerts: ALL_ON })
  })

  it('keeps the admin alert switches that were not changed', () => {
    const { store, stored } = memoryStore({ adminAlerts: { dispute: false } })
    const settings = createDesktopSettings(store, vi.fn())
    expect(settings.set({ adminAlerts: { withdrawal: false } })).toEqual({
      openAtLogin: false,
      adminAlerts: { ...ALL_ON, dispute: false, withdrawal: false },
    })
    expect(stored()).toEqual({ adminAlerts: { dispute: false, withdrawal: false } })
  })

  it('applies the login item when the switch changes, and saves it', () => {
    const { store, stored } = memoryStore({ serverUrl: 'https://handover.example' })
    const apply = vi.fn()
    const settings = createDesktopSettings(store, apply)
    expect(settings.set({ openAtLogin: true }).openAtLogin).toBe(true)
    expect(apply).toHaveBeenCalledWith(true)
    expect(stored()).toEqual({ serverUrl: 'https://handover.example', openAtLogin: true })
    settings.set({ openAtLogin: false })
    expect(apply).toHaveBeenLastCalledWith(false)
  })

  it('leaves the OS alone when the login item does not change', () => {
    const { store } = memoryStore({ openAtLogin: true })
    const apply = vi.fn()
    const settings = createDesktopSettings(store, apply)
    settings.set({ openAtLogin: true })
    settings.set({ adminAlerts: { dispute: false } })
    expect(apply).not.toHaveBeenCalled()
  })

  it('saves nothing when the OS refuses the login item', () => {
    const { store, stored } = memoryStore()
    const settings = createDesktopSettings(store, () => {
      throw new Error('denied')
    })
    expect(() => settings.set({ openAtLogin: true, adminAlerts: { dispute: false } })).toThrow('denied')
    expect(store.save).not.toHaveBeenCalled()
    expect(stored()).toEqual({})
  })
})
