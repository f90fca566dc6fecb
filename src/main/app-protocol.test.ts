import { describe, expect, it, vi } from 'vitest'
import {
  createAppRequestHandler,
  createServedDocuments,
  interceptServerScheme,
  type AppRequestDeps,
  type ProtocolRegistry,
  type RequestHandler,
  type ServedDocuments,
} from './app-protocol'
import type { RendererSource } from './renderer-source'

const origin = 'http://localhost:3000'

function setup(overrides: Partial<AppRequestDeps> = {}, server = { origin: () => origin, info: () => ({ fromEnvironment: false }) }) {
  const passThrough = vi.fn<RequestHandler>(async () => new Response('from the network'))
  const get = vi.fn<RendererSource['get']>(async (file, _url, policy) => {
    const headers: Record<string, string> = { 'x-file': file }
    if (file === 'index.html') headers['content-security-policy'] = policy
    return new Response(`bundle:${file}`, { headers })
  })
  const isReachable = vi.fn(async () => true)
  const warn = vi.fn()
  const handle = createAppRequestHandler({ server, passThrough, renderer: { get }, probe: { isReachable }, warn, ...overrides })
  const request = (url: string, init?: RequestInit) => handle(new Request(url, init))
  return { handle, request, passThrough, get, isReachable, warn }
}

