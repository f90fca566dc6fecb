import { beforeEach, describe, expect, it, vi } from 'vitest'
import { INVOKE_CHANNELS } from '@shared/ipc/channels'
import type { DesktopBridge } from '@shared/ipc/contract'

// The preload runs against Electron's contextBridge and ipcRenderer; these stand in for them.
const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: vi.fn<(channel: string, ...args: unknown[]) => Promise<unknown>>(async () => undefined),
}))

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api) },
  ipcRenderer: { invoke: electron.invoke, on: vi.fn() },
}))

async function loadBridge(): Promise<DesktopBridge> {
  vi.resetModules()
  electron.exposed.clear()
  await import('./index')
  return electron.exposed.get('desktop') as DesktopBridge
}

describe('the preload: desktop settings', () => {
  beforeEach(() => electron.invoke.mockClear())

  it('reads the settings on desktop:get-settings, with no argument', async () => {
    const bridge = await loadBridge()
    await bridge.getSettings()
    expect(electron.invoke).toHaveBeenCalledWith(INVOKE_CHANNELS.getSettings)
    expect(electron.invoke.mock.calls[0]).toHaveLength(1)
  })

  it('sends the changes, and only them, on desktop:set-settings', async () => {
    const bridge = await loadBridge()
    const answer = { openAtLogin: true, adminAlerts: { stuckPayment: true, dispute: false, withdrawal: true, listingReview: true } }
    electron.invoke.mockResolvedValueOnce(answer)
    await expect(bridge.setSettings({ adminAlerts: { dispute: false } })).resolves.toBe(answer)
    expect(electron.invoke).toHaveBeenCalledWith(INVOKE_CHANNELS.setSettings, { adminAlerts: { dispute: false } })
  })

  it('exposes named functions only, one per channel', async () => {
    const bridge = await loadBridge()
    expect(typeof bridge.getSettings).toBe('function')
    expect(typeof bridge.setSettings).toBe('function')
    expect(Object.values(bridge).every((value) => typeof value === 'function')).toBe(true)
  })
})
