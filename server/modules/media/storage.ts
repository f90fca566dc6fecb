import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import type { Readable } from 'node:stream'
import { randomBytes } from 'node:crypto'
import { HttpError } from '../../http/errors'
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../http/unavailable'

/**
 * Where uploaded and generated images live. Keys are relative paths such as `listings/<32 hex>.webp`;
 * the public URL of a key is `/media/<key>`. The local folder is the default; an S3-compatible bucket
 * (MEDIA_STORAGE=s3) implements the same calls, so instances on several machines share their images.
 */
export interface MediaStorage {
  /** At start: refuses a store that cannot work (a missing bucket); one that is only away is logged. */
  ready(): Promise<void>
  put(key: string, data: Buffer): Promise<void>
  /** null when the key does not exist */
  open(key: string): Promise<{ body: Readable; size: number } | null>
  has(key: string): Promise<boolean>
  /** Forgets a file; a key that does not exist is no error. */
  remove(key: string): Promise<void>
}

export const MEDIA_KEY_PATTERN = /^[a-z0-9-]+\/[a-f0-9]{32}\.(webp|png|jpg)$/

export const mediaUrl = (key: string) => `/media/${key}`

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' }

export const mediaContentType = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream'

export const MEDIA_UNAVAILABLE = 'Images cannot be stored or shown right now: the image store cannot be reached. Please try again in a moment.'

/** A store that failed a request: a 503 the client may retry; what failed is in the log. */
export const mediaUnavailable = (cause: unknown) => {
  const err = new HttpError(503, 'media_unavailable', MEDIA_UNAVAILABLE, { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) })
  err.cause = cause
  return err
}

export function assertKey(key: string) {
  if (!MEDIA_KEY_PATTERN.test(key)) throw new Error(`Invalid media key: ${key}`)
}

export function createLocalStorage(root: string): MediaStorage {
  const base = resolve(root)
  const pathOf = (key: string) => {
    assertKey(key)
    const path = resolve(base, key)
    if (!path.startsWith(base + sep)) throw new Error(`Invalid media key: ${key}`)
    return path
  }
  return {
    // the folder is made by the first write
    async ready() {},
    async put(key, data) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      // write then rename: a reader never sees half a file
      const temp = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`)
      await writeFile(temp, data)
      await rename(temp, path)
    },
    async open(key) {
      if (!MEDIA_KEY_PATTERN.test(key)) return null
      const path = pathOf(key)
      try {
        const info = await stat(path)
        if (!info.isFile()) return null
        return { body: createReadStream(path), size: info.size }
      } catch {
        return null
      }
    },
    async has(key) {
      if (!MEDIA_KEY_PATTERN.test(key)) return false
      try {
        return (await stat(pathOf(key))).isFile()
      } catch {
        return false
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
