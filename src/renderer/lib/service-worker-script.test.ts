import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it, vi } from 'vitest'

/**
 * public/sw.js as the browser runs it: the real file, stamped the way the website build stamps it, evaluated with a
 * fake `self`, Cache Storage and network, then driven through its install, activate, message and fetch events.
 */

const ORIGIN = 'https://handover.test'
const SOURCE = readFileSync(resolve(import.meta.dirname, '../public/sw.js'), 'utf8')
const STAMP = /^const BUILD = .*$/m
const BUILD = { id: 'build-2', shell: ['/index.html', '/favicon.svg', '/assets/index-abc.js', '/assets/app-def.js'] }

type Network = (request: Request | string) => Promise<Response>

/** A Response as a same-origin fetch gives it ("basic"); Node's own are "default". */
function basic(body: string, init: ResponseInit = {}): Response {
  const response = new Response(body, init)
  Object.defineProperty(response, 'type', { value: 'basic' })
  return response
}

const keyOf = (request: Request | string | { url: string }) => (typeof request === 'string' ? new URL(request, ORIGIN).href : request.url)

class FakeCache {
  readonly entries = new Map<string, Response>()
  constructor(private readonly network: Network) {}
  async match(request: Request | string) {
    return this.entries.get(keyOf(request))?.clone()
  }
  async put(request: Request | string, response: Response) {
    this.entries.set(keyOf(request), response)
  }
  async addAll(requests: Request[]) {
    const answers = await Promise.all(requests.map(async (request) => [request, await this.network(request)] as const))
    if (answers.some(([, response]) => !response.ok)) throw new TypeError('addAll: a response was not ok')
    for (const [request, response] of answers) this.entries.set(keyOf(request), response)
  }
}

class FakeCaches {
  readonly stores = new Map<string, FakeCache>()
  constructor(private readonly network: Network) {}
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new FakeCache(this.network))
    return this.stores.get(name)!
  }
  async keys() {
    return [...this.stores.keys()]
  }
  async delete(name: string) {
    return this.stores.delete(name)
  }
  async match(request: Request | string, options: { cacheName?: string } = {}) {
    return options.cacheName ? this.stores.get(options.cacheName)?.match(request) : undefined
  }
}

function loadWorker(network: Network) {
  const fetch = vi.fn(network)
  const listeners = new Map<string, (event: unknown) => void>()
  const caches = new FakeCaches(fetch)
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => undefined),
    clients: { claim: vi.fn(async () => undefined) },
  }
  // in a worker, relative URLs resolve against its own location
  class WorkerRequest extends Request {
    constructor(input: string | Request, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, ORIGIN) : input, init)
    }
  }
  runInNewContext(SOURCE.replace(STAMP, `const BUILD = ${JSON.stringify(BUILD)}`), { self, caches, fetch, URL, Request: WorkerRequest, Response })

  /** Runs an extendable event and waits for what it asked to wait for. */
  async function extendable(type: string, fields: Record<string, unknown> = {}) {
    const waits: Promise<unknown>[] = []
    listeners.get(type)!({ ...fields, waitUntil: (p: Promise<unknown>) => waits.push(p) })
    await Promise.all(waits)
  }

  /** A fetch event: the answer the worker gave, or null when it let the browser go to the network itself. */
  async function request(path: string, init: { mode?: string; method?: string; range?: boolean } = {}) {
    let answer = null as Promise<Response> | null
    const waits: Promise<unknown>[] = []
    const url = new URL(path, ORIGIN).href
    const headers = new Headers(init.range ? { range: 'bytes=0-' } : {})
    listeners.get('fetch')!({
      request: { url, method: init.method ?? 'GET', mode: init.mode ?? 'cors', headers },
      respondWith: (p: Promise<Response>) => (answer = p),
      waitUntil: (p: Promise<unknown>) => waits.push(p),
    })
    if (!answer) return null
    const response = await answer
    // what the worker goes on doing after answering (storing a copy) is done before the test looks at the cache
    await Promise.all(waits)
    return response
  }

  return { fetch, caches, self, extendable, request, cache: () => caches.stores.get(`handover-${BUILD.id}`) }
}

const serving =
  (pages: Record<string, () => Response>): Network =>
  async (request) => {
    const path = new URL(keyOf(request)).pathname
    return pages[path]?.() ?? basic('missing', { status: 404 })
  }

const site = serving(Object.fromEntries(BUILD.shell.map((path) => [path, () => basic(`${path} of build-2`)])))

