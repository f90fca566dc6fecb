import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createLocalBus } from '../../server/realtime/bus'
import { createLocalPresence } from '../../server/realtime/presence'
import { createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { createRateLimits } from '../../server/http/rate-limit'
import { createLogger } from '../../server/logger'
import { createMailer } from '../../server/modules/email/mailer'
import { createImageProxy, type ResolvedAddress } from '../../server/modules/images/image-proxy'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
const OTHER_PNG = Buffer.concat([PNG, Buffer.from('second')])
const FIVE_MB = 5 * 1024 * 1024
const TIMEOUT_MS = 1_500

/** Serves the image fixtures on 127.0.0.1 and remembers every path asked for. */
function imageHost(routes: Record<string, (res: ServerResponse, req: IncomingMessage) => void>) {
  const seen: string[] = []
  const server = createServer((req, res) => {
    seen.push(req.url ?? '')
    const route = routes[req.url ?? '']
    if (route) route(res, req)
    else res.writeHead(404).end('missing')
  })
  return { server, seen }
}

/** Must never hear from the proxy: counts connections, not only requests, on IPv4 and IPv6 loopback. */
function canaryServer() {
  const state = { connections: 0, server: createServer((_req, res) => res.end('canary')) }
  state.server.on('connection', () => state.connections++)
  return state
}

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((ok) => server.listen(0, host, ok))
  return (server.address() as AddressInfo).port
}

const close = (server: Server) => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok())))

const png = (body: Buffer) => (res: ServerResponse) => res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length }).end(body)
const redirect = (location: () => string) => (res: ServerResponse) => res.writeHead(302, { location: location() }).end()

let db: TestDatabase
let server: RunningServer
let proxyApp: Server
let api: ApiClient
let defaultApi: ApiClient
let imagePort: number
let canaryPort: number
const canary = canaryServer()
const image = imageHost({
  '/banner.png': png(PNG),
  '/counted.png': png(OTHER_PNG),
  '/other.png': png(OTHER_PNG),
  '/pinned.png': (res, req) => png(Buffer.from(`${req.headers.host}`))(res),
  '/exact-limit.png': png(Buffer.alloc(FIVE_MB, 1)),
  '/photo.jpg;charset': (res) => res.writeHead(200, { 'content-type': 'IMAGE/JPEG; charset=binary' }).end(PNG),
  '/logo.svg': (res) =>
    res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  '/page.html': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>'),
  '/untyped': (res) => res.writeHead(200).end(PNG),
  // declares too much and then stalls: only the Content-Length check (not the byte count) can answer 413
  '/big-length.png': (res) => res.writeHead(200, { 'content-type': 'image/png', 'content-length': FIVE_MB + 1 }).write(PNG),
  '/big-chunked.png': streamForever,
  '/never-answers.png': () => {},
  '/stalls-mid-body.png': (res) => res.writeHead(200, { 'content-type': 'image/png', 'content-length': 1000 }).write(PNG),
  '/redirect/ok': redirect(() => `http://images.test:${imagePort}/other.png`),
  '/redirect/relative': redirect(() => '/banner.png'),
  '/redirect/loopback': redirect(() => `http://127.0.0.1:${canaryPort}/`),
  '/redirect/loopback-name': redirect(() => `http://internal.test:${canaryPort}/`),
  '/redirect/metadata': redirect(() => 'http://169.254.169.254/latest/meta-data/'),
  '/redirect/file': redirect(() => 'file:///etc/passwd'),
  ...Object.fromEntries([1, 2, 3, 4].map((n) => [`/hop/${n}`, redirect(() => `/hop/${n - 1}`)])),
  '/hop/0': png(PNG),
})

/** Writes 64 KB chunks without a length until the client hangs up (or 50 MB, so a broken cap still ends). */
function streamForever(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'image/png' })
  let sent = 0
  const chunk = Buffer.alloc(64 * 1024)
  const pump = () => {
    while (sent < 50 * 1024 * 1024 && !res.destroyed) {
      sent += chunk.length
      if (!res.write(chunk)) return void res.once('drain', pump)
    }
    res.end()
  }
  pump()
}

