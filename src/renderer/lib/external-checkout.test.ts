// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DesktopBridge } from '@shared/ipc/contract'
import { openProviderPage, providerReturn } from './external-checkout'

afterEach(() => {
  delete window.desktop
})

const CHECKOUT = 'https://pay.example/checkout/deposit_7_1700000000?key=abc'

describe('provider pages', () => {
  it('go in this page on the website, and ask the provider for nothing new', () => {
    const assign = vi.fn()
    expect(providerReturn()).toEqual({})
    expect(openProviderPage(CHECKOUT, assign)).toBeNull()
    expect(assign).toHaveBeenCalledWith(CHECKOUT)
  })

  it('open in the system browser from the desktop app, which asks for the desktop return', () => {
    const openExternal = vi.fn(async () => {})
    window.desktop = { openExternal } as unknown as DesktopBridge
    const assign = vi.fn()
    expect(providerReturn()).toEqual({ returnTo: 'desktop' })
    expect(openProviderPage(CHECKOUT, assign)).toEqual({ url: CHECKOUT })
    expect(openExternal).toHaveBeenCalledWith({ url: CHECKOUT })
    expect(assign).not.toHaveBeenCalled()
  })
})
