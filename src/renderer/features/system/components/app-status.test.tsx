// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { settingsEndpoints } from '@shared/api/endpoints/settings'
import { apiUrl } from '@/lib/api'
import { apiGet } from '@/lib/api-client'
import { AppStatus } from './app-status'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline)
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'))
  })
}

describe('the offline notice', () => {
  it('shows while the browser is offline and leaves when it is back', () => {
    render(<AppStatus />)
    expect(screen.queryByTestId('offline-notice')).toBeNull()
    goOffline(true)
    expect(screen.getByTestId('offline-notice').textContent).toContain("You're offline.")
    goOffline(false)
    expect(screen.queryByTestId('offline-notice')).toBeNull()
  })

  it('shows when a request gets no answer at all while the browser says online, until one gets through', async () => {
    render(<AppStatus />)
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    await act(() => apiGet(apiUrl(settingsEndpoints.getSite)).catch(() => null))
    expect(screen.getByTestId('offline-notice').textContent).toContain("Can't reach Handover.")
    // an HTTP error is still an answer: the server is there
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 500 })),
    )
    await act(() => apiGet(apiUrl(settingsEndpoints.getSite)).catch(() => null))
    expect(screen.queryByTestId('offline-notice')).toBeNull()
  })
})

/** Just enough of the browser's service worker objects for the page's side of an update. */
function fakeWorkers(options: { controlled: boolean }) {
  const waiting = Object.assign(new EventTarget(), { state: 'installed', postMessage: vi.fn() })
  const container = Object.assign(new EventTarget(), { controller: options.controlled ? {} : null })
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true })
  const registration = Object.assign(new EventTarget(), { waiting, installing: null, update: vi.fn(async () => undefined) })
  return { waiting, registration: registration as unknown as ServiceWorkerRegistration }
}

/** The prompt and the worker state fresh for each test: the state lives in its module, as once per page. */
async function freshModules() {
  vi.resetModules()
  const [{ AppStatus: Fresh }, worker] = await Promise.all([import('./app-status'), import('@/lib/service-worker')])
  return { AppStatus: Fresh, ...worker }
}

describe('the update prompt', () => {
  it('offers Reload when a newer build waits, and Reload asks it to take over', async () => {
    const { AppStatus, watchForUpdates } = await freshModules()
    const { waiting, registration } = fakeWorkers({ controlled: true })
    render(<AppStatus />)
    act(() => watchForUpdates(registration))
    const prompt = screen.getByTestId('update-prompt')
    expect(prompt.textContent).toContain('Update available.')
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
  })

  it('reloads once the new worker controls the page, and only once', async () => {
    vi.useFakeTimers()
    try {
      const { applyUpdate, watchForUpdates, UPDATE_TAKEOVER_MS } = await freshModules()
      const { waiting, registration } = fakeWorkers({ controlled: true })
      watchForUpdates(registration)
      const reload = vi.fn()
      applyUpdate(reload)
      expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
      expect(reload).not.toHaveBeenCalled()
      navigator.serviceWorker.dispatchEvent(new Event('controllerchange'))
      expect(reload).toHaveBeenCalledOnce()
      vi.advanceTimersByTime(UPDATE_TAKEOVER_MS)
      expect(reload).toHaveBeenCalledOnce()
    } finally {
      vi.useRealTimers()
    }
  })

  it('reloads anyway when the new worker does not take over in time, so Reload never does nothing', async () => {
    vi.useFakeTimers()
    try {
      const { applyUpdate, watchForUpdates, UPDATE_TAKEOVER_MS } = await freshModules()
      const { registration } = fakeWorkers({ controlled: true })
      watchForUpdates(registration)
      const reload = vi.fn()
      applyUpdate(reload)
      vi.advanceTimersByTime(UPDATE_TAKEOVER_MS - 1)
      expect(reload).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(reload).toHaveBeenCalledOnce()
    } finally {
      vi.useRealTimers()
    }
  })

  it('appears once a newer build finishes installing while the page is open', async () => {
    const { AppStatus, watchForUpdates } = await freshModules()
    const { registration } = fakeWorkers({ controlled: true })
    const installing = Object.assign(new EventTarget(), { state: 'installing', postMessage: vi.fn() })
    Object.assign(registration, { waiting: null, installing })
    render(<AppStatus />)
    act(() => watchForUpdates(registration))
    act(() => {
      registration.dispatchEvent(new Event('updatefound'))
    })
    expect(screen.queryByTestId('update-prompt')).toBeNull()
    act(() => {
      installing.state = 'installed'
      installing.dispatchEvent(new Event('statechange'))
    })
    expect(screen.getByTestId('update-prompt')).toBeTruthy()
  })

  it('stays away on the first visit, when the worker found is the first one ever', async () => {
    const { AppStatus, watchForUpdates } = await freshModules()
    const { registration } = fakeWorkers({ controlled: false })
    render(<AppStatus />)
    act(() => watchForUpdates(registration))
    expect(screen.queryByTestId('update-prompt')).toBeNull()
  })
})
