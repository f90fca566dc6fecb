import { Agent, get } from 'node:http'
import autocannon, { type Result } from 'autocannon'

export interface LatencyResult {
  /** the first request, before any warm-up: what a visitor gets when nothing is cached */
  coldMs: number
  p50Ms: number
  p99Ms: number
  requests: number
}

interface Response {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

function request(url: string, agent: Agent): Promise<Response> {
  return new Promise((ok, fail) => {
    get(url, { agent }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body }))
      res.on('error', fail)
    }).on('error', fail)
  })
}

/** The p-th percentile of ascending samples (nearest rank). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

export interface LatencyOptions {
  requests: number
  warmup?: number
  /** runs before every request, outside the timing */
  before?: () => Promise<void>
}

/**
 * One request after another over a keep-alive connection, timed from sending to the last byte. Any answer
 * but 200 stops the bench: a fast error is not a fast page.
 */
export async function sequentialLatency(url: string, { requests, warmup = 20, before }: LatencyOptions): Promise<LatencyResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const timed = async () => {
    await before?.()
    const started = performance.now()
    const res = await request(url, agent)
    const ms = performance.now() - started
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.body.slice(0, 200)}`)
    return ms
  }
  try {
    const coldMs = await timed()
    for (let i = 0; i < warmup; i++) await timed()
    const samples: number[] = []
    for (let i = 0; i < requests; i++) samples.push(await timed())
    samples.sort((a, b) => a - b)
    return { coldMs, p50Ms: percentile(samples, 50), p99Ms: percentile(samples, 99), requests }
  } finally {
    agent.destroy()
  }
}

export interface LoadOptions {
  connections: number
  durationS: number
  headers?: Record<string, string>
}

/** autocannon in a worker thread, so the load generator does not share the server's event loop. */
export function throughput(url: string, { connections, durationS, headers = {} }: LoadOptions): Promise<Result> {
  return new Promise((ok, fail) => {
    autocannon({ url, connections, duration: durationS, headers, workers: 1 }, (err, result) => (err ? fail(err) : ok(result)))
  })
}

/** The body and total of one page, to show what a scenario returned. */
export async function fetchOnce(url: string): Promise<{ status: number; total: string | undefined; items: number }> {
  const agent = new Agent({ keepAlive: false })
  const res = await request(url, agent)
  const total = res.headers['x-total-count']
  const parsed: unknown = res.status === 200 ? JSON.parse(res.body) : []
  return { status: res.status, total: typeof total === 'string' ? total : undefined, items: Array.isArray(parsed) ? parsed.length : 0 }
}
