import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startUpdateChecks, UPDATE_CHECK_INTERVAL_MS, type UpdaterPort } from './updater'

const FEED = 'https://updates.handover.example/desktop'

function fakeUpdater(isPackaged: boolean, check: UpdaterPort['checkForUpdates'] = () => Promise.resolve(null), feedUrl: string | null = FEED) {
  return { isPackaged, feedUrl, useFeed: vi.fn(), checkForUpdates: vi.fn(check) }
}

describe('startUpdateChecks', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('never checks when the app is not packaged', async () => {
    const port = fakeUpdater(false)
    startUpdateChecks(port, vi.fn())
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 3)
    expect(port.checkForUpdates).not.toHaveBeenCalled()
  })

  it('never checks, nor names a feed, when the build has no update feed', async () => {
    const port = fakeUpdater(true, undefined, null)
    startUpdateChecks(port, vi.fn())
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 3)
    expect(port.checkForUpdates).not.toHaveBeenCalled()
    expect(port.useFeed).not.toHaveBeenCalled()
  })

  it("checks the build's feed once at start and then every interval", async () => {
    const port = fakeUpdater(true)
    startUpdateChecks(port, vi.fn())
    expect(port.useFeed).toHaveBeenCalledExactlyOnceWith(FEED)
    expect(port.useFeed.mock.invocationCallOrder[0]).toBeLessThan(port.checkForUpdates.mock.invocationCallOrder[0])
    expect(port.checkForUpdates).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS - 1)
    expect(port.checkForUpdates).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(port.checkForUpdates).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2)
    expect(port.checkForUpdates).toHaveBeenCalledTimes(4)
  })

  it('checks every few hours, not minutes', () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBeGreaterThanOrEqual(60 * 60 * 1000)
    expect(UPDATE_CHECK_INTERVAL_MS).toBeLessThanOrEqual(12 * 60 * 60 * 1000)
  })

  it('logs a failed check and keeps checking', async () => {
    const offline = new Error('net::ERR_INTERNET_DISCONNECTED')
    const port = fakeUpdater(true, () => Promise.reject(offline))
    const logError = vi.fn()
    startUpdateChecks(port, logError)
    await vi.advanceTimersByTimeAsync(0)
    expect(logError).toHaveBeenCalledWith(expect.stringContaining('update check failed'), offline)
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(port.checkForUpdates).toHaveBeenCalledTimes(2)
    expect(logError).toHaveBeenCalledTimes(2)
  })

  it('logs a check that throws before returning a promise', async () => {
    const port = fakeUpdater(true, () => {
      throw new Error('no app-update.yml')
    })
    const logError = vi.fn()
    expect(() => startUpdateChecks(port, logError)).not.toThrow()
    await vi.advanceTimersByTimeAsync(0)
    expect(logError).toHaveBeenCalledOnce()
  })

  it('does not start a second check while one is still running', async () => {
    let finish = () => {}
    const port = fakeUpdater(true, () => new Promise<null>((resolve) => (finish = () => resolve(null))))
    startUpdateChecks(port, vi.fn())
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(port.checkForUpdates).toHaveBeenCalledTimes(1)
    finish()
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS)
    expect(port.checkForUpdates).toHaveBeenCalledTimes(2)
  })

  it('stops checking when stopped', async () => {
    const port = fakeUpdater(true)
    const checks = startUpdateChecks(port, vi.fn())
    checks.stop()
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2)
    expect(port.checkForUpdates).toHaveBeenCalledTimes(1)
  })
})
