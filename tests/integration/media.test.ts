import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import sharp from 'sharp'
import { LISTING_RULES, LISTING_WRITE_MESSAGES, UPLOADED_IMAGE_PATTERN, uploadedImageSchema } from '../../src/shared/api/listings'
import { RATE_RULES } from '../../server/http/rate-limit'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import { ApiClient } from '../support/http-client'
import { startTestServer } from '../support/server'
import type { RunningServer } from '../../server/server'

let db: TestDatabase
let server: RunningServer
let alice: ApiClient

const UPLOAD = '/api/uploads/listing-image'

async function signIn(username: string, password = 'handover-demo') {
  const client = new ApiClient(server.url)
  const res = await client.post('/api/auth/login', { username, password })
  expect(res.status, res.text).toBe(200)
  return client
}

interface Part {
  field?: string
  data: Buffer | string
  name?: string
  type?: string
}

/** A multipart upload as a browser's FormData sends it; `headers` adds e.g. a foreign Origin. */
async function upload(client: ApiClient | null, parts: Part[], headers: Record<string, string> = {}) {
  const form = new FormData()
  for (const p of parts) {
    const bytes = typeof p.data === 'string' ? new TextEncoder().encode(p.data) : new Uint8Array(p.data)
    if (p.name === undefined) form.append(p.field ?? 'image', typeof p.data === 'string' ? p.data : new Blob([bytes]))
    else form.append(p.field ?? 'image', new Blob([bytes], { type: p.type ?? 'application/octet-stream' }), p.name)
  }
  const res = await fetch(`${server.url}${UPLOAD}`, {
    method: 'POST',
    body: form,
    headers: { ...(client ? { cookie: client.cookieHeader } : {}), ...headers },
  })
  const text = await res.text()
  return { status: res.status, text, json: (text ? JSON.parse(text) : undefined) as Record<string, unknown> & { message?: string } }
}

const image = (name: string, data: Buffer, type = 'image/png'): Part => ({ data, name, type })
const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3a7' } })

beforeAll(async () => {
  db = await createDemoDatabase()
  server = await startTestServer({ databaseUrl: db.url, env: { ...demoEnv() } })
  alice = await signIn('alice')
})

afterAll(async () => {
  await server?.close()
  await db?.drop()
})

