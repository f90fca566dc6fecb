// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { desktopReconnect, reconnectPolicy, websiteReconnect } from './reconnect-policy'

const context = (closeCode: number, random = () => 0) => ({ closeCode, mobile: false, random })

afterEach(() => {
  Reflect.deleteProperty(window, 'desktop')
})

describe('reconnectPolicy', () => {
  it('is the desktop one inside the app and the website one elsewhere', () => {
    expect(reconnectPolicy(true)).toBe(desktopReconnect)
    expect(reconnectPolicy(false)).toBe(websiteReconnect)
  })

  it('looks for the desktop bridge when not told', () => {
    expect(reconnectPolicy()).toBe(websiteReconnect)
    Object.assign(window, { desktop: {} })
    expect(reconnectPolicy()).toBe(desktopReconnect)
  })

  it('wakes up only on the desktop', () => {
    expect(desktopReconnect.reconnectOnWake).toBe(true)
    expect(websiteReconnect.reconnectOnWake).toBe(false)
  })
})

describe('desktopReconnect', () => {
  it('doubles from 1 s to a 30 s cap and never gives up', () => {
    const delays = Array.from({ length: 8 }, (_, attempt) => desktopReconnect.delay(attempt, context(4000)))
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
    expect(desktopReconnect.delay(10_000, context(4000))).toBe(30000)
  })

  it.each([1000, 1001, 1006, 1012])('tries again after close code %i, a server shutting down normally included', (code) => {
    expect(desktopReconnect.delay(0, context(code))).toBe(1000)
  })

  it('adds up to 1 s of jitter', () => {
    expect(
      desktopReconnect.delay(
        6,
        context(1006, () => 0.999),
      ),
    ).toBeCloseTo(30999)
  })
})

describe('websiteReconnect', () => {
  it.each([1000, 1001])('stays closed after close code %i (SPEC §4)', (code) => {
    expect(websiteReconnect.delay(0, context(code))).toBeNull()
  })

  it('gives up after 5 attempts', () => {
    expect(websiteReconnect.delay(4, context(4000))).toBe(16000)
    expect(websiteReconnect.delay(5, context(4000))).toBeNull()
  })
})
