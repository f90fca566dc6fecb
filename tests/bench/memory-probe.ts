/**
 * Loaded into the bench's server process with `--import` (never by the server itself): answers `'memory'`
 * on the IPC channel with the process's memory after a full garbage collection, so a figure counts what
 * is still referenced, not what the collector has not reached yet. Run with `--expose-gc`.
 */
import { getHeapStatistics } from 'node:v8'

export interface MemoryReport {
  rss: number
  heapUsed: number
  heapTotal: number
  external: number
  arrayBuffers: number
  /** false when the process runs without --expose-gc: figures include garbage */
  collected: boolean
  mallocedMemory: number
}

const send = process.send?.bind(process)
if (send) {
  process.on('message', (message) => {
    if (message !== 'memory') return
    const gc = (globalThis as { gc?: () => void }).gc
    // twice: the first pass runs finalizers that free more on the second
    gc?.()
    gc?.()
    const usage = process.memoryUsage()
    const report: MemoryReport = {
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      collected: gc !== undefined,
      mallocedMemory: getHeapStatistics().malloced_memory,
    }
    send(report)
  })
}
