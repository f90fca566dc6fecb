import { describe, expect, it } from 'vitest'
import { ImageCache } from './image-cache'

const image = (bytes: number) => ({ body: Buffer.alloc(bytes), contentType: 'image/png', etag: '"x"' })

describe('ImageCache', () => {
  it('evicts the least recently used entry beyond the entry limit', () => {
    const cache = new ImageCache({ maxEntries: 2, maxBytes: 1000, ttlMs: 1000 })
    cache.set('a', image(1))
    cache.set('b', image(1))
    cache.get('a')
    cache.set('c', image(1))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('c')).toBeDefined()
  })

  it('keeps the total size under its byte budget and skips images larger than it', () => {
    const cache = new ImageCache({ maxEntries: 10, maxBytes: 100, ttlMs: 1000 })
    cache.set('a', image(60))
    cache.set('b', image(60))
    expect(cache.get('a')).toBeUndefined()
    expect(cache.totalBytes).toBe(60)
    cache.set('huge', image(101))
    expect(cache.get('huge')).toBeUndefined()
    expect(cache.size).toBe(1)
  })

  it('forgets entries older than the time to live', () => {
    let now = 0
    const cache = new ImageCache({ maxEntries: 10, maxBytes: 100, ttlMs: 50 }, () => now)
    cache.set('a', image(10))
    now = 51
    expect(cache.get('a')).toBeUndefined()
    expect(cache.totalBytes).toBe(0)
  })
})