const names: Record<string, string[]> = {
  'images.test': ['127.0.0.1'],
  'internal.test': ['127.0.0.1'],
  localhost: ['127.0.0.1', '::1'],
  'intranet.test': ['10.0.0.5'],
  'mixed.test': ['93.184.216.34', '127.0.0.1'],
  'public.test': ['93.184.216.34'],
}
const resolved: string[] = []
async function fakeDns(hostname: string): Promise<ResolvedAddress[]> {
  resolved.push(hostname)
  const found = names[hostname]
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
}

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  canaryPort = await listen(canary.server, '::')
  imagePort = await listen(image.server, '127.0.0.1')
  // the real app, with only the proxy's resolver and allow-list swapped: images.test → this image host
  const imageProxy = createImageProxy({
    resolve: fakeDns,
    allowPrivateForTests: [{ address: '127.0.0.1', port: imagePort }],
    // the canary's port is allowed so that only the address check stands between a payload and the canary
    ports: [80, 443, canaryPort],
    timeoutMs: TIMEOUT_MS,
  })
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, SESSION_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' })
  const created = createApp({
    config,
    orm: server.orm,
    logger: createLogger('silent', false),
    mailer: createMailer({ from: config.mailFrom, logger: createLogger('silent', false) }),
    rateLimits: createRateLimits({ keyPrefix: `t${randomBytes(6).toString('hex')}` }),
    bus: createLocalBus(),
    presence: createLocalPresence(),
    imageProxy,
  })
  proxyApp = createServer(created.app.callback())
  api = new ApiClient(`http://127.0.0.1:${await listen(proxyApp, '127.0.0.1')}`)
  defaultApi = new ApiClient(server.url)
})

afterAll(async () => {
  if (proxyApp) await close(proxyApp)
  await close(image.server)
  await close(canary.server)
  await server?.close()
  await db?.drop()
})

beforeEach(() => {
  image.seen.length = 0
})

const proxied = (client: ApiClient, url: string, headers?: Record<string, string>) =>
  client.get(`/api/proxy/image?url=${encodeURIComponent(url)}`, headers)
const img = (path: string) => `http://images.test:${imagePort}${path}`

function expectError(res: Awaited<ReturnType<typeof proxied>>, status: number, code: string) {
  expect(res.status, res.text).toBe(status)
  expect(res.json.error).toMatchObject({ code, message: expect.any(String) })
  expect(res.json.message).toBe((res.json.error as { message: string }).message)
}

describe('SSRF: refused before anything private is reached', () => {
  // ports are only known after listen: C is the canary's port, IMG the allowed image host's
  const payloads: [url: string, status: number, code?: string][] = [
    ['file:///etc/passwd', 400, 'bad_url'],
    ['gopher://x', 400, 'bad_url'],
    ['javascript:alert(1)', 400, 'bad_url'],
    [`data:image/png;base64,${PNG.toString('base64')}`, 400, 'bad_url'],
    ['/api/health', 400, 'bad_url'],
    ['http://user:pass@example.com/', 400, 'bad_url'],
    // would otherwise succeed: proves the credentials check, not the address check, refuses it
    ['http://user:pass@images.test:IMG/banner.png', 400, 'bad_url'],
    ['http://127.0.0.1:C/', 403],
    ['http://localhost:C/', 403],
    ['http://2130706433:C/', 403],
    ['http://0x7f000001:C/', 403],
    ['http://0x7f.1:C/', 403],
    ['http://017700000001:C/', 403],
    ['http://127.1:C/', 403],
    ['http://0:C/', 403],
    ['http://0.0.0.0:C/', 403],
    ['http://[::]:C/', 403],
    ['http://[::1]:C/', 403],
    ['http://[::ffff:127.0.0.1]:C/', 403],
    ['http://[::ffff:7f00:1]:C/', 403],
    ['http://internal.test:C/', 403],
    ['http://mixed.test:C/', 403],
    ['http://intranet.test/', 403],
    ['http://127.0.0.1/', 403],
    ['http://localhost/', 403],
    ['http://169.254.169.254/latest/meta-data/', 403],
    ['http://10.0.0.1/', 403],
    ['http://192.168.1.1/', 403],
    ['http://172.16.0.1/', 403],
    ['http://100.64.0.1/', 403],
    ['http://224.0.0.1/', 403],
    ['http://255.255.255.255/', 403],
    ['http://[fe80::1]/', 403],
    ['http://[fc00::1]/', 403],
    ['http://public.test:22/', 403],
    ['IMG/redirect/loopback', 403],
    ['IMG/redirect/loopback-name', 403],
    ['IMG/redirect/metadata', 403],
    ['IMG/redirect/file', 502, 'upstream_failed'],
    ['IMG/hop/4', 502, 'upstream_failed'],
  ]
  it.each(payloads)('%s → %i', async (payload, status, code = 'forbidden_address') => {
    const url = payload.replace(/^IMG/, img('')).replace(':IMG', `:${imagePort}`).replace(':C/', `:${canaryPort}/`)
    expectError(await proxied(api, url), status, code)
    expect(canary.connections).toBe(0)
  })

  it('stops after three redirects without fetching the fourth target', async () => {
    expectError(await proxied(api, img('/hop/4')), 502, 'upstream_failed')
    expect(image.seen).toEqual(['/hop/4', '/hop/3', '/hop/2', '/hop/1'])
  })

  it('never asks DNS about literal addresses or URLs it refuses on their face', async () => {
    resolved.length = 0
    for (const url of ['http://2130706433/', 'http://[::1]/', 'http://user:pass@public.test/', 'ftp://public.test/']) await proxied(api, url)
    expect(resolved).toEqual([])
  })

  it('the production proxy (no injected resolver) refuses loopback through real DNS and disallowed ports', async () => {
    for (const url of [
      'http://localhost/',
      'http://127.0.0.1/',
      'http://[::1]/',
      `http://127.0.0.1:${canaryPort}/`,
      `http://localhost:${canaryPort}/`,
    ]) {
      expectError(await proxied(defaultApi, url), 403, 'forbidden_address')
    }
    expectError(await proxied(defaultApi, `http://127.0.0.1:${imagePort}/banner.png`), 403, 'forbidden_address')
    expect(image.seen).toEqual([])
    expect(canary.connections).toBe(0)
  })
})

