import { describe, expect, it } from 'vitest'
import { VersionedCache, type Versioned } from './versioned-cache'

/** A computation the test finishes by hand, to hold two callers inside it at once. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((ok) => (resolve = ok))
  return { promise, resolve }
}

describe('VersionedCache', () => {
  it('serves an entry only to a caller whose version is not newer', async () => {
    const cache = new VersionedCache<string>(10)
    let computed = 0
    const compute = (version: number) => async (): Promise<Versioned<string>> => ({ version, value: `v${version} #${++computed}` })
    expect(await cache.get('k', 3, compute(3))).toBe('v3 #1')
    expect(await cache.get('k', 3, compute(3))).toBe('v3 #1')
    expect(await cache.get('k', 2, compute(2))).toBe('v3 #1')
    expect(await cache.get('k', 4, compute(4))).toBe('v4 #2')
    expect(computed).toBe(2)
  })

  it('keeps the newer of two entries, whichever arrives last', () => {
    const cache = new VersionedCache<string>(10)
    cache.remember('k', { version: 5, value: 'new' })
    cache.remember('k', { version: 4, value: 'old' })
    expect(cache.peek('k')).toEqual({ version: 5, value: 'new' })
  })

  it('shares one computation between concurrent callers', async () => {
    const cache = new VersionedCache<number>(10)
    const running = deferred<Versioned<number>>()
    let calls = 0
    const compute = () => {
      calls++
      return running.promise
    }
    const both = Promise.all([cache.get('k', 1, compute), cache.get('k', 1, compute)])
    running.resolve({ version: 1, value: 42 })
    expect(await both).toEqual([42, 42])
    expect(calls).toBe(1)
  })

  it('computes again when the shared computation read an older version than the caller has seen', async () => {
    const cache = new VersionedCache<number>(10)
    const stale = deferred<Versioned<number>>()
    const first = cache.get('k', 1, () => stale.promise)
    const second = cache.get('k', 2, async () => ({ version: 2, value: 20 }))
    stale.resolve({ version: 1, value: 10 })
    expect(await first).toBe(10)
    expect(await second).toBe(20)
    expect(cache.peek('k')).toEqual({ version: 2, value: 20 })
  })

  it('drops the least recently used key when full', async () => {
    const cache = new VersionedCache<string>(2)
    cache.remember('a', { version: 1, value: 'a' })
    cache.remember('b', { version: 1, value: 'b' })
    await cache.get('a', 1, async () => ({ version: 1, value: 'recomputed' }))
    cache.remember('c', { version: 1, value: 'c' })
    expect(cache.peek('a')?.value).toBe('a')
    expect(cache.peek('b')).toBeUndefined()
    expect(cache.peek('c')?.value).toBe('c')
  })
})