describe('createAppRequestHandler', () => {
  it.each(['https://www.youtube.com/@seller', 'http://localhost:3001/', 'http://127.0.0.1:3000/', 'http://cdn.example/banner.png'])(
    'passes %s, another origin, through untouched',
    async (url) => {
      const { request, passThrough, get } = setup()
      expect(await (await request(url)).text()).toBe('from the network')
      expect(passThrough.mock.calls[0]?.[0].url).toBe(url)
      expect(get).not.toHaveBeenCalled()
    },
  )

  const serverPaths = [
    '/api/accounts?page=2',
    '/api/proxy/image?url=https%3A%2F%2Fx',
    '/ws',
    '/healthz',
    '/media/listings/a.webp',
    '/sandbox/checkout/ord_1',
    '/sitemap.xml',
  ]

  it.each(serverPaths)('passes the server path %s through to the server', async (path) => {
    const { request, passThrough, get, isReachable } = setup()
    await request(`${origin}${path}`)
    expect(passThrough).toHaveBeenCalledOnce()
    expect(get).not.toHaveBeenCalled()
    expect(isReachable).not.toHaveBeenCalled()
  })

  it('hands the very request on, so its method, headers and body reach the server', async () => {
    const { handle, passThrough } = setup()
    const post = new Request(`${origin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"u":1}' })
    await handle(post)
    expect(passThrough).toHaveBeenCalledWith(post)
  })

  it.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])('sends a %s on an app path to the server, never to the bundle', async (method) => {
    const { request, passThrough, get } = setup()
    await request(`${origin}/chat/1`, { method })
    expect(passThrough).toHaveBeenCalledOnce()
    expect(get).not.toHaveBeenCalled()
  })

  it('answers an app route with the bundled document and its CSP once the server answers', async () => {
    const { request, get, isReachable } = setup()
    const response = await request(`${origin}/chat/12?tab=files`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('bundle:index.html')
    expect(isReachable).toHaveBeenCalledWith(origin)
    expect(get.mock.calls[0]?.[1].url).toBe(`${origin}/chat/12?tab=files`)
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'self' ws://localhost:3000")
  })

  it('answers assets from the bundle without asking the server', async () => {
    const { request, get, isReachable } = setup()
    expect(await (await request(`${origin}/assets/index-abc.js?v=2`)).text()).toBe('bundle:assets/index-abc.js')
    expect(get).toHaveBeenCalledOnce()
    expect(isReachable).not.toHaveBeenCalled()
  })

  it.each(['/assets/..%2f..%2fmain%2findex.js', '/.env.json', '/assets/%E0%A4%A.js'])('answers 404 for %s without reading anything', async (path) => {
    const { request, get } = setup()
    expect((await request(`${origin}${path}`)).status).toBe(404)
    expect(get).not.toHaveBeenCalled()
  })

  it('shows the offline screen instead of the app while the server cannot be reached', async () => {
    const { request, get } = setup({ probe: { isReachable: async () => false } })
    const response = await request(`${origin}/listing/4`)
    expect(response.status).toBe(503)
    const html = await response.text()
    expect(html).toContain('http://localhost:3000')
    expect(html).toContain('id="server-form"')
    expect(get).not.toHaveBeenCalled()
  })

  it('says the app is offline when it serves the offline screen, and not for the app or its files', async () => {
    let reachable = false
    const onOffline = vi.fn()
    const { request } = setup({ probe: { isReachable: async () => reachable }, onOffline })
    await request(`${origin}/listing/4`)
    expect(onOffline).toHaveBeenCalledOnce()
    reachable = true
    await request(`${origin}/listing/4`)
    await request(`${origin}/assets/index-abc.js`)
    expect(onOffline).toHaveBeenCalledOnce()
  })

  it('says the app is offline on the screen explaining a crash too', async () => {
    const onOffline = vi.fn()
    const { request } = setup({ takeFailure: () => 'The page stopped unexpectedly (crashed).', onOffline })
    await request(`${origin}/chat/4`)
    expect(onOffline).toHaveBeenCalledOnce()
  })

  it('tells the offline screen when HANDOVER_SERVER_URL decides the address', async () => {
    const server = { origin: () => origin, info: () => ({ fromEnvironment: true }) }
    const { request } = setup({ probe: { isReachable: async () => false } }, server)
    const html = await (await request(`${origin}/`)).text()
    expect(html).not.toContain('id="server-form"')
    expect(html).toContain('HANDOVER_SERVER_URL')
  })

  it('explains a crashed page on the offline screen once, then serves the app again', async () => {
    let failure: string | undefined = 'The page stopped unexpectedly (crashed).'
    const takeFailure = vi.fn(() => {
      const taken = failure
      failure = undefined
      return taken
    })
    const { request, get, isReachable } = setup({ takeFailure })
    expect(await (await request(`${origin}/assets/index-abc.js`)).text()).toBe('bundle:assets/index-abc.js')
    expect(takeFailure).not.toHaveBeenCalled()
    const response = await request(`${origin}/chat/4`)
    expect(response.status).toBe(503)
    const html = await response.text()
    expect(html).toContain('<h1>Handover stopped</h1>')
    expect(html).toContain('The page stopped unexpectedly (crashed). Retry loads it again.')
    expect(isReachable).not.toHaveBeenCalled()
    expect(await (await request(`${origin}/chat/4`)).text()).toBe('bundle:index.html')
    expect(get).toHaveBeenCalledTimes(2)
  })

  it('makes an unreachable server look like a failed request to the page', async () => {
    const { request } = setup({ passThrough: () => Promise.reject(new Error('ECONNREFUSED')) })
    expect((await request(`${origin}/api/auth/me`)).type).toBe('error')
  })

  it('reports a bundle that cannot be read and fails the request', async () => {
    const { request, warn } = setup({ renderer: { get: () => Promise.reject(new Error('EACCES')) } })
    expect((await request(`${origin}/assets/a.js`)).type).toBe('error')
    expect(warn).toHaveBeenCalledOnce()
  })

  it('answers HEAD with the headers and no body', async () => {
    const { request } = setup()
    const response = await request(`${origin}/assets/a.js`, { method: 'HEAD' })
    expect(response.headers.get('x-file')).toBe('assets/a.js')
    expect(response.body).toBeNull()
  })

  it('follows the server address when it changes', async () => {
    let current = origin
    const { request, passThrough, get } = setup({}, { origin: () => current, info: () => ({ fromEnvironment: false }) })
    current = 'https://handover.example'
    await request(`${origin}/`)
    expect(passThrough).toHaveBeenCalledOnce()
    const response = await request('https://handover.example/')
    expect(get).toHaveBeenCalledOnce()
    expect(response.headers.get('content-security-policy')).toContain('wss://handover.example')
  })

  it('hands Vite modules and sources to the dev server in development', async () => {
    const { request, get } = setup({ devServerOrigin: 'http://localhost:5173' })
    await request(`${origin}/node_modules/.vite/deps/react.js?v=1`)
    await request(`${origin}/@vite/client`)
    expect(get.mock.calls.map(([file]) => file)).toEqual(['node_modules/.vite/deps/react.js', '@vite/client'])
    const document = await request(`${origin}/chat/1`)
    expect(document.headers.get('content-security-policy')).toContain('http://localhost:5173')
  })
})

describe('interceptServerScheme', () => {
  function registry() {
    const calls: string[] = []
    const handlers = new Map<string, RequestHandler>()
    const fake: ProtocolRegistry = {
      handle: (scheme, handler) => void (calls.push(`handle ${scheme}`), handlers.set(scheme, handler)),
      unhandle: (scheme) => void (calls.push(`unhandle ${scheme}`), handlers.delete(scheme)),
    }
    return { fake, calls, handlers }
  }
  const handler: RequestHandler = async () => new Response()

  it('intercepts only the scheme of the server', () => {
    const { fake, calls, handlers } = registry()
    interceptServerScheme(fake, handler, 'https://handover.example')
    expect(calls).toEqual(['handle https'])
    expect(handlers.get('https')).toBe(handler)
  })

  it('keeps the registration when the address changes within the scheme', () => {
    const { fake, calls } = registry()
    interceptServerScheme(fake, handler, 'http://localhost:3000').follow('http://192.168.1.20:3000')
    expect(calls).toEqual(['handle http'])
  })

  it('moves the interception to the other scheme when the server does', () => {
    const { fake, calls, handlers } = registry()
    const intercepted = interceptServerScheme(fake, handler, 'http://localhost:3000')
    intercepted.follow('https://handover.example')
    intercepted.follow('https://other.example')
    expect(calls).toEqual(['handle http', 'unhandle http', 'handle https'])
    expect([...handlers.keys()]).toEqual(['https'])
  })
})

describe('served documents', () => {
  it('tells the offline screen from the app, by the address each was served at', async () => {
    const documents = createServedDocuments()
    let reachable = false
    const { request } = setup({ documents, probe: { isReachable: async () => reachable } })
    await request(`${origin}/chat/4`)
    expect(documents.isOffline(`${origin}/chat/4`)).toBe(true)
    // the address the window shows may carry a fragment, which never reaches a request
    expect(documents.isOffline(`${origin}/chat/4#latest`)).toBe(true)
    expect(documents.isOffline(`${origin}/chat/5`)).toBe(false)
    // the page's own files and the server's paths say nothing about which page shows
    await request(`${origin}/assets/index-abc.js`)
    await request(`${origin}/api/auth/me`)
    expect(documents.isOffline(`${origin}/chat/4`)).toBe(true)
    reachable = true
    await request(`${origin}/chat/4`)
    expect(documents.isOffline(`${origin}/chat/4`)).toBe(false)
  })

  it('is told about pages only, never about their files or the server paths', async () => {
    const record = vi.fn<ServedDocuments['record']>()
    const { request } = setup({ documents: { record, isOffline: () => false } })
    await request(`${origin}/assets/index-abc.js`)
    await request(`${origin}/favicon.ico`)
    await request(`${origin}/api/auth/me`)
    expect(record).not.toHaveBeenCalled()
    await request(`${origin}/chat/4?tab=deal`)
    expect(record).toHaveBeenCalledExactlyOnceWith(`${origin}/chat/4?tab=deal`, 'app')
  })

  it('counts the screen explaining a crash as not the app either', async () => {
    const documents = createServedDocuments()
    await setup({ documents, takeFailure: () => 'The page stopped unexpectedly.' }).request(`${origin}/`)
    expect(documents.isOffline(`${origin}/`)).toBe(true)
  })

  it('takes an address it cannot read for the app', () => {
    const documents = createServedDocuments()
    documents.record('not a url', 'offline')
    expect(documents.isOffline('not a url')).toBe(false)
    expect(documents.isOffline('')).toBe(false)
  })
})
