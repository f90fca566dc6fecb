import type { ElectronApplication, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '@shared/ipc/channels'
import type { DesktopBridge } from '@shared/ipc/contract'
import { electronBinary, launchApp, startServer, type TestServer } from './electron-app'

// The bridge names one function per invoke channel (same key) and one `onX` per event channel (see the
// preload), so the expected surface follows the contract instead of a second list kept by hand.
const EXPECTED_BRIDGE = [
  ...Object.keys(INVOKE_CHANNELS),
  ...Object.keys(EVENT_CHANNELS).map((name) => `on${name.charAt(0).toUpperCase()}${name.slice(1)}`),
].sort()

/** The page's globals as the preload leaves them (the test runs in Node, without the renderer's typings). */
type PageGlobals = typeof globalThis & { desktop?: DesktopBridge }

describe('the desktop app', () => {
  let server: TestServer | undefined
  let app: ElectronApplication | undefined
  let page: Page

  beforeAll(async () => {
    // First, and before the server starts: without the binary the run must fail saying so, never skip.
    const executable = electronBinary()
    server = await startServer()
    app = await launchApp(executable, server.url)
    page = await app.firstWindow()
  })

  afterAll(async () => {
    await app?.close()
    await server?.stop()
  })

  it('opens one window on the home page of the configured server', async () => {
    await page.waitForURL(`${server?.url}/`)
    await page.getByRole('heading', { level: 1, name: /Buy and sell social media accounts/ }).waitFor()
    expect(app?.windows()).toHaveLength(1)
  })

  it('exposes window.desktop with exactly the bridge functions', async () => {
    const bridge = await page.evaluate(() => Object.entries((globalThis as PageGlobals).desktop ?? {}).map(([name, value]) => [name, typeof value]))
    expect(bridge.map(([name]) => name).sort()).toEqual(EXPECTED_BRIDGE)
    expect(bridge.every(([, type]) => type === 'function')).toBe(true)
  })

  it('keeps Node and Electron out of the page (context isolation, no node integration)', async () => {
    const globals = await page.evaluate(() => {
      const page = globalThis as Record<string, unknown>
      return ['require', 'process', 'module', 'Buffer', 'global', 'ipcRenderer', 'electron'].filter((name) => page[name] !== undefined)
    })
    expect(globals).toEqual([])
  })

  it('answers desktop:get-info through the bridge', async () => {
    const info = await page.evaluate(() => (globalThis as PageGlobals).desktop?.getInfo())
    expect(info?.platform).toBe(process.platform)
  })
})
