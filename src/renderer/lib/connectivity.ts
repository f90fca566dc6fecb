/**
 * Whether the page can reach the server, for the offline notice: the browser's own signal (navigator.onLine and
 * its online / offline events), and the API client's last request, since a browser on a network with no way out
 * (or a server that is down) still calls itself online.
 */

export type Connectivity = 'online' | 'offline' | 'unreachable'

let lastRequestFailed = false
const listeners = new Set<() => void>()

const notify = () => listeners.forEach((listener) => listener())

/** Called by the API client after every request: true when any HTTP answer came back, false when none did. */
export function reportServerReached(reached: boolean): void {
  if (lastRequestFailed === !reached) return
  lastRequestFailed = !reached
  notify()
}

export function connectivity(): Connectivity {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline'
  return lastRequestFailed ? 'unreachable' : 'online'
}

function backOnline() {
  // the next request tells whether the server is there too; until then, trust the browser
  lastRequestFailed = false
  notify()
}

export function subscribeToConnectivity(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', backOnline)
    window.addEventListener('offline', notify)
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0) return
    window.removeEventListener('online', backOnline)
    window.removeEventListener('offline', notify)
  }
}
