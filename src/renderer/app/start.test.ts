import { describe, expect, it, vi } from 'vitest'
import { FATAL_SCREENS } from './fatal-screen'
import { START_RETRY_KEY, START_RETRY_WINDOW_MS, startApp, type StartDeps } from './start'

function harness(overrides: Partial<StartDeps> & { stored?: Map<string, string>; clock?: { now: number } } = {}) {
  const stored = overrides.stored ?? new Map<string, string>()
  const clock = overrides.clock ?? { now: 1_000_000 }
  const container = { id: 'root' } as unknown as HTMLElement
  const mountApp = vi.fn()
  const deps: StartDeps = {
    container,
    load: vi.fn(async () => ({ mountApp })),
    storage: () => ({ getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) }),
    reload: vi.fn(),
    now: () => clock.now,
    showFatal: vi.fn(),
    log: vi.fn(),
    ...overrides,
  }
  return { deps, mountApp, stored, clock, container }
}

const chunkFailure = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/app-1.js'))

describe('starting the app', () => {
  it('mounts the app into the container when its chunk loads', async () => {
    const { deps, mountApp, container } = harness()
    expect(await startApp(deps)).toBe('mounted')
    expect(mountApp).toHaveBeenCalledWith(container)
    expect(deps.reload).not.toHaveBeenCalled()
    expect(deps.showFatal).not.toHaveBeenCalled()
  })

  it('reloads once when the chunk fails to load, and shows "App Initialization Failed" if it fails again', async () => {
    const first = harness({ load: chunkFailure })
    expect(await startApp(first.deps)).toBe('reloading')
    expect(first.deps.reload).toHaveBeenCalledTimes(1)
    expect(first.deps.showFatal).not.toHaveBeenCalled()
    expect(first.stored.get(START_RETRY_KEY)).toBe(String(first.clock.now))

    // the reloaded page, a little later, with the same session storage
    first.clock.now += 2_000
    const second = harness({ load: chunkFailure, stored: first.stored, clock: first.clock })
    expect(await startApp(second.deps)).toBe('failed')
    expect(second.deps.reload).not.toHaveBeenCalled()
    expect(second.deps.showFatal).toHaveBeenCalledWith(second.container, FATAL_SCREENS.initFailed)
  })

  it('reloads again for a failure long after the last automatic reload', async () => {
    const { deps, stored, clock } = harness({ load: chunkFailure })
    stored.set(START_RETRY_KEY, String(clock.now - START_RETRY_WINDOW_MS))
    expect(await startApp(deps)).toBe('reloading')
    expect(stored.get(START_RETRY_KEY)).toBe(String(clock.now))
  })

  it('never reloads by itself when session storage is blocked', async () => {
    const { deps } = harness({
      load: chunkFailure,
      storage: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
    })
    expect(await startApp(deps)).toBe('failed')
    expect(deps.reload).not.toHaveBeenCalled()
    expect(deps.showFatal).toHaveBeenCalledWith(deps.container, FATAL_SCREENS.initFailed)
  })

  it('shows "App Initialization Failed" at once when the loaded app crashes while mounting', async () => {
    const { deps, stored } = harness({
      load: async () => ({
        mountApp: () => {
          throw new Error('boom')
        },
      }),
    })
    expect(await startApp(deps)).toBe('failed')
    expect(deps.reload).not.toHaveBeenCalled()
    expect(stored.size).toBe(0)
    expect(deps.log).toHaveBeenCalledWith('App initialization failed', expect.objectContaining({ message: 'boom' }))
  })
})
