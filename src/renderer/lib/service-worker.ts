/**
 * The website's service worker (public/sw.js) from the page's side: registration after load, telling the worker
 * which files the first visit loaded before it took over, and the "Update available" state. Kept free of React so
 * the entry script can import it; the prompt reads the state with useSyncExternalStore.
 */

const UPDATE_CHECK_MS = 60 * 60 * 1000

let waitingWorker: ServiceWorker | null = null
const listeners = new Set<() => void>()

function setWaiting(worker: ServiceWorker | null) {
  if (worker === waitingWorker) return
  waitingWorker = worker
  listeners.forEach((listener) => listener())
}

export function subscribeToUpdates(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** True while a newer build's worker is installed and waits for this page to let it take over. */
export const isUpdateWaiting = (): boolean => waitingWorker !== null

/**
 * How long Reload waits for the new build's worker to take over. The browser activates it only once the old worker
 * has answered every request it is serving, so one that hangs would otherwise leave the button doing nothing.
 */
export const UPDATE_TAKEOVER_MS = 10_000

/**
 * Reload into the new build: the waiting worker takes over first, then the page reloads once it controls it. Should
 * the takeover not come within UPDATE_TAKEOVER_MS, the page reloads anyway, into the build still in charge, which
 * offers the update again.
 */
export function applyUpdate(reload: () => void = () => window.location.reload()): void {
  const worker = waitingWorker
  // already active (another tab let it take over): this page only has to load the new build
  if (!worker || worker.state !== 'installed') {
    reload()
    return
  }
  let reloading = false
  const reloadOnce = () => {
    if (reloading) return
    reloading = true
    reload()
  }
  navigator.serviceWorker.addEventListener('controllerchange', reloadOnce, { once: true })
  window.setTimeout(reloadOnce, UPDATE_TAKEOVER_MS)
  worker.postMessage({ type: 'SKIP_WAITING' })
}

/**
 * Build files the page fetched without the worker (all of them on a first visit, where the worker arrives after the
 * page has loaded; workerStart is 0 for those), handed to the worker to store, so the page works offline from then on.
 */
function handOverUnstoredAssets(registration: ServiceWorkerRegistration) {
  const send = (entries: PerformanceEntryList) => {
    const urls = entries
      .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming && entry.workerStart === 0)
      .map((entry) => new URL(entry.name, window.location.href))
      .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
      .map((url) => url.pathname)
    if (urls.length > 0) registration.active?.postMessage({ type: 'CACHE_URLS', urls })
  }
  new PerformanceObserver((list) => send(list.getEntries())).observe({ type: 'resource', buffered: true })
}

/** Follows a registration for a newer build's worker (exported for tests: registration itself only runs in builds). */
export function watchForUpdates(registration: ServiceWorkerRegistration): void {
  // a worker found waiting at load is an update only if another one already controls this page
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) setWaiting(installing)
    })
  })
  window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS)
}

export function registerServiceWorker(): void {
  // Dev servers rebuild modules constantly; a caching worker there only serves stale code.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        watchForUpdates(registration)
        return navigator.serviceWorker.ready
      })
      .then(handOverUnstoredAssets)
      .catch((error: unknown) => console.debug('Service worker not registered', error))
  })
}