describe('images from an allowed host', () => {
  it('passes a PNG through with its type, a sha1 ETag and headers that keep it inert', async () => {
    const res = await fetch(`${api.baseUrl}/api/proxy/image?url=${encodeURIComponent(img('/banner.png'))}`)
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(res.headers.get('etag')).toBe(`"${createHash('sha1').update(PNG).digest('hex')}"`)
  })

  it('connects to the address it checked, with one lookup, and keeps the name in Host', async () => {
    resolved.length = 0
    const res = await proxied(api, img('/pinned.png'))
    expect(res.status).toBe(200)
    // the system resolver does not know images.test: reaching it at all means the checked address was used
    expect(res.text).toBe(`images.test:${imagePort}`)
    expect(resolved).toEqual(['images.test'])
  })

  it('answers 304 when If-None-Match carries the ETag, and the image otherwise', async () => {
    const first = await proxied(api, img('/banner.png'))
    const etag = first.headers.get('etag')!
    const again = await proxied(api, img('/banner.png'), { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    expect((await proxied(api, img('/banner.png'), { 'if-none-match': '"stale"' })).status).toBe(200)
  })

  it('fetches a repeated image from upstream once', async () => {
    const [a, b] = await Promise.all([proxied(api, img('/counted.png')), proxied(api, img('/counted.png'))])
    const c = await proxied(api, img('/counted.png'))
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200])
    expect(image.seen.filter((p) => p === '/counted.png')).toHaveLength(1)
  })

  it('follows up to three redirects, absolute or relative, re-checking each', async () => {
    const res = await fetch(`${api.baseUrl}/api/proxy/image?url=${encodeURIComponent(img('/redirect/ok'))}`)
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer())).toEqual(OTHER_PNG)
    expect((await proxied(api, img('/redirect/relative'))).status).toBe(200)
    expect((await proxied(api, img('/hop/3'))).status).toBe(200)
    expect(image.seen).toEqual(['/redirect/ok', '/other.png', '/redirect/relative', '/banner.png', '/hop/3', '/hop/2', '/hop/1', '/hop/0'])
  })

  it('normalises the media type and drops its parameters', async () => {
    const res = await proxied(api, img('/photo.jpg;charset'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
  })

  it.each([
    ['/logo.svg', 'SVG'],
    ['/page.html', 'text/html'],
    ['/untyped', 'none'],
  ])('refuses %s as not an image (415)', async (path, mentioned) => {
    const res = await proxied(api, img(path))
    expectError(res, 415, 'not_an_image')
    expect(res.json.message).toContain(mentioned)
  })

  it('allows exactly 5 MB', async () => {
    const res = await fetch(`${api.baseUrl}/api/proxy/image?url=${encodeURIComponent(img('/exact-limit.png'))}`)
    expect(res.status).toBe(200)
    expect((await res.arrayBuffer()).byteLength).toBe(FIVE_MB)
  })

  it.each(['/big-length.png', '/big-chunked.png'])('refuses %s over 5 MB with 413', async (path) => {
    expectError(await proxied(api, img(path)), 413, 'image_too_large')
  })

  it.each(['/never-answers.png', '/stalls-mid-body.png'])('gives up on %s after the timeout with 504', async (path) => {
    const started = Date.now()
    expectError(await proxied(api, img(path)), 504, 'upstream_timeout')
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000)
  })

  it('reports upstream errors and unknown hosts as 502', async () => {
    expectError(await proxied(api, img('/missing.png')), 502, 'upstream_failed')
    expectError(await proxied(api, 'http://nowhere.test/a.png'), 502, 'upstream_failed')
  })

  it('refuses a missing or repeated url parameter', async () => {
    expectError(await api.get('/api/proxy/image'), 400, 'bad_url')
    expectError(await api.get(`/api/proxy/image?url=${encodeURIComponent(img('/banner.png'))}&url=x`), 400, 'bad_url')
  })
})
