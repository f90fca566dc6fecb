// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DesktopBridge } from '@shared/ipc/contract'
import { onDeepLink, setBadgeCount, setDocumentTitle } from './platform'

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
})
