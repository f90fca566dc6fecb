/*
 * Handover's service worker. One cache per build: the app shell (index.html, the entry and app scripts, their CSS,
 * the icon) is stored when the worker installs, other hashed /assets/ files when first used. Page loads go to the
 * network first, so every answer carries the server's own page tags; only when the network fails does a page get
 * the stored shell, which the router turns into any route. /api and /ws are never touched, and only complete,
 * successful same-origin answers are ever stored. A new build's worker waits until the page asks it to take over
 * (SKIP_WAITING), which the page does when the visitor presses Reload on its "Update available" prompt.
 */

// Stamped by the website build (vite.web.config.ts): the build's id and the shell to store at install.
// The development server never registers the worker, so these values are never used as they stand here.
const BUILD = { id: 'development', shell: ['/index.html'] }

const CACHE_PREFIX = 'handover-'
const CACHE = `${CACHE_PREFIX}${BUILD.id}`
const SHELL_URL = '/index.html'

// Paths the server answers itself (server/app.ts): never a page of the app, never stored.
const SERVER_PATH = /^\/(?:api|ws|healthz|media|sandbox)(?:\/|$)/
const FILE_PATH = /\.[a-z0-9]+$/i

/** How a request is answered: 'page' (network first, shell offline), 'stored' (cache first) or 'network' (untouched). */
function routeFor(request, origin) {
  if (request.method !== 'GET') return 'network'
  const url = new URL(request.url)
  if (url.origin !== origin || SERVER_PATH.test(url.pathname)) return 'network'
  // media elements ask for byte ranges, which a stored whole answer would not honour
  if (request.headers.has('range')) return 'network'
  if (request.mode === 'navigate') return FILE_PATH.test(url.pathname) ? 'network' : 'page'
  // hashed names never change content; the shell's other files belong to this build's cache
  if (url.pathname.startsWith('/assets/') || BUILD.shell.includes(url.pathname)) return 'stored'
  return 'network'
}

/** Only a complete, successful answer of our own origin is stored: never an error page, a redirect or a part. */
function isStorable(response) {
  return response.status === 200 && response.type === 'basic' && !response.redirected
}

/**
 * The stored copy, else the network's answer, stored on the side. Storage is only ever a shortcut: a Cache Storage
 * that fails (full disk, a browser clearing it) costs the stored copy, never the answer.
 */
async function cacheFirst(event) {
  const request = event.request
  const cache = await caches.open(CACHE).catch(() => null)
  const stored = await cache?.match(request).catch(() => undefined)
  if (stored) return stored
  const response = await fetch(request)
  if (cache && isStorable(response)) event.waitUntil(cache.put(request, response.clone()).catch(() => undefined))
  return response
}

/** The network's page, with its own tags; the stored shell only when the network cannot be reached. */
async function networkFirstPage(request) {
  try {
    return await fetch(request)
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: CACHE })
    if (shell) return shell
    throw error
  }
}

/** Files the page loaded before this worker controlled it (first visit), so they are there offline too. */
async function storeLoadedAssets(urls, origin) {
  const cache = await caches.open(CACHE)
  for (const href of urls) {
    const url = new URL(href, origin)
    if (url.origin !== origin || !url.pathname.startsWith('/assets/') || (await cache.match(url.pathname))) continue
    try {
      const response = await fetch(url.pathname)
      if (isStorable(response)) await cache.put(url.pathname, response)
    } catch {
      // offline again; the next visit stores it on use
    }
  }
}

self.addEventListener('install', (event) => {
  // hashed files may come from the HTTP cache (the page has just loaded them); the others skip it, so the shell
  // is this build's even right after a deploy
  const requests = BUILD.shell.map((url) => new Request(url, { cache: url.startsWith('/assets/') ? 'default' : 'reload' }))
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)))
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('message', (event) => {
  const data = event.data
  if (data?.type === 'SKIP_WAITING') self.skipWaiting()
  if (data?.type === 'CACHE_URLS' && Array.isArray(data.urls))
    event.waitUntil(
      storeLoadedAssets(
        data.urls.filter((u) => typeof u === 'string'),
        self.location.origin,
      ),
    )
})

self.addEventListener('fetch', (event) => {
  const route = routeFor(event.request, self.location.origin)
  if (route === 'page') event.respondWith(networkFirstPage(event.request))
  else if (route === 'stored') event.respondWith(cacheFirst(event))
})
