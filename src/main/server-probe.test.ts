import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createServerProbe, PROBE_CACHE_MS, PROBE_TIMEOUT_MS, type ProbeFetch } from './server-probe'

const origin = 'http://localhost:3000'

describe('createServerProbe', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks the health check of the server and trusts a 2xx', async () => {
    const fetch = vi.fn<ProbeFetch>(async () => ({ ok: true }))
    await expect(createServerProbe(fetch).isReachable(origin)).resolves.toBe(true)
    expect(fetch).toHaveBeenCalledWith('http://localhost:3000/healthz', { signal: expect.any(AbortSignal) })
  })

  it('calls a server whose database is down (503) unreachable', async () => {
    await expect(createServerProbe(async () => ({ ok: false })).isReachable(origin)).resolves.toBe(false)
  })

  it('calls a refused connection unreachable', async () => {
    await expect(createServerProbe(() => Promise.reject(new TypeError('ECONNREFUSED'))).isReachable(origin)).resolves.toBe(false)
  })

  it('gives up on a server that does not answer in time, and aborts the request', async () => {
    let signal: AbortSignal | undefined
    const probe = createServerProbe((_url, init) => {
      signal = init.signal
      return new Promise(() => {})
    })
    const answer = probe.isReachable(origin)
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS - 1)
    expect(signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(answer).resolves.toBe(false)
    expect(signal?.aborted).toBe(true)
  })

  it('trusts a success for a few seconds, then asks again', async () => {
    const fetch = vi.fn<ProbeFetch>(async () => ({ ok: true }))
    const probe = createServerProbe(fetch)
    await probe.isReachable(origin)
    await vi.advanceTimersByTimeAsync(PROBE_CACHE_MS - 1)
    await expect(probe.isReachable(origin)).resolves.toBe(true)
    expect(fetch).toHaveBeenCalledOnce()
    await vi.advanceTimersByTimeAsync(1)
    await probe.isReachable(origin)
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('never remembers a failure, so Retry asks the server again at once', async () => {
    const fetch = vi.fn<ProbeFetch>().mockResolvedValueOnce({ ok: false }).mockResolvedValueOnce({ ok: true })
    const probe = createServerProbe(fetch)
    await expect(probe.isReachable(origin)).resolves.toBe(false)
    await expect(probe.isReachable(origin)).resolves.toBe(true)
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('shares one check between page loads that arrive together', async () => {
    let answer: (value: { ok: boolean }) => void = () => {}
    const fetch = vi.fn<ProbeFetch>(() => new Promise((resolve) => (answer = resolve)))
    const probe = createServerProbe(fetch)
    const first = probe.isReachable(origin)
    const second = probe.isReachable(origin)
    answer({ ok: true })
    await expect(Promise.all([first, second])).resolves.toEqual([true, true])
    expect(fetch).toHaveBeenCalledOnce()
  })

  it('does not carry a success over to another server address', async () => {
    const fetch = vi.fn<ProbeFetch>(async (url) => ({ ok: url.startsWith(origin) }))
    const probe = createServerProbe(fetch)
    await expect(probe.isReachable(origin)).resolves.toBe(true)
    await expect(probe.isReachable('https://handover.example')).resolves.toBe(false)
    expect(fetch).toHaveBeenLastCalledWith('https://handover.example/healthz', expect.anything())
  })
})
