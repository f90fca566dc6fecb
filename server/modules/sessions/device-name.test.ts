import { describe, expect, it } from 'vitest'
import { deviceName } from './device-name'

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariIpad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  desktopApp:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) handover/1.0.0 Chrome/130.0.0.0 Electron/33.0.0 Safari/537.36',
}

describe('deviceName', () => {
  it('names the browser and the system it runs on, without versions', () => {
    expect(deviceName(UA.chromeWindows)).toBe('Chrome on Windows')
    expect(deviceName(UA.edgeWindows)).toBe('Microsoft Edge on Windows')
    expect(deviceName(UA.safariMac)).toBe('Safari on macOS')
    expect(deviceName(UA.firefoxLinux)).toBe('Firefox on Linux')
    expect(deviceName(UA.chromeAndroid)).toBe('Chrome on Android')
  })

  it('says iPhone or iPad rather than iOS', () => {
    expect(deviceName(UA.safariIphone)).toBe('Safari on iPhone')
    expect(deviceName(UA.safariIpad)).toBe('Safari on iPad')
  })

  it('calls the desktop app by its name', () => {
    expect(deviceName(UA.desktopApp)).toBe('Handover app on macOS')
  })

  it('says what it can of a user agent it half knows, and "Unknown device" for none or one it does not', () => {
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Unknown browser on Windows')
    expect(deviceName('SomeBot (Windows NT 10.0)')).toBe('Unknown browser on Windows')
    expect(deviceName('curl/8.5.0')).toBe('Unknown device')
    expect(deviceName('')).toBe('Unknown device')
    expect(deviceName('   ')).toBe('Unknown device')
    expect(deviceName(null)).toBe('Unknown device')
  })
})