describe('the service worker', () => {
  it('is stamped by a line the website build can find', () => {
    expect(SOURCE).toMatch(STAMP)
  })

  it('stores the shell at install, straight from the server for unhashed files, and never skips waiting by itself', async () => {
    const worker = loadWorker(site)
    await worker.extendable('install')
    expect([...worker.cache()!.entries.keys()]).toEqual(BUILD.shell.map((path) => `${ORIGIN}${path}`))
    const modes = Object.fromEntries(worker.fetch.mock.calls.map(([r]) => [new URL(keyOf(r)).pathname, (r as Request).cache]))
    expect(modes).toEqual({ '/index.html': 'reload', '/favicon.svg': 'reload', '/assets/index-abc.js': 'default', '/assets/app-def.js': 'default' })
    expect(worker.self.skipWaiting).not.toHaveBeenCalled()
  })

  it('fails to install rather than store a shell file the server did not serve', async () => {
    const worker = loadWorker(serving({ '/index.html': () => basic('shell') }))
    await expect(worker.extendable('install')).rejects.toThrow()
  })

  it('on activation drops earlier builds’ caches, keeps caches it does not own, and takes over open pages', async () => {
    const worker = loadWorker(site)
    await worker.caches.open('handover-build-1')
    await worker.caches.open('someone-else')
    await worker.extendable('install')
    await worker.extendable('activate')
    expect(await worker.caches.keys()).toEqual(['someone-else', 'handover-build-2'])
    expect(worker.self.clients.claim).toHaveBeenCalled()
  })

  it('leaves /api, /ws, server pages, other origins, writes and byte ranges to the browser', async () => {
    const worker = loadWorker(site)
    for (const path of [
      '/api/diagnostic',
      '/api/auth/me',
      '/ws',
      '/media/listings/a.webp',
      '/sandbox/checkout/1',
      'https://cdn.example/x.js',
      '/sounds/purchase.mp3',
    ]) {
      expect(await worker.request(path), path).toBeNull()
    }
    expect(await worker.request('/api/diagnostic', { mode: 'navigate' })).toBeNull()
    expect(await worker.request('/assets/app-def.js', { method: 'POST' })).toBeNull()
    expect(await worker.request('/assets/app-def.js', { range: true })).toBeNull()
    expect(worker.fetch).not.toHaveBeenCalled()
  })

  it('loads pages from the network (with their own tags) and stores none of them', async () => {
    const worker = loadWorker(serving({ '/listing/7': () => basic('<title>Listing 7</title>') }))
    const page = await worker.request('/listing/7', { mode: 'navigate' })
    expect(await page!.text()).toBe('<title>Listing 7</title>')
    expect(worker.caches.stores.size).toBe(0)
  })

  it('answers any page with the stored shell when the network is gone', async () => {
    let online = true
    const worker = loadWorker(async (request) => (online ? site(request) : Promise.reject(new TypeError('Failed to fetch'))))
    await worker.extendable('install')
    online = false
    const page = await worker.request('/listing/7', { mode: 'navigate' })
    expect(await page!.text()).toBe('/index.html of build-2')
    await expect(worker.request('/assets/never-seen.js')).rejects.toThrow('Failed to fetch')
  })

  it('keeps hashed files after their first successful load, and never an error answer', async () => {
    const answers: Record<string, () => Response> = {
      '/assets/page-1.js': () => basic('page one'),
      '/assets/gone.js': () => basic('not found', { status: 404 }),
      '/assets/broken.js': () => basic('oops', { status: 500 }),
    }
    const worker = loadWorker(serving(answers))
    expect(await (await worker.request('/assets/page-1.js'))!.text()).toBe('page one')
    expect(await (await worker.request('/assets/page-1.js'))!.text()).toBe('page one')
    expect(worker.fetch).toHaveBeenCalledTimes(1)
    expect((await worker.request('/assets/gone.js'))!.status).toBe(404)
    expect((await worker.request('/assets/broken.js'))!.status).toBe(500)
    expect([...worker.cache()!.entries.keys()]).toEqual([`${ORIGIN}/assets/page-1.js`])
  })

  it('still answers when Cache Storage fails, from the store or the network, and keeps nothing then', async () => {
    const worker = loadWorker(site)
    await worker.extendable('install')
    const cache = worker.cache()!
    cache.match = () => Promise.reject(new DOMException('Unexpected internal error.', 'UnknownError'))
    cache.put = () => Promise.reject(new DOMException('Quota exceeded.', 'QuotaExceededError'))
    expect(await (await worker.request('/assets/app-def.js'))!.text()).toBe('/assets/app-def.js of build-2')
    const fetched = worker.fetch.mock.calls.length
    expect(await (await worker.request('/assets/app-def.js'))!.text()).toBe('/assets/app-def.js of build-2')
    expect(worker.fetch).toHaveBeenCalledTimes(fetched + 1)

    worker.caches.open = () => Promise.reject(new DOMException('Storage is blocked.', 'SecurityError'))
    expect(await (await worker.request('/assets/index-abc.js'))!.text()).toBe('/assets/index-abc.js of build-2')
  })

  it('takes over when the page says so, and stores the build files the first visit loaded before it', async () => {
    const worker = loadWorker(serving({ '/assets/home-1.js': () => basic('home') }))
    await worker.extendable('message', { data: { type: 'SKIP_WAITING' } })
    expect(worker.self.skipWaiting).toHaveBeenCalledTimes(1)
    await worker.extendable('message', {
      data: { type: 'CACHE_URLS', urls: ['/assets/home-1.js', '/api/auth/me', 'https://cdn.example/assets/x.js', '/assets/missing.js', 42] },
    })
    expect([...worker.cache()!.entries.keys()]).toEqual([`${ORIGIN}/assets/home-1.js`])
  })
})
