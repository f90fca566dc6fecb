/**
 * Values computed from the catalogue, each remembered with the catalogue version it was read under (see
 * listing_counts). A caller serves an entry only when the version it has just read is not newer, so every
 * change (through the app, raw SQL or another instance) retires the entries at once and nothing stale is
 * ever served. The least recently used key leaves when the cache is full.
 */
export interface Versioned<T> {
  version: number
  value: T
}

export class VersionedCache<T> {
  private readonly entries = new Map<string, Versioned<T>>()
  private readonly running = new Map<string, Promise<Versioned<T>>>()

  constructor(private readonly capacity: number) {}

  /** The remembered entry, whatever its version: the caller compares it with the version it reads. */
  peek(key: string): Versioned<T> | undefined {
    return this.entries.get(key)
  }

  /** The value as of `version` or later: remembered, or computed (once for concurrent callers). */
  async get(key: string, version: number, compute: () => Promise<Versioned<T>>): Promise<T> {
    const cached = this.entries.get(key)
    if (cached && cached.version >= version) {
      this.remember(key, cached)
      return cached.value
    }
    let fresh = await this.shared(key, compute)
    // that computation started before this caller saw the catalogue change: compute again
    if (fresh.version < version) fresh = await compute()
    this.remember(key, fresh)
    return fresh.value
  }

  /** Keeps the newer of two entries and moves the key to the young end. */
  remember(key: string, entry: Versioned<T>): void {
    const current = this.entries.get(key)
    this.entries.delete(key)
    this.entries.set(key, current && current.version > entry.version ? current : entry)
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!)
  }

  private shared(key: string, compute: () => Promise<Versioned<T>>): Promise<Versioned<T>> {
    const running = this.running.get(key)
    if (running) return running
    const started = compute().finally(() => this.running.delete(key))
    this.running.set(key, started)
    return started
  }
}