describe('POST /api/uploads/listing-image', () => {
  it('re-encodes a PNG to WebP, scaled to fit 1600 × 1600, and serves it from /media with safe headers', async () => {
    const png = await solid(2400, 1200).png().toBuffer()
    const res = await upload(alice, [image('banner.png', png)])
    expect(res.status, res.text).toBe(201)
    const body = uploadedImageSchema.parse(res.json)
    expect(body.url).toMatch(UPLOADED_IMAGE_PATTERN)
    expect(body).toMatchObject({ width: 1600, height: 800 })

    const served = await fetch(`${server.url}${body.url}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'")
    const bytes = Buffer.from(await served.arrayBuffer())
    expect(bytes.length).toBe(body.bytes)
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 })

    const etag = served.headers.get('etag')
    expect(etag).toBeTruthy()
    const again = await fetch(`${server.url}${body.url}`, { headers: { 'if-none-match': etag! } })
    expect(again.status).toBe(304)
  })

  it('turns a JPEG upright by its EXIF orientation, drops its metadata and never enlarges a small image', async () => {
    const jpeg = await solid(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const res = await upload(alice, [image('photo.jpg', jpeg, 'image/jpeg')])
    expect(res.status, res.text).toBe(201)
    const body = uploadedImageSchema.parse(res.json)
    expect(body).toMatchObject({ width: 200, height: 300 })
    const stored = await sharp(Buffer.from(await (await fetch(`${server.url}${body.url}`)).arrayBuffer())).metadata()
    expect(stored).toMatchObject({ format: 'webp', width: 200, height: 300 })
    expect(stored.exif).toBeUndefined()
    expect(stored.orientation).toBeUndefined()
  })

  it.each([
    [
      'a text file named .png',
      () => image('notes.png', Buffer.from('just some text, not an image\n'.repeat(20))),
      LISTING_WRITE_MESSAGES.imageUnreadable,
    ],
    [
      'a truncated PNG',
      async () => image('cut.png', (await solid(400, 400).png().toBuffer()).subarray(0, 120)),
      LISTING_WRITE_MESSAGES.imageUnreadable,
    ],
    [
      'an SVG',
      () =>
        image(
          'logo.png',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
          'image/svg+xml',
        ),
      LISTING_WRITE_MESSAGES.imageType,
    ],
    ['a GIF', async () => image('anim.gif', await solid(20, 20).gif().toBuffer(), 'image/gif'), LISTING_WRITE_MESSAGES.imageType],
  ])('refuses %s with a 400 by what the bytes are', async (_name, part, message) => {
    const res = await upload(alice, [await part()])
    expect(res.status).toBe(400)
    expect(res.json.message).toBe(message)
  })

  it('refuses a file over 5 MB with a 413', async () => {
    const big = Buffer.concat([await solid(10, 10).png().toBuffer(), randomBytes(LISTING_RULES.imageMaxBytes)])
    const res = await upload(alice, [image('huge.png', big)])
    expect(res.status).toBe(413)
    expect(res.json.message).toBe(LISTING_WRITE_MESSAGES.imageSize)
  })

  it.each<[string, () => Promise<Part[]>]>([
    ['no file', async () => []],
    ['the wrong field', async () => [{ ...image('a.png', await solid(10, 10).png().toBuffer()), field: 'photo' }]],
    ['two files', async () => [image('a.png', await solid(10, 10).png().toBuffer()), image('b.png', await solid(10, 10).png().toBuffer())]],
    ['an extra text field', async () => [{ field: 'caption', data: 'hello' }, image('a.png', await solid(10, 10).png().toBuffer())]],
  ])('wants exactly one file in "image": %s is a 400', async (_name, parts) => {
    const res = await upload(alice, await parts())
    expect(res.status).toBe(400)
    expect(res.json.message).toBe('Send one image as multipart/form-data in the field “image”')
  })

  it('refuses JSON, signed-out and banned users, and cross-site posts', async () => {
    const png = await solid(10, 10).png().toBuffer()
    expect((await alice.post(UPLOAD, { image: 'data:image/png;base64,AAAA' })).status).toBe(400)
    expect((await upload(null, [image('a.png', png)])).status).toBe(401)
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const res = await upload(alice, [image('a.png', png)], headers)
      expect(res.status).toBe(403)
      expect(res.json.message).toBe('Cross-site request refused')
    }
    const bob = await signIn('bob')
    const sql = new pg.Client({ connectionString: db.url })
    await sql.connect()
    try {
      await sql.query(`update users set banned_at = now() where username = 'bob'`)
      expect((await upload(bob, [image('a.png', png)])).status).toBe(403)
    } finally {
      await sql.query(`update users set banned_at = null where username = 'bob'`)
      await sql.end()
    }
  })

  it('limits uploads per user', async () => {
    const carol = await signIn('carol')
    for (let i = 0; i < RATE_RULES.listingImageUpload.points; i++) expect((await upload(carol, [])).status).toBe(400)
    const res = await upload(carol, [image('a.png', await solid(10, 10).png().toBuffer())])
    expect(res.status).toBe(429)
    expect(res.json.message).toMatch(/^Too many image uploads\. Please try again in \d+ (seconds?|minutes?)\.$/)
    // another user is not affected
    expect((await upload(alice, [image('a.png', await solid(10, 10).png().toBuffer())])).status).toBe(201)
  })
})

describe('GET /media/<key>', () => {
  it.each([
    `/media/listings/${'0'.repeat(32)}.webp`,
    '/media/listings/short.webp',
    `/media/listings/${'A'.repeat(32)}.webp`,
    `/media/listings/${'0'.repeat(32)}.svg`,
    '/media/..%2F..%2Fetc/passwd',
    '/media/listings',
  ])('answers 404 for %s', async (path) => {
    expect((await fetch(`${server.url}${path}`)).status).toBe(404)
  })
})

describe('GET /api/proxy/image', () => {
  it('limits requests per address', async () => {
    const anon = new ApiClient(server.url)
    for (let i = 0; i < RATE_RULES.imageProxy.points; i++) expect((await anon.get('/api/proxy/image')).status).toBe(400)
    const res = await anon.get(`/api/proxy/image?url=${encodeURIComponent('https://img.example/a.png')}`)
    expect(res.status).toBe(429)
    expect(res.json.message).toMatch(/^Too many image requests\. Please try again in \d+ (seconds?|minutes?)\.$/)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
