import type { ProxiedImage } from './image-fetch'

export interface ImageCacheLimits {
  maxEntries: number
  /** total body bytes held; the oldest entries go first when a new one does not fit */
  maxBytes: number
  /** upstream images can change; browsers keep theirs for a day, we refetch sooner */
  ttlMs: number
}

interface Entry {
  image: ProxiedImage
  storedAt: number
}

/** Least-recently-used, bounded by count and bytes. Per instance: a miss costs one refetch, nothing more. */
export class ImageCache {
  // a Map iterates in insertion order, so re-inserting on every hit keeps the least recently used first
  private readonly entries = new Map<string, Entry>()
  private bytes = 0

  constructor(
    private readonly limits: ImageCacheLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size
  }

  get totalBytes(): number {
    return this.bytes
  }

  get(key: string): ProxiedImage | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (this.now() - entry.storedAt > this.limits.ttlMs) {
      this.bytes -= entry.image.body.length
      return undefined
    }
    this.entries.set(key, entry)
    return entry.image
  }

  set(key: string, image: ProxiedImage): void {
    if (image.body.length > this.limits.maxBytes) return
    this.remove(key)
    this.entries.set(key, { image, storedAt: this.now() })
    this.bytes += image.body.length
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.remove(oldest)
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.bytes -= entry.image.body.length
  }
}
