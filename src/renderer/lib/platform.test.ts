// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DesktopBridge } from '@shared/ipc/contract'
import { adminAlertSwitches, getServerUrl, onDeepLink, setBadgeCount, setDocumentTitle, setServerUrl } from './platform'

afterEach(() => {
  delete window.desktop
  setBadgeCount(0)
})

describe('platform bridge', () => {
  it('shows the badge as a title prefix on the web, kept across title changes', () => {
    setDocumentTitle('Home | Handover')
    setBadgeCount(3)
    expect(document.title).toBe('(3) Home | Handover')
    setDocumentTitle('Blogs | Handover')
    expect(document.title).toBe('(3) Blogs | Handover')
    setBadgeCount(0)
    expect(document.title).toBe('Blogs | Handover')
  })

  it('hands the badge and deep links to the desktop bridge when there is one', () => {
    const unsubscribe = vi.fn()
    const desktop = {
      setBadge: vi.fn(async () => {}),
      onDeepLink: vi.fn(() => unsubscribe),
    } as unknown as DesktopBridge
    window.desktop = desktop
    setDocumentTitle('Home | Handover')
    setBadgeCount(5)
    expect(desktop.setBadge).toHaveBeenCalledWith({ count: 5 })
    expect(document.title).toBe('Home | Handover')
    const callback = vi.fn()
    expect(onDeepLink(callback)).toBe(unsubscribe)
    expect(desktop.onDeepLink).toHaveBeenCalledWith(callback)
  })

  it('ignores deep links on the web', () => {
    expect(() => onDeepLink(() => {})()).not.toThrow()
  })

  it('reads and changes the server address through the desktop bridge', async () => {
    const info = { url: 'https://handover.example', fromEnvironment: false }
    const desktop = {
      getServerUrl: vi.fn(async () => info),
      setServerUrl: vi.fn(async () => info),
    } as unknown as DesktopBridge
    window.desktop = desktop
    await expect(getServerUrl()).resolves.toEqual(info)
    await expect(setServerUrl('https://handover.example')).resolves.toEqual(info)
    expect(desktop.setServerUrl).toHaveBeenCalledWith({ url: 'https://handover.example' })
  })

  it('has no server address to read or change on the website', async () => {
    await expect(getServerUrl()).resolves.toBeNull()
    await expect(setServerUrl('https://handover.example')).rejects.toThrow(/only be changed in the desktop app/)
  })

  it('reads the admin alert switches from the desktop app; all on without them or when the call fails; none on the web', async () => {
    const allOn = { stuckPayment: true, dispute: true, withdrawal: true, listingReview: true }
    await expect(adminAlertSwitches()).resolves.toBeNull()
    window.desktop = {} as DesktopBridge
    await expect(adminAlertSwitches()).resolves.toEqual(allOn)
    const adminAlerts = { ...allOn, dispute: false }
    const getSettings = vi.fn(async () => ({ openAtLogin: false, adminAlerts }))
    window.desktop = { getSettings } as unknown as DesktopBridge
    await expect(adminAlertSwitches()).resolves.toEqual(adminAlerts)
    getSettings.mockRejectedValueOnce(new Error('no handler'))
    await expect(adminAlertSwitches()).resolves.toEqual(allOn)
  })
})
