/**
 * `deploy/nginx/handover.conf` in front of two instances started like `npm start` (child processes, one PostgreSQL
 * database, one Redis): a session made through the proxy holds on either instance, chat and live events cross
 * between sockets that nginx put on different instances, client addresses cannot be forged past the proxy, an image
 * uploaded to one instance is served by the other (MEDIA_STORAGE=s3 on an S3-compatible server the test starts; each
 * instance has a local folder of its own), and when one instance dies nginx passes over it. Needs nginx
 * (`apt-get install nginx`; `.ci/run` installs it).
 */
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploadedImageSchema } from '../../src/shared/api/listings'
import { insertUsers, signIn, type BenchUser } from '../bench/chat-users'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { insertListings } from '../support/market-data'
import { checkTlsVariant, startNginx, type RunningNginx } from '../support/nginx'
import { startTestServer } from '../support/server'
import { freePort, spawnServer, type ServerProcess } from '../support/server-process'
import { startS3, type RunningS3 } from '../support/s3'
import { openSocket } from '../support/ws-client'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

let db: TestDatabase
let s3: RunningS3
let nginx: RunningNginx
const instances: Record<'a' | 'b', ServerProcess | undefined> = { a: undefined, b: undefined }
let alice: BenchUser
let bob: BenchUser
let listingId: number

beforeAll(async () => {
  db = await createTestDatabase()
  s3 = await startS3()
  await s3.createBucket('nginx-media')
  const proxyPort = await freePort()
  // one deployment: the same database, Redis prefix, secret and bucket; the address users reach is the proxy's
  const shared = {
    databaseUrl: db.url,
    sessionSecret: randomBytes(32).toString('hex'),
    redisUrl: REDIS_URL,
    redisPrefix: `nginx-${randomBytes(4).toString('hex')}`,
  }
  const env = (name: string) => ({ PUBLIC_URL: `http://127.0.0.1:${proxyPort}`, TRUST_PROXY: 'true', INSTANCE_NAME: name, ...s3.env('nginx-media') })
  // one after the other: the first applies the migrations
  instances.a = await spawnServer({ ...shared, env: env('a') })
  instances.b = await spawnServer({ ...shared, env: env('b') })
  nginx = await startNginx({ upstreams: [instances.a, instances.b].map((s) => new URL(s.url).host), port: proxyPort })
  ;[alice, bob] = await signIn(nginx.url, await insertUsers(db.url, 'ngx_', 2))
  ;[listingId] = await insertListings(db.url, [bob!.id], 1, 2_500, 'ngx')
}, 120_000)

afterAll(async () => {
  await nginx?.stop()
  for (const server of Object.values(instances)) await server?.stop()
  await db?.drop()
  await s3?.close()
})

const client = (user: BenchUser) => new ApiClient(nginx.url, { origin: nginx.url, cookie: user.cookie })

/** A socket through nginx that landed on `instance` (round robin: a few tries at most), authenticated. */
async function socketOn(instance: 'a' | 'b', user: BenchUser) {
  for (let attempt = 0; attempt < 6; attempt++) {
    const socket = await openSocket(nginx.url, user.cookie, nginx.url)
    if (socket.upgradeHeaders['x-instance'] === instance) {
      socket.send({ type: 'authenticate', userId: user.id })
      await socket.next('authenticated')
      return socket
    }
    await socket.close()
  }
  throw new Error(`no socket landed on instance ${instance}`)
}

