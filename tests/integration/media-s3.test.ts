/**
 * MEDIA_STORAGE=s3 against an S3-compatible server (s3rver) the test starts on this machine: uploads and avatars go
 * to the bucket and nowhere on the instance's disk, are served exactly as from the local folder, replaced avatars
 * leave the bucket; a store that is away answers 503 with nothing half-written, and a missing bucket or wrong keys
 * stop the start with a message naming what to fix.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOADED_IMAGE_PATTERN, uploadedImageSchema } from '../../src/shared/api/listings'
import { createLogger } from '../../server/logger'
import { createS3Storage } from '../../server/modules/media/s3-storage'
import { copyLocalMedia } from '../../server/modules/media/copy-media'
import { createLocalStorage, MEDIA_UNAVAILABLE } from '../../server/modules/media/storage'
import type { RunningServer } from '../../server/server'
import { insertUsers, signIn, type BenchUser } from '../bench/chat-users'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { startS3, type RunningS3 } from '../support/s3'
import { startTestServer } from '../support/server'

const BUCKET = 'handover-media'

let s3: RunningS3
let db: TestDatabase
let server: RunningServer
let mediaDir: string
let user: BenchUser
const log: string[] = []

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#37a' } })
    .png()
    .toBuffer()

async function upload(path: string, field: string, data: Buffer) {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(data)], { type: 'image/png' }), 'picture.png')
  const res = await fetch(`${server.url}${path}`, { method: 'POST', body: form, headers: { cookie: user.cookie } })
  const text = await res.text()
  return { status: res.status, headers: res.headers, json: JSON.parse(text) as Record<string, unknown> & { message?: string } }
}

const keyOf = (url: string) => url.slice('/media/'.length)
const inBucket = (url: string) =>
  s3.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: keyOf(url) })).then(
    (head) => head,
    (err: { $metadata?: { httpStatusCode?: number } }) => {
      if (err.$metadata?.httpStatusCode === 404) return null
      throw err
    },
  )

async function avatarInDatabase(): Promise<string | null> {
  const sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  try {
    return (await sql.query('select avatar from users where id = $1', [user.id])).rows[0].avatar as string | null
  } finally {
    await sql.end()
  }
}

beforeAll(async () => {
  s3 = await startS3()
  await s3.createBucket(BUCKET)
  db = await createTestDatabase()
  mediaDir = join(tmpdir(), `handover-media-${randomBytes(6).toString('hex')}`)
  server = await startTestServer({
    databaseUrl: db.url,
    env: { ...s3.env(BUCKET), MEDIA_DIR: mediaDir },
    logTo: { write: (line: string) => void log.push(line) },
  })
  ;[user] = await signIn(server.url, await insertUsers(db.url, 's3_', 1))
}, 60_000)

afterAll(async () => {
  await server?.close()
  await db?.drop()
  await s3?.close()
})

describe('MEDIA_STORAGE=s3', () => {
  it('stores an upload in the bucket, none on the local disk, and serves it as the local folder would', async () => {
    const res = await upload('/api/uploads/listing-image', 'image', await png(800, 400))
    expect(res.status, JSON.stringify(res.json)).toBe(201)
    const body = uploadedImageSchema.parse(res.json)
    expect(body.url).toMatch(UPLOADED_IMAGE_PATTERN)

    const stored = await s3.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: keyOf(body.url) }))
    expect(stored.ContentType).toBe('image/webp')
    const bytes = Buffer.from(await stored.Body!.transformToByteArray())
    expect(bytes.length).toBe(body.bytes)
    expect(existsSync(mediaDir)).toBe(false)

    const served = await fetch(`${server.url}${body.url}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('content-length')).toBe(String(body.bytes))
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'")
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true)
    const etag = served.headers.get('etag')
    expect(etag).toMatch(/^"[a-f0-9]{32}-\d+"$/)
    expect((await fetch(`${server.url}${body.url}`, { headers: { 'if-none-match': etag! } })).status).toBe(304)
  })

  it('answers 404 for a key the bucket does not have', async () => {
    const res = await fetch(`${server.url}/media/listings/${'0'.repeat(32)}.webp`)
    expect(res.status).toBe(404)
  })

  it('keeps avatars in the bucket and deletes a replaced or removed one from it', async () => {
    const first = await upload('/api/settings/avatar', 'avatar', await png(300, 300))
    expect(first.status, JSON.stringify(first.json)).toBe(201)
    const firstUrl = String(first.json.avatar)
    expect(await inBucket(firstUrl)).toMatchObject({ ContentType: 'image/webp' })

    const second = await upload('/api/settings/avatar', 'avatar', await png(200, 200))
    expect(second.status).toBe(201)
    const secondUrl = String(second.json.avatar)
    expect(await inBucket(firstUrl)).toBeNull()
    expect(await inBucket(secondUrl)).not.toBeNull()
    expect((await fetch(`${server.url}${firstUrl}`)).status).toBe(404)

    const removed = await fetch(`${server.url}/api/settings/avatar`, { method: 'DELETE', headers: { cookie: user.cookie, origin: server.url } })
    expect(removed.status).toBe(200)
    expect(await inBucket(secondUrl)).toBeNull()
  })

  it('answers 503 while the store is away, changes nothing in the database, and serves again once it is back', async () => {
    const kept = await upload('/api/settings/avatar', 'avatar', await png(120, 120))
    expect(kept.status).toBe(201)
    const keptUrl = String(kept.json.avatar)
    log.length = 0
    await s3.stop()
    try {
      const refused = await upload('/api/settings/avatar', 'avatar', await png(150, 150))
      expect(refused.status).toBe(503)
      expect(refused.json).toMatchObject({ error: { code: 'media_unavailable' }, message: MEDIA_UNAVAILABLE })
      expect(refused.headers.get('retry-after')).toBe('5')
      expect(await avatarInDatabase()).toBe(keptUrl)

      const image = await upload('/api/uploads/listing-image', 'image', await png(150, 150))
      expect(image.status).toBe(503)

      const unreadable = await fetch(`${server.url}${keptUrl}`)
      expect(unreadable.status).toBe(503)
      expect(log.some((line) => line.includes('media storage: storing an image failed: the store cannot be reached'))).toBe(true)
    } finally {
      await s3.restart()
    }
    const served = await fetch(`${server.url}${keptUrl}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
  })

  it('refuses to start on a bucket that does not exist, or with keys the store refuses, naming what to fix', async () => {
    await expect(startTestServer({ databaseUrl: db.url, env: s3.env('no-such-bucket') })).rejects.toThrow(
      `MEDIA_STORAGE=s3 at ${s3.endpoint}: bucket "no-such-bucket" does not exist`,
    )
    await expect(startTestServer({ databaseUrl: db.url, env: { ...s3.env(BUCKET), S3_ACCESS_KEY_ID: 'NOT-A-KEY' } })).rejects.toThrow(
      /the store refused access to bucket "handover-media" \(\w+\): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    )
  })

  it('starts while the store is away, with a warning, and answers 503 for its images until it is back', async () => {
    await s3.stop()
    const lines: string[] = []
    let started: RunningServer | undefined
    try {
      started = await startTestServer({ databaseUrl: db.url, env: s3.env(BUCKET), logTo: { write: (line: string) => void lines.push(line) } })
      expect(lines.some((line) => line.includes('the store cannot be reached') && line.includes('images answer 503 until it is back'))).toBe(true)
      expect((await fetch(`${started.url}/healthz`)).status).toBe(200)
      expect((await fetch(`${started.url}/media/listings/${'1'.repeat(32)}.webp`)).status).toBe(503)
    } finally {
      await s3.restart()
      await started?.close()
    }
  })

  it('names a bucket that went missing in the log when an image is stored into it', async () => {
    const lines: string[] = []
    const storage = createS3Storage(s3.config('gone-bucket'), createLogger('warn', false, { write: (line: string) => void lines.push(line) }))
    const key = `listings/${randomBytes(16).toString('hex')}.webp`
    await expect(storage.put(key, Buffer.from('image'))).rejects.toMatchObject({ status: 503, code: 'media_unavailable' })
    await expect(storage.open(key)).rejects.toMatchObject({ status: 503 })
    expect(lines.some((line) => line.includes('media storage: storing an image failed: bucket \\"gone-bucket\\" does not exist'))).toBe(true)
  })

  it('copies a local media folder into the bucket under the same keys, skipping what is there and what is no image', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'handover-media-copy-'))
    try {
      const local = createLocalStorage(dir)
      const keys = [`listings/${randomBytes(16).toString('hex')}.webp`, `avatars/${randomBytes(16).toString('hex')}.webp`]
      for (const key of keys) await local.put(key, Buffer.from(`bytes of ${key}`))
      // a write cut short leaves its temporary file; it is no image of anybody's
      mkdirSync(join(dir, 'listings'), { recursive: true })
      writeFileSync(join(dir, 'listings', '.0123abcd.tmp'), 'half')
      const bucket = createS3Storage(s3.config(BUCKET), createLogger('warn', false, { write: () => {} }))

      expect(await copyLocalMedia(dir, bucket)).toEqual({ copied: 2, skipped: 0 })
      for (const key of keys) {
        const stored = await s3.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))
        expect(await stored.Body!.transformToString()).toBe(`bytes of ${key}`)
        expect(stored.ContentType).toBe('image/webp')
        // served under the URL the database already holds
        expect((await fetch(`${server.url}/media/${key}`)).status).toBe(200)
      }
      expect(await copyLocalMedia(dir, bucket)).toEqual({ copied: 0, skipped: 2 })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