describe('two instances behind nginx', () => {
  it('passes nginx -t with its TLS server, given certificate files', () => {
    expect(checkTlsVariant(['127.0.0.1:3001', '127.0.0.1:3002'])).toBeNull()
  })

  it('keeps a session made through the proxy on whichever instance answers', async () => {
    const visitor = new ApiClient(nginx.url, { origin: nginx.url })
    const login = await visitor.post('/api/auth/login', { username: 'ngx_1', password: 'bench-password' })
    expect(login.status, login.text).toBe(200)
    const answeredBy = new Set<string | null>()
    for (let i = 0; i < 6; i++) {
      const me = await visitor.get('/api/auth/me')
      expect(me.status).toBe(200)
      expect(me.json.username).toBe('ngx_1')
      answeredBy.add(me.headers.get('x-instance'))
    }
    expect([...answeredBy].sort()).toEqual(['a', 'b'])
  })

  it('counts rate limits per client address, whatever X-Forwarded-For the client sends', async () => {
    // forgot-password allows 5 an hour per address; each request claims another address
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const res = await new ApiClient(nginx.url, { origin: nginx.url, 'x-forwarded-for': `203.0.113.${i + 1}` }).post('/api/auth/forgot-password', {
        email: `nobody${i}@example.com`,
      })
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true)
    expect(statuses[5]).toBe(429)
  })

  it('marks the session cookies Secure and __Host- when PUBLIC_URL is https, though the request reached the instance as plain HTTP', async () => {
    const behindTls = await startTestServer({ databaseUrl: db.url, env: { PUBLIC_URL: 'https://handover.example', TRUST_PROXY: 'true' } })
    try {
      const res = await fetch(`${behindTls.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ngx_1', password: 'bench-password' }),
      })
      expect(res.status).toBe(200)
      const cookies = res.headers.getSetCookie().filter((line) => line.startsWith('__Host-handover.sid'))
      expect(cookies.map((line) => line.split('=')[0])).toEqual(['__Host-handover.sid', '__Host-handover.sid.sig'])
      for (const cookie of cookies) {
        expect(cookie).toMatch(/;\s*secure/i)
        expect(cookie).toMatch(/;\s*httponly/i)
        expect(cookie).toMatch(/;\s*samesite=lax/i)
        expect(cookie).toMatch(/;\s*path=\/(;|$)/i)
        expect(cookie).not.toMatch(/;\s*domain=/i)
      }
      // the session works under its prefixed name
      const me = await fetch(`${behindTls.url}/api/auth/me`, { headers: { cookie: cookies.map((line) => line.split(';')[0]).join('; ') } })
      expect(me.status).toBe(200)
      // served over TLS: browsers are told to keep to https, and the page loads nothing over plain http
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000')
      const policy = res.headers.get('content-security-policy') ?? ''
      expect(policy).toContain('upgrade-insecure-requests')
      expect(policy).toContain("connect-src 'self' wss://handover.example")
    } finally {
      await behindTls.close()
    }
  })

  it('lets a request body past nginx up to the server’s own limit, so the server answers with its message', async () => {
    const res = await new ApiClient(nginx.url, { origin: nginx.url }).post('/api/auth/login', { username: 'x'.repeat(1_500_000), password: 'y' })
    expect(res.status).toBe(413)
    expect(res.json).toMatchObject({ error: { code: 'payload_too_large' } })
  })

  it('serves an image uploaded to one instance from the other, though their local media folders differ', async () => {
    const form = new FormData()
    const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#a37' } })
      .png()
      .toBuffer()
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'banner.png')
    const uploaded = await fetch(`${instances.a!.url}/api/uploads/listing-image`, { method: 'POST', body: form, headers: { cookie: alice.cookie } })
    expect(uploaded.status, await uploaded.clone().text()).toBe(201)
    expect(uploaded.headers.get('x-instance')).toBe('a')
    const { url, bytes } = uploadedImageSchema.parse(await uploaded.json())

    const fromB = await fetch(`${instances.b!.url}${url}`)
    expect(fromB.status).toBe(200)
    expect(fromB.headers.get('x-instance')).toBe('b')
    expect(fromB.headers.get('content-type')).toBe('image/webp')
    const served = Buffer.from(await fromB.arrayBuffer())
    expect(served.length).toBe(bytes)
    // and through the proxy, whichever instance answers
    for (let i = 0; i < 2; i++) {
      const proxied = await fetch(`${nginx.url}${url}`)
      expect(proxied.status).toBe(200)
      expect(Buffer.from(await proxied.arrayBuffer()).equals(served)).toBe(true)
    }
  })

  it('carries chat and live events between sockets nginx put on different instances', async () => {
    const aliceSocket = await socketOn('a', alice)
    const bobSocket = await socketOn('b', bob)
    try {
      const opened = await client(alice).post('/api/conversations', { sellerId: bob.id })
      expect(opened.status, opened.text).toBe(201)
      const conversationId = Number(opened.json.id)

      // sent over alice's socket on A, heard on bob's socket on B
      aliceSocket.send({ type: 'send_message', conversationId, content: 'Through nginx, A to B', clientId: 'ngx-1' })
      const sent = await aliceSocket.next('message_sent', (e) => e.clientId === 'ngx-1')
      const heard = await bobSocket.next('new_message', (e) => e.message.id === sent.message.id)
      expect(heard.message.content).toBe('Through nginx, A to B')

      // a purchase, answered by either instance, reaches both parties' sockets: one of them is on the other instance
      const bought = await client(alice).post('/api/transactions', { listingId })
      expect(bought.status, bought.text).toBe(201)
      const transactionId = Number(bought.json.id)
      await aliceSocket.next('transaction_created', (e) => e.transactionId === transactionId)
      await bobSocket.next('transaction_created', (e) => e.transactionId === transactionId)
      const note = await bobSocket.next('new_notification')
      expect(note).toMatchObject({ notification: { type: 'transaction_created' } })
    } finally {
      await Promise.all([aliceSocket.close(), bobSocket.close()])
    }
  })

  it('passes over an instance that died: requests keep working and sockets reconnect to the other', async () => {
    const aliceSocket = await socketOn('a', alice)
    const bobSocket = await socketOn('b', bob)
    const closed = new Promise<number>((ok) => aliceSocket.socket.once('close', (code) => ok(code)))
    await instances.a!.kill()
    instances.a = undefined
    expect(await closed).toBe(1006)

    for (let i = 0; i < 8; i++) {
      const me = await client(alice).get('/api/auth/me')
      expect(me.status, me.text).toBe(200)
      expect(me.headers.get('x-instance')).toBe('b')
    }
    const opened = await client(alice).post('/api/conversations', { sellerId: bob.id })
    expect(opened.status, opened.text).toBeLessThan(300)

    // the browser reconnects; the only instance left takes it
    const again = await openSocket(nginx.url, alice.cookie, nginx.url)
    try {
      expect(again.upgradeHeaders['x-instance']).toBe('b')
      again.send({ type: 'authenticate', userId: alice.id })
      await again.next('authenticated')
      bobSocket.send({ type: 'send_message', conversationId: Number(opened.json.id), content: 'Still here', clientId: 'ngx-2' })
      expect((await again.next('new_message', (e) => e.message.content === 'Still here')).conversationId).toBe(Number(opened.json.id))
    } finally {
      await Promise.all([again.close(), bobSocket.close()])
    }
  })
})
